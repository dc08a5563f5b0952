import { type TForgotReset, ZForgotReset } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { showToast } from '../../app/toast';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormAlert } from '../../shared/FormAlert';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { PasswordFields } from '../../shared/PasswordFields';
import { handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { authApi } from './auth.api';
import { forgotResetFields, forgotResetPlaces, forgotStartPlaces, secondsUntil } from './forgot.form';

/** Step two of a password reset: the code that was sent, and the new password twice. */
export default function ForgotResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const login = params.get('login')?.trim() ?? '';
  const form = useForm<TForgotReset>({
    resolver: zodResolver(ZForgotReset),
    defaultValues: { login, code: '', password: '', confirmPassword: '' },
  });

  const reset = useMutation({
    mutationFn: (body: TForgotReset) => authApi.forgotReset(body, handledBy(forgotResetPlaces)),
    onSuccess: () => {
      showToast(t('forgot.done'), { icon: 'success' });
      navigate(Routes.login, { replace: true });
    },
    onError: (error) => placeServerError(error, form.setError, forgotResetPlaces, forgotResetFields),
  });

  const resend = async () => (await authApi.forgotStart(login, handledBy(forgotStartPlaces))).resendInSeconds;

  return (
    <PageLayout title={t('forgot.title')} backTo="/pages/forgotpassword/forgotpassword1">
      <form
        className={styles.card}
        noValidate
        onSubmit={form.handleSubmit((values) => reset.mutate(values))}
        aria-label={t('forgot.title')}
      >
        {login ? (
          <p className={styles.hint}>{t('forgot.resetFor', { login })}</p>
        ) : (
          <p className={styles.hint}>
            {t('forgot.noLogin')}{' '}
            <Link to="/pages/forgotpassword/forgotpassword1">{t('forgot.restart')}</Link>
          </p>
        )}
        <TacCodeField
          control={form.control}
          name="code"
          after={
            login ? <CountdownButton onSend={resend} initialSeconds={secondsUntil(location.state)} /> : null
          }
        />
        <PasswordFields control={form.control} isNew />
        <FormAlert
          code={form.formState.errors.root?.server?.message ?? form.formState.errors.login?.message}
        />
        <div className={styles.actions}>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={reset.isPending}
            disabled={!login}
          >
            {t('forgot.submit')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
