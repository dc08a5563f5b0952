import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { seal } from '../../app/seal';
import { showToast } from '../../app/toast';
import { meKey, useMe } from '../../app/use-me';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { PasswordFields } from '../../shared/PasswordFields';
import { handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { TacSentNote } from '../../shared/TacSentNote';
import { moneyHoldKey } from '../wallet/money-hold';
import { accountApi } from './account.api';
import { CredentialChangeNote } from './CredentialChangeNote';
import {
  type TTransactionPasswordForm,
  transactionPasswordFields,
  transactionPasswordPlaces,
  ZTransactionPasswordForm,
} from './transaction-password.form';

const handled = handledBy(transactionPasswordPlaces);

/**
 * Set or change the transaction password (step-up, decision 42): the login password and a code sent to the
 * member, then the new value sealed twice. A member who forgot the old one uses the same page.
 */
export default function TransactionPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useMe();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TTransactionPasswordForm>({
    resolver: zodResolver(ZTransactionPasswordForm),
    defaultValues: { currentPassword: '', code: '', password: '', confirmPassword: '' },
  });

  const save = useMutation({
    mutationFn: async ({ currentPassword, code, password, confirmPassword }: TTransactionPasswordForm) => {
      // Two seals, two one-time nonces: the server compares the values only after unsealing both.
      const secret = await seal(password);
      const confirm = await seal(confirmPassword);
      return accountApi.setTransactionPassword({ currentPassword, code, secret, confirm }, handled);
    },
    onSuccess: async () => {
      showToast(t('transactionPassword.done'), { icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: moneyHoldKey });
      await queryClient.invalidateQueries({ queryKey: meKey });
      navigate(Routes.personal, { replace: true });
    },
    onError: (error) =>
      placeServerError(error, form.setError, transactionPasswordPlaces, transactionPasswordFields),
  });

  const sendCode = async () => {
    const sent = await accountApi.sendTransactionTac(handled);
    setSentTo(sent.destination);
    return sent.resendInSeconds;
  };

  const title = user?.hasTransactionPassword ? t('transactionPassword.change') : t('transactionPassword.set');
  return (
    <PageLayout title={title} backTo={Routes.personal}>
      <form
        className={styles.card}
        noValidate
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
        aria-label={title}
      >
        <p className={styles.hint}>{t('transactionPassword.hint')}</p>
        <FormField
          control={form.control}
          name="currentPassword"
          label={t('transactionPassword.loginPassword')}
          placeholder={t('transactionPassword.loginPasswordPlaceholder')}
          type="password"
          autoComplete="current-password"
        />
        <TacCodeField control={form.control} name="code" after={<CountdownButton onSend={sendCode} />} />
        <TacSentNote destination={sentTo} />
        <PasswordFields control={form.control} transaction />
        <CredentialChangeNote />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
