import { type TChangePassword, ZChangePassword } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { PasswordFields } from '../../shared/PasswordFields';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { accountApi } from './account.api';

const places: ErrorPlaces<TChangePassword> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
};
const fieldNames = ['currentPassword', 'password', 'confirmPassword'];
const empty: TChangePassword = { currentPassword: '', password: '', confirmPassword: '' };

/** Change the login password; the server then ends this member's other sessions. */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const form = useForm<TChangePassword>({ resolver: zodResolver(ZChangePassword), defaultValues: empty });
  const change = useMutation({
    mutationFn: (body: TChangePassword) => accountApi.changePassword(body, handledBy(places)),
    onSuccess: () => {
      showToast(t('loginPassword.done'), { icon: 'success' });
      form.reset(empty);
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

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
        <PasswordFields control={form.control} isNew />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={change.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
