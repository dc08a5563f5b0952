import { ZForgotStart } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { handledBy, placeServerError } from '../../shared/server-errors';
import { TacSentNote } from '../../shared/TacSentNote';
import { authApi } from './auth.api';
import {
  type ForgotResetState,
  type ForgotStartValues,
  forgotResetHref,
  forgotStartPlaces,
} from './forgot.form';

/** Step one of a password reset: who is it, and send them a code. */
export default function ForgotStartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const form = useForm<ForgotStartValues>({
    resolver: zodResolver(ZForgotStart),
    defaultValues: { login: '' },
  });

  const sendCode = async (): Promise<number | undefined> => {
    if (!(await form.trigger('login'))) return undefined;
    try {
      const answer = await authApi.forgotStart(form.getValues('login').trim(), handledBy(forgotStartPlaces));
      setSent(true);
      setResendAt(Date.now() + answer.resendInSeconds * 1000);
      return answer.resendInSeconds;
    } catch (error) {
      placeServerError(error, form.setError, forgotStartPlaces, ['login']);
      throw error;
    }
  };

  const next = form.handleSubmit(({ login }) =>
    navigate(forgotResetHref(login.trim()), { state: { resendAt } satisfies ForgotResetState }),
  );
  return (
    <PageLayout title={t('forgot.title')} backTo={Routes.login}>
      <form className={styles.card} noValidate onSubmit={next} aria-label={t('forgot.title')}>
        <p className={styles.hint}>{t('forgot.startHint')}</p>
        <FormField
          control={form.control}
          name="login"
          label={t('login.login')}
          placeholder={t('login.loginPlaceholder')}
          autoComplete="username"
          after={<CountdownButton onSend={sendCode} />}
        />
        {sent ? <TacSentNote destination={null} text={t('forgot.sentIfExists')} /> : null}
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" disabled={!sent}>
            {t('common.continue')}
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
