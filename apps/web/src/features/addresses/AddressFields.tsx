import { KycCountries } from '@app/contracts';
import Switch from 'antd-mobile/es/components/switch';
import { useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/i18n';
import { FormField } from '../../shared/FormField';
import { countryName, TelPrefixSelect } from '../auth/ContactFields';
import styles from './AddNewAddressPage.module.css';
import type { AddressValues } from './address.form';

/** Everything of an address but its map point: who to reach, and where. */
export function AddressFields({
  form,
  lockDefault,
}: {
  form: UseFormReturn<AddressValues>;
  lockDefault: boolean;
}) {
  const { t } = useTranslation();
  const { control, register } = form;
  const language = currentLanguage();
  // Country names in the member's language, sorted as they read them.
  const countries = useMemo(
    () =>
      KycCountries.map((iso) => ({ iso, name: countryName(iso, iso) })).sort((a, b) =>
        a.name.localeCompare(b.name, language),
      ),
    [language],
  );
  return (
    <>
      <FormField
        control={control}
        name="name"
        label={t('profile.address.name')}
        autoComplete="name"
        maxLength={100}
      />
      <FormField
        control={control}
        name="phone"
        label={t('profile.address.phone')}
        placeholder={t('register.mobilePlaceholder')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        before={<TelPrefixSelect {...register('phonePrefix')} />}
      />
      <FormField
        control={control}
        name="line1"
        label={t('profile.address.line1')}
        autoComplete="address-line1"
        maxLength={200}
      />
      <FormField
        control={control}
        name="line2"
        label={t('profile.address.line2')}
        placeholder={t('profile.address.optional')}
        autoComplete="address-line2"
        maxLength={200}
      />
      <div className={styles.pair}>
        <FormField
          control={control}
          name="city"
          label={t('profile.address.city')}
          autoComplete="address-level2"
        />
        <FormField
          control={control}
          name="postcode"
          label={t('profile.address.postcode')}
          autoComplete="postal-code"
          maxLength={12}
        />
      </div>
      <FormField
        control={control}
        name="state"
        label={t('profile.address.state')}
        placeholder={t('profile.address.optional')}
        autoComplete="address-level1"
      />
      <FormField
        control={control}
        name="country"
        label={t('profile.address.country')}
        render={(field) => (
          <select
            className={styles.select}
            aria-label={t('profile.address.country')}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
          >
            {countries.map((country) => (
              <option key={country.iso} value={country.iso}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      />
      <FormField
        control={control}
        name="isDefault"
        label={t('profile.address.makeDefault')}
        render={(field) => (
          <div className={styles.switchRow}>
            <Switch
              checked={field.value === true}
              disabled={lockDefault}
              onChange={(checked) => field.onChange(checked)}
              aria-label={t('profile.address.makeDefault')}
            />
            {lockDefault ? <small>{t('profile.address.defaultLocked')}</small> : null}
          </div>
        )}
      />
    </>
  );
}
