import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

interface PasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** "New password" wording, for changing or resetting a password. */
  isNew?: boolean;
  /** The transaction password rather than the login password. */
  transaction?: boolean;
}

/**
 * A password typed twice. Forms name the two fields `password` and `confirmPassword`, as the shared schemas
 * do, so a mismatch (PASSWORD_MISMATCH) lands under the second one.
 */
export function PasswordFields<T extends FieldValues>({
  control,
  isNew,
  transaction,
}: PasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const kind = transaction ? 'transaction' : isNew ? 'new' : 'plain';
  return (
    <>
      <FormField
        control={control}
        name={'password' as FieldPath<T>}
        label={t(`password.${kind}.label`)}
        placeholder={t(`password.${kind}.placeholder`)}
        type="password"
        autoComplete={transaction ? 'off' : 'new-password'}
      />
      <FormField
        control={control}
        name={'confirmPassword' as FieldPath<T>}
        label={t(`password.${kind}.confirm`)}
        placeholder={t('password.confirmPlaceholder')}
        type="password"
        autoComplete={transaction ? 'off' : 'new-password'}
      />
    </>
  );
}
