import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../shared/FormField';

/** The 6-digit authenticator (TOTP) code field of the staff step-up dialog and the enrolment page. */
export function TotpCodeField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={name}
      label={t('staff.login.code')}
      placeholder={t('staff.login.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
    />
  );
}
