import { ZTotpEnrolmentConfirm } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Result from 'antd-mobile/es/components/result';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Routes } from '../../app/navigation';
import { session } from '../../app/session';
import { showToast } from '../../app/toast';
import { copyText } from '../../shared/copy-text';
import { FormAlert } from '../../shared/FormAlert';
import { PageLayout } from '../../shared/PageLayout';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AdminPaths } from '../admin/admin-paths';
import { authApi } from '../auth/auth.api';
import { staffApi, staffKeys } from './staff.api';
import { TotpCodeField } from './TotpCodeField';
import styles from './TotpEnrolPage.module.css';

interface CodeValues {
  code: string;
}
const places: ErrorPlaces<CodeValues> = {
  TOTP_INVALID: 'code',
  TOTP_LOCKED: 'root',
  TOTP_ALREADY_ENROLLED: 'root',
};

/** The secret in groups of four, as authenticator apps show typed keys. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Staff enrol their second factor (decision 45): a QR code of the otpauth:// URI (and the secret as text),
 * the first code to prove the app has it, then the ten recovery codes, shown this once. Until then the
 * session can open nothing else.
 */
export default function TotpEnrolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const status = useQuery({ queryKey: staffKeys.totp, queryFn: ({ signal }) => staffApi.totpStatus(signal) });
  // A POST that makes a new secret: asked once per visit, never again on a refocus (that would replace the
  // secret just scanned).
  const enrolment = useQuery({
    queryKey: [...staffKeys.totp, 'enrolment'],
    queryFn: () => staffApi.startEnrolment(),
    enabled: status.data?.enrolled === false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const form = useForm<CodeValues>({
    resolver: zodResolver(ZTotpEnrolmentConfirm),
    defaultValues: { code: '' },
  });
  const confirm = useMutation({
    mutationFn: ({ code }: CodeValues) =>
      staffApi.confirmEnrolment(code.trim(), { handled: handledBy(places) }),
    onSuccess: ({ recoveryCodes: codes }) => setRecoveryCodes(codes),
    onError: (error) => placeServerError(error, form.setError, places, ['code']),
  });
  const logout = useMutation({
    mutationFn: () => authApi.logout(),
    onSettled: () => {
      session.signOut();
      queryClient.clear();
      navigate(Routes.login, { replace: true });
    },
  });

  const done = () => {
    queryClient.clear();
    navigate(AdminPaths.root, { replace: true });
  };

  let body: ReactNode;
  if (recoveryCodes) {
    body = (
      <section className={styles.card} aria-label={t('staff.enrol.recoveryTitle')}>
        <Result status="success" title={t('staff.enrol.doneTitle')} />
        <h2 className={styles.heading}>{t('staff.enrol.recoveryTitle')}</h2>
        <p className={styles.hint}>{t('staff.enrol.recoveryHint')}</p>
        <ol className={styles.codes} data-testid="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <Button
            block
            fill="outline"
            color="primary"
            onClick={async () => {
              if (await copyText(recoveryCodes.join('\n'))) showToast(t('staff.enrol.copied'));
            }}
          >
            {t('staff.enrol.copy')}
          </Button>
          <Button block color="primary" size="large" onClick={done}>
            {t('staff.enrol.continue')}
          </Button>
        </div>
      </section>
    );
  } else if (status.data?.enrolled) {
    body = (
      <section className={styles.card}>
        <Result
          status="success"
          title={t('staff.enrol.alreadyTitle')}
          description={t('staff.enrol.already')}
        />
        <Button block color="primary" size="large" onClick={done}>
          {t('staff.enrol.continue')}
        </Button>
      </section>
    );
  } else {
    const data = enrolment.data;
    body = (
      <form
        className={styles.card}
        noValidate
        aria-label={t('staff.enrol.title')}
        onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
      >
        <p className={styles.hint}>{t('staff.enrol.lead')}</p>
        <h2 className={styles.heading}>{t('staff.enrol.step1')}</h2>
        <div className={styles.qr} data-testid="totp-qr">
          {data ? (
            <QRCodeSVG value={data.otpauthUri} size={184} marginSize={2} title={t('staff.enrol.qrTitle')} />
          ) : (
            <span className={styles.placeholder}>{t('admin.table.loading')}</span>
          )}
        </div>
        <p className={styles.hint}>{t('staff.enrol.typeInstead')}</p>
        <code className={styles.secret} data-testid="totp-secret">
          {data ? grouped(data.secret) : '…'}
        </code>
        <h2 className={styles.heading}>{t('staff.enrol.step2')}</h2>
        <TotpCodeField control={form.control} name="code" />
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={styles.actions}>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={confirm.isPending}
            disabled={!data}
          >
            {t('staff.enrol.submit')}
          </Button>
          <Button block fill="none" onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('staff.enrol.logout')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <PageLayout title={t('staff.enrol.title')} backTo={Routes.login}>
      <div className={styles.page}>{body}</div>
    </PageLayout>
  );
}
