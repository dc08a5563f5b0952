import { type TChangePassword, ZChangePassword } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { PasswordFields } from '../../shared/PasswordFields';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { moneyHoldKey } from '../wallet/money-hold';
import { accountApi } from './account.api';
import { CredentialChangeNote } from './CredentialChangeNote';

const places: ErrorPlaces<TChangePassword> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
  CONTACT_MISSING: 'root',
};
const fieldNames = ['currentPassword', 'code', 'password', 'confirmPassword'];
const empty: TChangePassword = { currentPassword: '', code: '', password: '', confirmPassword: '' };

/**
 * Change the login password (step-up, decision 42): the current password and a code sent to the member's
 * registered contact; the server then ends the other sessions and holds money leaving for a while.
 */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TChangePassword>({ resolver: zodResolver(ZChangePassword), defaultValues: empty });
  const change = useMutation({
    mutationFn: (body: TChangePassword) => accountApi.changePassword(body, handledBy(places)),
    onSuccess: () => {
      showToast(t('loginPassword.done'), { icon: 'success' });
      form.reset(empty);
      setSentTo(null);
      void queryClient.invalidateQueries({ queryKey: moneyHoldKey });
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const sendCode = async () => {
    const sent = await accountApi.sendLoginPasswordTac(handledBy(places));
    setSentTo(sent.destination);
    return sent.resendInSeconds;
  };

  return (
    <PageLayout title={t('personal.menu.loginPassword')} backTo={Routes.personal}>
      <form
        className={styles.card}
        noValidate
        onSubmit={form.handleSubmit((values) => change.mutate(values))}
        aria-label={t('personal.menu.loginPassword')}
      >
        <p className={styles.hint}>{t('loginPassword.hint')}</p>
        <FormField
          control={form.control}
          name="currentPassword"
          label={t('loginPassword.current')}
          placeholder={t('loginPassword.currentPlaceholder')}
          type="password"
          autoComplete="current-password"
        />
        <TacCodeField control={form.control} name="code" after={<CountdownButton onSend={sendCode} />} />
        <TacSentNote destination={sentTo} />
        <PasswordFields control={form.control} isNew />
        <CredentialChangeNote />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={change.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
