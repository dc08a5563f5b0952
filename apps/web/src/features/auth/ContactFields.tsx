import { AuthEndpoints, type ZContact } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Radio from 'antd-mobile/es/components/radio';
import Space from 'antd-mobile/es/components/space';
import { forwardRef } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api';
import { currentLanguage } from '../../app/i18n';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormField } from '../../shared/FormField';
import styles from './ContactFields.module.css';

/** Any form that holds a `contact`: sign-up, and the profile's change of email or mobile. */
export interface WithContact {
  contact: z.input<typeof ZContact>;
}

interface ContactFieldsProps<T extends WithContact> {
  form: UseFormReturn<T>;
  /** Sends the code to the contact typed; resolves to the seconds before a resend. */
  onSendCode: () => Promise<number | undefined>;
}

export function useTelPrefixes() {
  return useQuery({
    queryKey: ['tel-prefixes'],
    queryFn: ({ signal }) => api.call(AuthEndpoints.telPrefixes, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Country names in the member's language where the browser knows them, else the server's English. */
export function countryName(iso: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage()], { type: 'region' }).of(iso) ?? fallback;
  } catch {
    return fallback;
  }
}

/** The country prefix of a phone number; spread a react-hook-form `register(...)` into it. */
export const TelPrefixSelect = forwardRef<HTMLSelectElement, Omit<UseFormRegisterReturn, 'ref'>>(
  function TelPrefixSelect(registered, ref) {
    const { t } = useTranslation();
    const prefixes = useTelPrefixes().data?.items ?? [];
    return (
      <select className={styles.prefix} aria-label={t('register.prefix')} ref={ref} {...registered}>
        {prefixes.map((item) => (
          <option key={item.iso} value={item.prefix}>
            {`${item.prefix} ${countryName(item.iso, item.country)}`}
          </option>
        ))}
      </select>
    );
  },
);

/** Where the verification code goes: an email address, or a mobile number with its country prefix. */
export function ContactFields<T extends WithContact>({ form, onSendCode }: ContactFieldsProps<T>) {
  const { t } = useTranslation();
  // react-hook-form cannot follow field paths through a generic form: use it as the contact part it holds.
  const { control, watch, setValue, register } = form as unknown as UseFormReturn<WithContact>;
  const prefixes = useTelPrefixes().data?.items ?? [];
  const channel = watch('contact.channel');
  const sendButton = <CountdownButton onSend={onSendCode} />;

  return (
    <>
      <FormField
        control={control}
        name="contact.channel"
        label={t('register.channel')}
        render={(field) => (
          <Radio.Group
            value={field.value}
            onChange={(value) =>
              // The two channels have different fields: swap the whole contact, not just its tag.
              setValue(
                'contact',
                value === 'mobile'
                  ? { channel: 'mobile', prefix: prefixes[0]?.prefix ?? '+60', mobile: '' }
                  : { channel: 'email', email: '' },
              )
            }
          >
            <Space>
              <Radio value="email">{t('register.byEmail')}</Radio>
              <Radio value="mobile">{t('register.byMobile')}</Radio>
            </Space>
          </Radio.Group>
        )}
      />
      {channel === 'mobile' ? (
        <FormField
          control={control}
          name="contact.mobile"
          label={t('register.mobile')}
          placeholder={t('register.mobilePlaceholder')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          before={<TelPrefixSelect {...register('contact.prefix')} />}
          after={sendButton}
        />
      ) : (
        <FormField
          control={control}
          name="contact.email"
          label={t('register.email')}
          placeholder={t('register.emailPlaceholder')}
          type="email"
          inputMode="email"
          autoComplete="email"
          after={sendButton}
        />
      )}
    </>
  );
}
