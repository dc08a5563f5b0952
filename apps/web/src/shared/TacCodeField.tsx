import { Limits } from '@app/contracts';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

/** The 6-digit verification (TAC) code field of every form that asks for one. */
export function TacCodeField<T extends FieldValues>({
  control,
  name,
  after,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  /** Where the code was sent, when a form asks for two codes; else "Verification code". */
  label?: string;
  /** The send or resend button on the same line, where the form offers one. */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={name}
      label={label ?? t('tac.code')}
      placeholder={t('tac.codePlaceholder')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={Limits.tacLength}
      after={after}
    />
  );
}
