import { type TLogin, type TLoginResult, ZRecoveryCode, ZTotpCode } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../app/api-error';
import { Routes } from '../../app/navigation';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { authApi } from '../auth/auth.api';
import own from './TotpLoginStep.module.css';

interface CodeValues {
  code: string;
}

const codeSchema = z.object({ code: ZTotpCode });
const recoverySchema = z.object({ code: ZRecoveryCode });
const places: ErrorPlaces<CodeValues> = {
  TOTP_INVALID: 'code',
  TOTP_CODE_USED: 'code',
  TOTP_LOCKED: 'root',
  LOGIN_FAILED: 'root',
  ACCOUNT_LOCKED: 'root',
};

/**
 * The staff login's second step (decision 45): the password was right and the server asked for a code
 * (TOTP_REQUIRED). The code, or one of the recovery codes, is sent again with the password.
 */
export function TotpLoginStep({
  credentials,
  onSignedIn,
  onBack,
}: {
  credentials: Pick<TLogin, 'login' | 'password'>;
  onSignedIn: (result: TLoginResult) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  const [lockedMinutes, setLockedMinutes] = useState<number | null>(null);
  const form = useForm<CodeValues>({
    resolver: zodResolver(recovery ? recoverySchema : codeSchema),
    defaultValues: { code: '' },
  });
  const send = useMutation({
    mutationFn: ({ code }: CodeValues) =>
      authApi.login(
        { ...credentials, ...(recovery ? { recoveryCode: code } : { code: code.trim() }) },
        handledBy(places),
      ),
    onSuccess: onSignedIn,
    onError: (error) => {
      const seconds = isApiError(error) ? Number(error.details.retryAfterSeconds) : Number.NaN;
      setLockedMinutes(Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : null);
      placeServerError(error, form.setError, places, ['code']);
    },
  });
  const rootCode = form.formState.errors.root?.server?.message;

  return (
    <PageLayout title={t('staff.login.title')} backTo={Routes.intro}>
      <form
        className={styles.card}
        noValidate
        aria-label={t('staff.login.title')}
        onSubmit={form.handleSubmit((values) => send.mutate(values))}
      >
        <p className={styles.hint}>{t(recovery ? 'staff.login.recoveryHint' : 'staff.login.hint')}</p>
        <FormField
          control={form.control}
          name="code"
          label={t(recovery ? 'staff.login.recoveryCode' : 'staff.login.code')}
          placeholder={t(recovery ? 'staff.login.recoveryPlaceholder' : 'staff.login.codePlaceholder')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recovery ? 24 : 6}
        />
        <FormAlert
          code={rootCode}
          extra={
            rootCode?.endsWith('LOCKED') && lockedMinutes
              ? t('login.lockedFor', { minutes: lockedMinutes })
              : undefined
          }
        />
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" loading={send.isPending}>
            {t('staff.login.submit')}
          </Button>
        </div>
        <div className={styles.links}>
          <button
            type="button"
            className={own.linkButton}
            onClick={() => {
              form.reset({ code: '' });
              setRecovery(!recovery);
            }}
          >
            {t(recovery ? 'staff.login.useApp' : 'staff.login.useRecovery')}
          </button>
          <button type="button" className={own.linkButton} onClick={onBack}>
            {t('staff.login.back')}
          </button>
        </div>
      </form>
    </PageLayout>
  );
}
