import { resolve } from 'node:path';
import { Paths } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/database';
import { adminRoutes } from './modules/admin/admin.routes';
import { appRoutes } from './modules/app/app.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createCredentialChanges } from './modules/auth/credential-changes';
import { createLoginThrottle } from './modules/auth/login-throttle';
import { createMoneyHolds } from './modules/auth/money-holds.service';
import { createSealedService } from './modules/auth/sealed.service';
import { securityRoutes } from './modules/auth/security.routes';
import { createSecurityEventsService } from './modules/auth/security-events.service';
import { createSessionService } from './modules/auth/session.service';
import { staffMfaRoutes } from './modules/auth/staff-mfa.routes';
import { createStaffMfa, TOTP_ISSUER } from './modules/auth/staff-mfa.service';
import { createTacService } from './modules/auth/tac.service';
import { createTransactionPasswordGuard } from './modules/auth/transaction-password-guard';
import { botRecordsRoutes } from './modules/bot-records/bot-records.routes';
import { createBotRecordsService } from './modules/bot-records/bot-records.service';
import { createBotOnboarding } from './modules/bot-rentals/bot-onboarding';
import { createBotPackageService } from './modules/bot-rentals/bot-packages.service';
import { botRentalRoutes } from './modules/bot-rentals/bot-rentals.routes';
import { createBotRentalService } from './modules/bot-rentals/bot-rentals.service';
import { createManagedAccounts } from './modules/bot-rentals/managed-accounts';
import { managedAccountRoutes } from './modules/bot-rentals/managed-accounts.routes';
import { createManagedAccountsAdmin } from './modules/bot-rentals/managed-accounts-admin';
import { createRentalExpiryNotices } from './modules/bot-rentals/rental-expiry';
import { botSymbolsRoutes } from './modules/bot-symbols/bot-symbols.routes';
import { createBotSymbolsService } from './modules/bot-symbols/bot-symbols.service';
import { createBotVenues } from './modules/bots/bot-venues';
import { botsRoutes } from './modules/bots/bots.routes';
import { createBotsService } from './modules/bots/bots.service';
import { contentRoutes } from './modules/content/content.routes';
import { createContentServices } from './modules/content/content.services';
import { contentAdminRoutes } from './modules/content/content-admin.routes';
import { exchangeKeyRoutes } from './modules/exchange-keys/exchange-keys.routes';
import { createExchangeKeyService } from './modules/exchange-keys/exchange-keys.service';
import type { MarketData } from './modules/exchanges/connector';
import { connectorFor } from './modules/exchanges/connectors';
import { kycAdminRoutes, kycRoutes } from './modules/kyc/kyc.routes';
import { createKycService } from './modules/kyc/kyc.service';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createMarketSource } from './modules/markets/market-source';
import { marketsRoutes } from './modules/markets/markets.routes';
import { createMarketsService } from './modules/markets/markets.service';
import { createTickerHub } from './modules/markets/ticker-hub';
import { createMembersRepository } from './modules/members/members.repository';
import { registerMining } from './modules/mining/mining.module';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationService } from './modules/notifications/notifications.service';
import { createAddressService } from './modules/profile/addresses.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { teamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { createLegTotals } from './modules/team-bonuses/leg-totals';
import { registerTeamBonuses } from './modules/team-bonuses/team-bonuses.module';
import { tradingRoutes } from './modules/trading/trading.routes';
import { createTradingService } from './modules/trading/trading.service';
import { createTradingVenues } from './modules/trading/trading-venues';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { createUploadService } from './modules/uploads/uploads.service';
import { voucherRoutes } from './modules/vouchers/vouchers.routes';
import { createVoucherService } from './modules/vouchers/vouchers.service';
import { createExchangeService } from './modules/wallet/exchange.service';
import { createFundingService } from './modules/wallet/funding.service';
import type { PasswordCheck } from './modules/wallet/money-request';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createWalletService } from './modules/wallet/wallet.service';
import { walletAdminRoutes } from './modules/wallet/wallet-admin.routes';
import { createWithdrawalService } from './modules/wallet/withdrawal.service';
import { accessPlugin, findCaller } from './platform/access';
import { registerErrorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { idempotencyPlugin } from './platform/idempotency';
import { deriveKey, type RsaKeyPair } from './platform/keys';
import { createLiveEvents } from './platform/live-events';
import { liveEventRoutes } from './platform/live-events.routes';
import { loggerOptions } from './platform/logger';
import type { MessageSender, Outbox } from './platform/mail';
import { createApiMetrics, registerMetrics } from './platform/metrics';
import { registerRateLimits } from './platform/rate-limits';
import { REQUEST_ID_HEADER, requestIdOf } from './platform/request-id';
import { createSecretBox } from './platform/secret-box';
import { textSafeValidatorCompiler } from './platform/validation';
import { registerWebStatic } from './platform/web-static';

export interface AppDeps {
  config: Config;
  db: Db;
  /** The same database's connection string: live events hold one LISTEN connection of their own. */
  databaseUrl: string;
  masterKey: Buffer;
  rsa: RsaKeyPair;
  email: MessageSender;
  sms: MessageSender;
  /** The dev catcher's outbox; null in production, where no outbox page exists. */
  outbox: Outbox | null;
  redis?: Redis;
  /** The database's pool, for the metrics' pool gauges (in use, idle, waiting). */
  pool?: pg.Pool;
  /** Key prefix of the rate-limit counters in Redis (tests use their own). */
  redisNamespace?: string;
  /** Market prices; default: the source MARKET_DATA_SOURCE names. Tests pass a seeded market. */
  marketData?: MarketData;
  /** The built web app, served at `/` when present. */
  webDist?: string;
  /** The private folder of uploaded files; default `<DATA_DIR>/uploads`. Tests pass a temporary one. */
  uploadsDir?: string;
  /** Where log lines go instead of stdout (a test that reads the log). */
  logStream?: { write(line: string): void };
  /** The clock of TOTP time steps (ms); default Date.now. Tests move it a step per admin login. */
  totpNow?: () => number;
}

/** Builds the whole HTTP application from its dependencies. No I/O happens at import time. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 64 * 1024,
    // The request id (platform/request-id.ts): validated here, not taken from the header as it comes. Each
    // log line of a request carries it as `reqId` (Fastify's child logger).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  // Every answer names its request, so a caller's report leads to our log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Every request schema, behind one check: no control characters in any text (platform/validation.ts).
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every route, so the request timer sees them all (platform/metrics.ts).
  const metrics = createApiMetrics({ db, ...(deps.pool ? { pool: deps.pool } : {}) });
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, { path: Paths.metrics, token: config.METRICS_TOKEN });

  const members = createMembersRepository(db);
  const sessions = createSessionService(db, { absoluteDays: config.SESSION_ABSOLUTE_DAYS });
  const sealed = createSealedService({ db, rsa: deps.rsa });
  const tac = createTacService({
    db,
    hmacKey: deriveKey(deps.masterKey, 'tac'),
    email: deps.email,
    sms: deps.sms,
    dailyCap: config.TAC_DAILY_CAP,
  });
  const loginThrottle = createLoginThrottle({ db });
  // The daily clean-up of old login counts (main.ts) reaches the throttle through the app.
  app.decorate('loginThrottle', loginThrottle);
  const mfa = createStaffMfa({
    db,
    box: createSecretBox(deps.masterKey),
    sessions,
    recoveryKey: deriveKey(deps.masterKey, 'staff-recovery-codes'),
    stepUpMinutes: config.ADMIN_STEP_UP_MINUTES,
    issuer: TOTP_ISSUER,
    ...(deps.totpNow ? { now: deps.totpNow } : {}),
  });
  const live = createLiveEvents({
    databaseUrl: deps.databaseUrl,
    onError: (error) => app.log.warn({ error: error.message }, 'live events: listener failed'),
  });
  // Open event streams would keep the server from closing: end them (and the LISTEN connection) first.
  app.addHook('preClose', () => live.close());
  const notifications = createNotificationService({ db, live });
  // Decision 42: a credential change holds money leaving the member; wrong transaction passwords lock.
  const holds = createMoneyHolds({ db, hours: config.SECURITY_HOLD_HOURS });
  const credentialChanges = createCredentialChanges({
    db,
    sessions,
    holds,
    notify: notifications.notify,
    email: deps.email,
    sms: deps.sms,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  const auth = createAuthService({
    db,
    members,
    sessions,
    tac,
    sealed,
    holds,
    guard: createTransactionPasswordGuard({
      db,
      notify: notifications.notify,
      maxFailures: config.TX_PASSWORD_MAX_FAILURES,
      windowMinutes: config.TX_PASSWORD_FAILURE_WINDOW_MINUTES,
      lockMinutes: config.TX_PASSWORD_LOCK_MINUTES,
    }),
    changes: credentialChanges,
    throttle: loginThrottle,
    mfa,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  // Codes still on their way (forgot password, login unlock) are sent before the database goes.
  app.addHook('onClose', () => auth.settle());
  const ledger = createLedgerService({ db, onApplied: (n) => metrics.ledgerTransfers.inc(n) });
  const uploads = createUploadService({ db, dir: deps.uploadsDir ?? resolve(config.DATA_DIR, 'uploads') });
  // The daily clean-up of abandoned uploads (main.ts) reaches the service through the app.
  app.decorate('uploads', uploads);
  const content = createContentServices({
    db,
    uploads,
    notifications,
    versionDefaults: { version: config.APP_VERSION, downloadUrl: config.APP_DOWNLOAD_URL },
  });
  const kyc = createKycService({ db, uploads, notifications });
  const checkPassword: PasswordCheck = auth.verifyTransactionPassword;
  // Money that leaves the member (to another member, or out by withdrawal, or to an address bound for it)
  // waits out a money hold first; what stays with the member (conversions, purchases) does not.
  const checkOutflow: PasswordCheck = async (memberId, sessionId, secret, ip) => {
    await holds.assertNone(memberId);
    await checkPassword(memberId, sessionId, secret, ip);
  };
  const money = {
    wallet: createWalletService({ db, ledger, members, checkPassword: checkOutflow }),
    exchange: createExchangeService({ db, ledger, checkPassword }),
    withdrawals: createWithdrawalService({
      db,
      ledger,
      notifications,
      checkPassword: checkOutflow,
      consumeTac: (memberId, code, trx) => auth.consumeMemberTac(memberId, 'withdraw_address', code, trx),
    }),
    funding: createFundingService({
      db,
      ledger,
      members,
      fourEyesThresholdUsd: config.FOUR_EYES_THRESHOLD_USD,
    }),
  };
  const exchangeKeys = createExchangeKeyService({
    db,
    box: createSecretBox(deps.masterKey),
    connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
    unseal: sealed.unseal,
    checkPassword,
    egressIps: config.EGRESS_IPS,
    notify: notifications.notify,
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  // The daily re-check job (main.ts) and the bots reach the key service through the app.
  app.decorate('exchangeKeys', exchangeKeys);
  const marketSource = deps.marketData ?? (await createMarketSource(config));
  const markets = createMarketsService({ db, source: marketSource });
  const tickerHub = createTickerHub({
    read: async () => {
      const { at, items } = await markets.liveTickers();
      return { at: at.toISOString(), items };
    },
    onError: (error) => app.log.warn({ err: error }, 'market stream: prices not read'),
  });
  // Open market streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => tickerHub.close());

  await app.register(fastifyCookie);
  const aiOrigin = config.AI_URL ? new URL(config.AI_URL).origin : null;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // antd-mobile sets inline styles; scripts stay same-origin only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The address pages' map (Leaflet) draws OpenStreetMap tiles, which are images from these hosts.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        frameSrc: aiOrigin ? ["'self'", aiOrigin] : ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The AI tab frames a configured page; our own pages are never framed by others.
    frameguard: { action: 'sameorigin' },
  });
  await registerRateLimits(app, {
    perMember: config.RATE_LIMIT_PER_MINUTE,
    perIp: config.RATE_LIMIT_PER_IP_PER_MINUTE,
    ...(deps.redis ? { redis: deps.redis, redisNamespace: deps.redisNamespace ?? 'rl:' } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Member platform API', version: config.APP_VERSION },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: '__Host-sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // In production the API's map is for admins only (the page, its files and the JSON alike).
    ...(config.isProduction
      ? {
          uiHooks: {
            onRequest: async (request: FastifyRequest) => {
              const caller = await findCaller(request, sessions);
              if (!caller) throw new AppError('SESSION_INVALID', 'Not signed in');
              if (caller.role !== 'admin') throw new AppError('FORBIDDEN', 'Admins only');
              // An admin session that has not passed its second factor reads nothing (decision 45).
              const factor = await mfa.sessionState(caller.sessionId, caller.memberId);
              if (!factor.verified) throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Second factor first');
            },
          },
        }
      : {}),
  });
  await app.register(accessPlugin, { sessions, staff: mfa, publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(idempotencyPlugin, { db, databaseUrl: deps.databaseUrl });

  await app.register(appRoutes, { db, config, outbox: deps.outbox, site: content.site });
  await app.register(contentRoutes, content);
  await app.register(contentAdminRoutes, content);
  await app.register(authRoutes, {
    auth,
    sessions,
    sealed,
    authRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
    kycStatusOf: kyc.statusOf,
  });
  await app.register(securityRoutes, { sessions, securityEvents: createSecurityEventsService(db) });
  await app.register(staffMfaRoutes, { mfa, members, codeRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE });
  await app.register(adminRoutes, { db, throttle: loginThrottle });
  await app.register(uploadRoutes, { uploads, uploadRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE });
  await app.register(walletRoutes, { ...money, moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE });
  await app.register(walletAdminRoutes, money);
  await app.register(exchangeKeyRoutes, {
    keys: exchangeKeys,
    keyRateLimit: config.EXCHANGE_KEY_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(marketsRoutes, { markets, hub: tickerHub });
  await app.register(kycRoutes, { kyc, checkRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE });
  await app.register(kycAdminRoutes, { kyc });
  const profile = createProfileService({
    db,
    members,
    tac,
    checkCurrentPassword: auth.checkCurrentPassword,
    changes: credentialChanges,
    me: auth.me,
    kycStatusOf: kyc.statusOf,
    claimAvatar: (trx, memberId, id) =>
      uploads.claim(trx, { ids: [id], ownerId: memberId, purpose: 'avatar' }),
  });
  await app.register(profileRoutes, {
    profile,
    addresses: createAddressService({ db }),
    tacRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await app.register(liveEventRoutes, { live });
  await app.register(notificationRoutes, { notifications });
  await app.register(supportRoutes, { support: createSupportService({ db, uploads, notifications, live }) });
  const trading = createTradingService({
    db,
    venues: createTradingVenues({
      db,
      market: marketSource,
      keys: exchangeKeys,
      connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
    }),
  });
  await app.register(tradingRoutes, { trading, orderRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE });
  // The accounts managed-mode rentals trade (investsavecompany), shared by every view of the bots' venues.
  const managedAccounts = createManagedAccounts({
    db,
    market: marketSource,
    box: createSecretBox(deps.masterKey),
    connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
    mode: config.MANAGED_ACCOUNTS,
  });
  await app.register(managedAccountRoutes, {
    admin: createManagedAccountsAdmin({
      db,
      managed: managedAccounts,
      connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
      unseal: sealed.unseal,
    }),
  });
  const bots = createBotsService({
    db,
    venues: createBotVenues({
      db,
      market: marketSource,
      keys: exchangeKeys,
      connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
      managed: managedAccounts,
    }),
  });
  await app.register(botsRoutes, { bots });
  const botRecords = createBotRecordsService({
    db,
    market: marketSource,
    venues: createBotVenues({
      db,
      market: marketSource,
      keys: exchangeKeys,
      connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
      managed: managedAccounts,
    }),
  });
  await app.register(botRecordsRoutes, { records: botRecords });
  await app.register(botSymbolsRoutes, {
    symbols: createBotSymbolsService({
      db,
      venues: createBotVenues({
        db,
        market: marketSource,
        keys: exchangeKeys,
        connect: (exchange, credentials) => connectorFor(exchange, credentials, config),
        managed: managedAccounts,
      }),
    }),
  });
  const vouchers = createVoucherService({ db });
  await app.register(voucherRoutes, { vouchers });
  await app.register(teamRoutes, { team: createTeamService({ db, legTotals: createLegTotals(db) }) });
  const botPackages = createBotPackageService({ db });
  await app.register(botRentalRoutes, {
    packages: botPackages,
    rentals: createBotRentalService({ db, ledger, vouchers, packages: botPackages, checkPassword }),
    onboarding: createBotOnboarding({ db, kyc, keys: exchangeKeys, managed: managedAccounts }),
    moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  // The daily notice of rentals about to end (main.ts) reaches its run through the app.
  app.decorate('rentalExpiryNotices', createRentalExpiryNotices({ db, notify: notifications.notify }));
  await registerMining(app, {
    db,
    ledger,
    vouchers,
    kyc,
    uploads,
    members,
    checkPassword,
    checkOutflow,
    moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  await registerTeamBonuses(app, { db, ledger });

  await registerWebStatic(app, deps.webDist);
  return app;
}
