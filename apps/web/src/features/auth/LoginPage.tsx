import type { TLogin, TLoginResult } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../app/api-error';
import { allTextsReady } from '../../app/i18n';
import { loadOnUse } from '../../app/load-on-use';
import { meKey } from '../../app/me-key';
import { Routes, safeReturnPath } from '../../app/navigation';
import { session } from '../../app/session';
import { CountdownButton } from '../../shared/CountdownButton';
import { FormAlert } from '../../shared/FormAlert';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { PageLayout } from '../../shared/PageLayout';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { TacCodeField } from '../../shared/TacCodeField';
import { whenUserEngages } from '../../shared/use-page-idle';
import { AdminPaths } from '../admin/admin-paths';
import type { TLoginForm } from './login.form';

/**
 * zod, the contracts' schemas and the API client are not needed to draw the form, only to check and send
 * it: they load after its first paint (fetched at the visitor's first touch, key or focus, §92, so a submit
 * does not wait for them), and the form is on screen without them (issue 19, §89). Before, the form waited for 13 files and 52 KB
 * brotli; now 5 and 20.
 */
const loadChecks = loadOnUse(() => import('./login.form'));
const loadAuthApi = loadOnUse(() => import('./auth.api').then((module) => module.authApi));
/** With the unlock code sent: the note asks for the platform's contact details (app info, its schemas). */
const loadSentNote = loadOnUse(() => import('../../shared/TacSentNote').then((module) => module.TacSentNote));
/** Staff only, once the server has asked for the second factor. */
const loadCodeStep = loadOnUse(() => import('../staff/TotpLoginStep').then((module) => module.TotpLoginStep));
type CodeStep = Awaited<ReturnType<typeof loadCodeStep>>;
type SentNote = Awaited<ReturnType<typeof loadSentNote>>;

const resolver: Resolver<TLoginForm> = async (values, context, options) => {
  try {
    // Its messages are texts of the `errors` section, which the entry does not hold (first-view-texts.ts).
    const [checks] = await Promise.all([loadChecks(), allTextsReady()]);
    return checks.loginFormResolver(values, context, options);
  } catch {
    // Offline before the checks or the rest of the texts came: said on the form (its text is one of the
    // first view's), which needs no chunk; a silent stop left the button doing nothing.
    return { values: {}, errors: { root: { server: { type: 'network', message: 'NETWORK_ERROR' } } } };
  }
};

const places: ErrorPlaces<TLoginForm> = {
  LOGIN_FAILED: 'root',
  LOGIN_THROTTLED: 'root',
  LOGIN_UNLOCK_REQUIRED: 'root',
  ACCOUNT_LOCKED: 'root',
  TAC_INVALID: 'unlockCode',
  TAC_EXPIRED: 'unlockCode',
  TAC_TOO_MANY_ATTEMPTS: 'unlockCode',
};
const fieldNames = ['login', 'password', 'unlockCode'];

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  /** How long the server asks to wait before the next try, when it does. */
  const [waitSeconds, setWaitSeconds] = useState<number | null>(null);
  /** Past the account's ceiling: this device needs an unlock code from the member's contact. */
  const [needsUnlock, setNeedsUnlock] = useState(false);
  const [unlockSent, setUnlockSent] = useState(false);
  const [SentNoteView, setSentNoteView] = useState<SentNote | null>(null);
  const [resendIn, setResendIn] = useState(0);
  // Staff: the password was right and a second factor is asked for (decision 45).
  const [codeStep, setCodeStep] = useState<TLogin | null>(null);
  const [CodeStepForm, setCodeStepForm] = useState<CodeStep | null>(null);
  useEffect(
    () =>
      whenUserEngages(() => {
        void loadChecks();
        void loadAuthApi();
        // A server error's text, the unlock step's, and the page a sign-in leads to need the other sections.
        void allTextsReady().catch(() => {});
      }),
    [],
  );
  const form = useForm<TLoginForm>({
    resolver,
    defaultValues: { login: '', password: '', unlockCode: '' },
  });

  const signedIn = ({ user, totpEnrolment }: TLoginResult) => {
    session.signIn(user);
    queryClient.setQueryData(meKey, user);
    navigate(totpEnrolment ? AdminPaths.enrol : safeReturnPath(params.get('redirect')), { replace: true });
  };

  const login = useMutation({
    mutationFn: async ({ unlockCode, ...body }: TLoginForm) => {
      const [authApi] = await Promise.all([loadAuthApi(), allTextsReady()]);
      if (needsUnlock && unlockCode) {
        await authApi.loginUnlock({ login: body.login, code: unlockCode }, handledBy(places));
        // This device may now try the password: the code is used up.
        setNeedsUnlock(false);
        setUnlockSent(false);
        form.setValue('unlockCode', '');
      }
      return authApi.login(body, [...handledBy(places), 'TOTP_REQUIRED']);
    },
    onSuccess: signedIn,
    onError: (error, { unlockCode: _unlockCode, ...body }) => {
      if (isApiError(error) && error.code === 'TOTP_REQUIRED') {
        // The step's code first, so the password form stays until the step can be drawn.
        void loadCodeStep().then(
          (step) => {
            setCodeStepForm(() => step);
            setCodeStep(body);
          },
          () => {},
        );
        return;
      }
      const seconds = isApiError(error) ? Number(error.details.retryAfterSeconds) : Number.NaN;
      const code = isApiError(error) ? error.code : '';
      setWaitSeconds(
        code !== 'LOGIN_UNLOCK_REQUIRED' && Number.isFinite(seconds) && seconds > 0 ? seconds : null,
      );
      if (code === 'LOGIN_UNLOCK_REQUIRED') setNeedsUnlock(true);
      placeServerError(error, form.setError, places, fieldNames);
    },
  });

  const sendUnlock = async (): Promise<number | undefined> => {
    if (!(await form.trigger('login'))) return undefined;
    const authApi = await loadAuthApi();
    const [answer, note] = await Promise.all([
      authApi.loginUnlockStart(form.getValues('login').trim(), handledBy(places)),
      loadSentNote(),
    ]);
    setSentNoteView(() => note);
    setUnlockSent(true);
    setResendIn(answer.resendInSeconds);
    return answer.resendInSeconds;
  };

  const rootCode = form.formState.errors.root?.server?.message;
  const wait =
    waitSeconds === null
      ? undefined
      : waitSeconds < 120
        ? t('login.retryInSeconds', { seconds: waitSeconds })
        : t('login.lockedFor', { minutes: Math.ceil(waitSeconds / 60) });
  if (codeStep && CodeStepForm)
    return <CodeStepForm credentials={codeStep} onSignedIn={signedIn} onBack={() => setCodeStep(null)} />;
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
        <FormAlert code={rootCode} extra={rootCode === 'LOGIN_UNLOCK_REQUIRED' ? undefined : wait} />
        {needsUnlock ? (
          <div data-testid="login-unlock">
            <p className={styles.hint}>{t('login.unlockHint')}</p>
            {unlockSent && SentNoteView ? (
              <>
                <TacCodeField
                  control={form.control}
                  name="unlockCode"
                  after={<CountdownButton onSend={sendUnlock} initialSeconds={resendIn} />}
                />
                <SentNoteView destination={null} text={t('login.unlockSent')} />
              </>
            ) : (
              <Button block color="primary" fill="outline" onClick={() => void sendUnlock().catch(() => {})}>
                {t('login.sendUnlock')}
              </Button>
            )}
          </div>
        ) : null}
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
