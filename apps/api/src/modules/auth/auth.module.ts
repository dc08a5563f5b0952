import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PreparedStatements } from '../../db/prepared-statements';
import { deriveKey, type RsaKeyPair } from '../../platform/keys';
import type { MessageSender } from '../../platform/mail';
import type { AppModule, ServiceLog } from '../../platform/module';
import type { SecretBox } from '../../platform/secret-box';
import type { KycService } from '../kyc/kyc.service';
import type { MembersRepository } from '../members/members.repository';
import type { NotificationService } from '../notifications/notifications.service';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createCredentialChanges } from './credential-changes';
import { createLoginThrottle } from './login-throttle';
import { createMoneyHolds } from './money-holds.service';
import { createSealedService } from './sealed.service';
import { securityRoutes } from './security.routes';
import { createSecurityEventsService } from './security-events.service';
import { createSessionService } from './session.service';
import { staffMfaRoutes } from './staff-mfa.routes';
import { createStaffMfa, TOTP_ISSUER } from './staff-mfa.service';
import { createTacService } from './tac.service';
import { createTransactionPasswordGuard } from './transaction-password-guard';

/** Sessions, logins, codes (TAC, TOTP), sealed secrets, credential changes and the money holds they start. */
export function createAuthModule(deps: {
  db: Db;
  config: Config;
  masterKey: Buffer;
  rsa: RsaKeyPair;
  box: SecretBox;
  email: MessageSender;
  sms: MessageSender;
  members: MembersRepository;
  notifications: Pick<NotificationService, 'notify'>;
  kyc: Pick<KycService, 'statusColumn'>;
  log: ServiceLog;
  /** The clock of TOTP time steps (ms); default Date.now. */
  totpNow?: () => number;
  /** Where the session cache listens for revocations (a connection of its own, opened on first use). */
  databaseUrl: string;
  /** The sessions' clock (ms: touches, the cache); default Date.now. */
  sessionNow?: () => number;
  /** The pool's prepared statements: the revocation listener also hears schema changes (decision 76). */
  statements?: PreparedStatements;
}) {
  const { db, config, log } = deps;
  const sessions = createSessionService(db, {
    absoluteDays: config.SESSION_ABSOLUTE_DAYS,
    cache: {
      seconds: config.SESSION_CACHE_SECONDS,
      databaseUrl: deps.databaseUrl,
      onError: (error) => log.warn({ error: error.message }, 'session cache: revocation listener failed'),
      ...(deps.statements ? { onSchemaChanged: deps.statements.schemaChanged } : {}),
    },
    ...(deps.sessionNow ? { now: deps.sessionNow } : {}),
  });
  const sealed = createSealedService({ db, rsa: deps.rsa });
  const tac = createTacService({
    db,
    hmacKey: deriveKey(deps.masterKey, 'tac'),
    email: deps.email,
    sms: deps.sms,
    dailyCap: config.TAC_DAILY_CAP,
  });
  const loginThrottle = createLoginThrottle({ db });
  const mfa = createStaffMfa({
    db,
    box: deps.box,
    sessions,
    recoveryKey: deriveKey(deps.masterKey, 'staff-recovery-codes'),
    stepUpMinutes: config.ADMIN_STEP_UP_MINUTES,
    issuer: TOTP_ISSUER,
    ...(deps.totpNow ? { now: deps.totpNow } : {}),
  });
  // Decision 42: a credential change holds money leaving the member; wrong transaction passwords lock.
  const holds = createMoneyHolds({ db, hours: config.SECURITY_HOLD_HOURS });
  const credentialChanges = createCredentialChanges({
    db,
    sessions,
    holds,
    notify: deps.notifications.notify,
    email: deps.email,
    sms: deps.sms,
    log,
  });
  const auth = createAuthService({
    db,
    members: deps.members,
    kycStatus: deps.kyc.statusColumn,
    sessions,
    tac,
    sealed,
    holds,
    guard: createTransactionPasswordGuard({
      db,
      notify: deps.notifications.notify,
      maxFailures: config.TX_PASSWORD_MAX_FAILURES,
      windowMinutes: config.TX_PASSWORD_FAILURE_WINDOW_MINUTES,
      lockMinutes: config.TX_PASSWORD_LOCK_MINUTES,
    }),
    changes: credentialChanges,
    throttle: loginThrottle,
    mfa,
    log,
  });
  const securityEvents = createSecurityEventsService(db);
  return {
    auth,
    sessions,
    sealed,
    tac,
    loginThrottle,
    mfa,
    holds,
    credentialChanges,
    routes: async (app) => {
      await app.register(authRoutes, {
        auth,
        sessions,
        sealed,
        authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
      });
      await app.register(securityRoutes, { sessions, securityEvents });
      await app.register(staffMfaRoutes, {
        mfa,
        members: deps.members,
        codeRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
      });
    },
    // Codes still on their way (forgot password, login unlock) are sent before the database goes.
    onClose: async () => {
      await auth.settle();
      await sessions.close();
    },
  } satisfies AppModule;
}

export type AuthModule = ReturnType<typeof createAuthModule>;
