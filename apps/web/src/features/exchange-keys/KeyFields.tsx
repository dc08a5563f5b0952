import { needsPassphrase, type TKeyExchange } from '@app/contracts';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '../../shared/FormField';
import type { ZKeyFields } from './key-form';

type KeyValues = z.infer<typeof ZKeyFields>;

/**
 * The API key, the secret and (where the exchange has one) the passphrase of an exchange key, as the
 * member's binding and the admin's sub-account assignment both ask for them. `control` is the form's: any
 * form whose values include `ZKeyFields`.
 */
export function KeyFields<T extends KeyValues>({
  control,
  exchange,
  secretAutoComplete,
}: {
  control: Control<T>;
  exchange: TKeyExchange;
  /** 'new-password' where a password manager should not offer the admin's own login. */
  secretAutoComplete: 'off' | 'new-password';
}) {
  const { t } = useTranslation();
  // The fields are named as in ZKeyFields, which T includes; react-hook-form cannot see that through T.
  const keyControl = control as unknown as Control<KeyValues>;
  return (
    <>
      <FormField
        control={keyControl}
        name="apiKey"
        label={t('exchangeKeys.apiKey')}
        placeholder={t('exchangeKeys.apiKeyPlaceholder')}
        autoComplete="off"
        maxLength={256}
      />
      <FormField
        control={keyControl}
        name="secret"
        type="password"
        label={t('exchangeKeys.secret')}
        placeholder={t('exchangeKeys.secretPlaceholder')}
        autoComplete={secretAutoComplete}
        maxLength={512}
      />
      {needsPassphrase(exchange) ? (
        <FormField
          control={keyControl}
          name="passphrase"
          type="password"
          label={t('exchangeKeys.passphrase')}
          autoComplete={secretAutoComplete}
          maxLength={256}
        />
      ) : null}
    </>
  );
}
