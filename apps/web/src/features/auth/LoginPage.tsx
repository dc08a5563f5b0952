import { type TLogin, type TLoginResult, ZLogin } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { Routes, safeReturnPath } from '../../app/navigation';
import { session } from '../../app/session';
import { meKey } from '../../app/use-me';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AdminPaths } from '../admin/admin-paths';
import { TotpLoginStep } from '../staff/TotpLoginStep';
import { authApi } from './auth.api';

const places: ErrorPlaces<TLogin> = { LOGIN_FAILED: 'root', ACCOUNT_LOCKED: 'root' };
const fieldNames = ['login', 'password'];

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [lockedMinutes, setLockedMinutes] = useState<number | null>(null);
  const form = useForm<TLogin>({ resolver: zodResolver(ZLogin), defaultValues: { login: '', password: '' } });
  // Staff: the password was right and a second factor is asked for (decision 45).
  const [codeStep, setCodeStep] = useState<TLogin | null>(null);

  const signedIn = ({ user, totpEnrolment }: TLoginResult) => {
    session.signIn(user);
    queryClient.setQueryData(meKey, user);
    navigate(totpEnrolment ? AdminPaths.enrol : safeReturnPath(params.get('redirect')), { replace: true });
  };

  const login = useMutation({
    mutationFn: (body: TLogin) => authApi.login(body, [...handledBy(places), 'TOTP_REQUIRED']),
    onSuccess: signedIn,
    onError: (error, body) => {
      if (isApiError(error) && error.code === 'TOTP_REQUIRED') return setCodeStep(body);
      const seconds = isApiError(error) ? Number(error.details.retryAfterSeconds) : Number.NaN;
      setLockedMinutes(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : null);
      placeServerError(error, form.setError, places, fieldNames);
    },
  });

  const rootCode = form.formState.errors.root?.server?.message;
  if (codeStep)
    return <TotpLoginStep credentials={codeStep} onSignedIn={signedIn} onBack={() => setCodeStep(null)} />;
  return (
    <PageLayout title={t('login.title')} backTo={Routes.intro}>
      <form
        className={styles.card}
        noValidate
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
        aria-label={t('login.title')}
      >
        <FormField
          control={form.control}
          name="login"
          label={t('login.login')}
          placeholder={t('login.loginPlaceholder')}
          autoComplete="username"
        />
        <FormField
          control={form.control}
          name="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          type="password"
          autoComplete="current-password"
        />
        <FormAlert
          code={rootCode}
          extra={
            rootCode === 'ACCOUNT_LOCKED' && lockedMinutes
              ? t('login.lockedFor', { minutes: lockedMinutes })
              : undefined
          }
        />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </div>
        <div className={styles.links}>
          <Link to="/pages/forgotpassword/forgotpassword1">{t('login.forgot')}</Link>
          <Link to="/pages/register/register">{t('login.signUp')}</Link>
        </div>
      </form>
    </PageLayout>
  );
}
