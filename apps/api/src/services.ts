import { resolve } from 'node:path';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/database';
import type { PreparedStatements } from './db/prepared-statements';
import { createAdminModule } from './modules/admin/admin.module';
import { createAppModule } from './modules/app/app.module';
import { createAuthModule } from './modules/auth/auth.module';
import { createBotRecordsModule } from './modules/bot-records/bot-records.module';
import { createBotRentalsModule } from './modules/bot-rentals/bot-rentals.module';
import { createBotSymbolsModule } from './modules/bot-symbols/bot-symbols.module';
import { createBotsModule } from './modules/bots/bots.module';
import { createChainAdminModule } from './modules/chain/admin/chain-admin.module';
import { createChainModule } from './modules/chain/chain.module';
import type { ChainNetworks } from './modules/chain/networks';
import {
  chainWatchersReadiness,
  registerChainWatcherMetrics,
  watchedNetworks,
} from './modules/chain/watcher-health';
import { createContentModule } from './modules/content/content.module';
import { createExchangeKeysModule } from './modules/exchange-keys/exchange-keys.module';
import type { Credentials, MarketData } from './modules/exchanges/connector';
import { connectorFor } from './modules/exchanges/connectors';
import { createKycModule } from './modules/kyc/kyc.module';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createMarketSource } from './modules/markets/market-source';
import { createMarketsModule } from './modules/markets/markets.module';
import { createMembersRepository } from './modules/members/members.repository';
import { createMiningModule } from './modules/mining/mining.module';
import { createNotificationsModule } from './modules/notifications/notifications.module';
import { createProfileModule } from './modules/profile/profile.module';
import { createSupportModule } from './modules/support/support.module';
import { createTeamModule } from './modules/team/team.module';
import { createTeamBonusesModule } from './modules/team-bonuses/team-bonuses.module';
import { createTradingModule } from './modules/trading/trading.module';
import { createUploadsModule } from './modules/uploads/uploads.module';
import { createVouchersModule } from './modules/vouchers/vouchers.module';
import type { PasswordCheck } from './modules/wallet/money-request';
import { createWalletModule } from './modules/wallet/wallet.module';
import { walletForChain } from './modules/wallet/wallet-for-chain';
import type { RsaKeyPair } from './platform/keys';
import { createLiveEvents } from './platform/live-events';
import type { MessageSender, Outbox } from './platform/mail';
import { createApiMetrics } from './platform/metrics';
import type { ModuleRoutes, ServiceLog } from './platform/module';
import { createSecretBox } from './platform/secret-box';

export interface ServiceDeps {
  db: Db;
  /** The same database's connection string: live events hold one LISTEN connection of their own. */
  databaseUrl: string;
  masterKey: Buffer;
  rsa: RsaKeyPair;
  email: MessageSender;
  sms: MessageSender;
  /** The dev catcher's outbox; null in production (and in the bot worker), where no outbox page exists. */
  outbox: Outbox | null;
  log: ServiceLog;
  /** The database's pool, for the metrics' pool gauges (in use, idle, waiting). */
  pool?: pg.Pool;
  /** The pool's prepared statements, told of schema changes other processes announce (decision 76). */
  statements?: PreparedStatements;
  /** Market prices; default: the source MARKET_DATA_SOURCE names. Tests pass a seeded market. */
  marketData?: MarketData;
  /** The private folder of uploaded files; default `<DATA_DIR>/uploads`. Tests pass a temporary one. */
  uploadsDir?: string;
  /** The clock of TOTP time steps (ms); default Date.now. Tests move it a step per admin login. */
  totpNow?: () => number;
  /** The sessions' clock (ms: last-seen touches, the session cache); default Date.now. */
  sessionNow?: () => number;
  /** The chains connected (main.ts: the RPCs configured, or the development chain); default none. */
  chain?: ChainNetworks;
}

/**
 * The composition root: builds every service of the platform exactly once, in dependency order, from the
 * configuration and the process's I/O (database, keys, mail). The API (main.ts, through buildApp) registers
 * the returned modules' routes and schedules the jobs; the bot worker (worker.ts) takes the venues, keys and
 * notifications it drives bots with. Nothing here listens, connects or starts a timer: a service that
 * needs a connection opens it on first use.
 */
export async function createServices(config: Config, deps: ServiceDeps) {
  const { db, log } = deps;
  const metrics = createApiMetrics({ db, ...(deps.pool ? { pool: deps.pool } : {}) });
  const box = createSecretBox(deps.masterKey);
  // Every exchange connection goes where the configuration points (EXCHANGE_API_URLS).
  const connect = (exchange: 'binance' | 'bybit' | 'gate', credentials: Credentials) =>
    connectorFor(exchange, credentials, config);
  const live = createLiveEvents({
    databaseUrl: deps.databaseUrl,
    onError: (error) => log.warn({ error: error.message }, 'live events: listener failed'),
  });
  const market = deps.marketData ?? (await createMarketSource(config));
  const members = createMembersRepository(db);
  const ledger = createLedgerService({ db, onApplied: (n) => metrics.ledgerTransfers.inc(n) });

  const notifications = createNotificationsModule({ db, live });
  const uploads = createUploadsModule({
    db,
    dir: deps.uploadsDir ?? resolve(config.DATA_DIR, 'uploads'),
    uploadRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  const kyc = createKycModule({
    db,
    uploads: uploads.uploads,
    notifications: notifications.notifications,
    checkRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  const auth = createAuthModule({
    db,
    config,
    masterKey: deps.masterKey,
    rsa: deps.rsa,
    box,
    email: deps.email,
    sms: deps.sms,
    members,
    notifications: notifications.notifications,
    kyc: kyc.kyc,
    log,
    databaseUrl: deps.databaseUrl,
    ...(deps.totpNow ? { totpNow: deps.totpNow } : {}),
    ...(deps.sessionNow ? { sessionNow: deps.sessionNow } : {}),
    ...(deps.statements ? { statements: deps.statements } : {}),
  });
  const checkPassword: PasswordCheck = auth.auth.verifyTransactionPassword;
  // Money that leaves the member (to another member, or out by withdrawal, or to an address bound for it)
  // waits out a money hold first; what stays with the member (conversions, purchases) does not.
  const checkOutflow: PasswordCheck = auth.auth.verifyOutflow;
  const content = createContentModule({
    db,
    uploads: uploads.uploads,
    notifications: notifications.notifications,
    versionDefaults: { version: config.APP_VERSION, downloadUrl: config.APP_DOWNLOAD_URL },
  });
  const chain = createChainModule({ db, config, box, networks: deps.chain, wallet: walletForChain });
  const chainAdmin = createChainAdminModule({ db, ledger, chain, wallet: walletForChain });
  const wallet = createWalletModule({
    db,
    config,
    chain,
    ledger,
    members,
    notifications: notifications.notifications,
    checkPassword,
    checkOutflow,
    consumeTac: (memberId, code, trx) => auth.auth.consumeMemberTac(memberId, 'withdraw_address', code, trx),
  });
  const exchangeKeys = createExchangeKeysModule({
    db,
    box,
    connect,
    unseal: auth.sealed.unseal,
    checkPassword,
    egressIps: config.EGRESS_IPS,
    notify: notifications.notifications.notify,
    log,
    keyRateLimit: config.EXCHANGE_KEY_RATE_LIMIT_PER_MINUTE,
  });
  const keys = exchangeKeys.exchangeKeys;
  const markets = createMarketsModule({ db, source: market, log });
  const profile = createProfileModule({
    db,
    members,
    tac: auth.tac,
    checkCurrentPassword: auth.auth.checkCurrentPassword,
    changes: auth.credentialChanges,
    me: auth.auth.me,
    claimAvatar: (trx, memberId, id) =>
      uploads.uploads.claim(trx, { ids: [id], ownerId: memberId, purpose: 'avatar' }),
    tacRateLimit: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  const support = createSupportModule({
    db,
    uploads: uploads.uploads,
    notifications: notifications.notifications,
    live,
  });
  const trading = createTradingModule({
    db,
    market,
    keys,
    connect,
    orderRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  const vouchers = createVouchersModule({ db });
  const botRentals = createBotRentalsModule({
    db,
    market,
    box,
    connect,
    mode: config.MANAGED_ACCOUNTS,
    kyc: kyc.kyc,
    keys,
    unseal: auth.sealed.unseal,
    ledger,
    vouchers: vouchers.vouchers,
    notifications: notifications.notifications,
    members,
    checkPassword,
    moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  const bots = createBotsModule({ db, market, keys, connect, managed: botRentals.managedAccounts });
  const botRecords = createBotRecordsModule({ db, market, venues: bots.venues });
  const botSymbols = createBotSymbolsModule({ db, venues: bots.venues });
  const team = createTeamModule({ db });
  const mining = createMiningModule({
    db,
    ledger,
    vouchers: vouchers.vouchers,
    kyc: kyc.kyc,
    uploads: uploads.uploads,
    members,
    checkPassword,
    checkOutflow,
    moneyRateLimit: config.MONEY_RATE_LIMIT_PER_MINUTE,
  });
  const teamBonuses = createTeamBonusesModule({ db, ledger });
  // Chain watchers run in the worker; the API reads what they wrote of themselves (decision 67).
  const watched = watchedNetworks(chain.networks);
  registerChainWatcherMetrics(metrics.registry, { db, wallet: walletForChain }, watched);
  const app = createAppModule({
    db,
    config,
    outbox: deps.outbox,
    site: content.content.site,
    readinessChecks:
      watched.length > 0 ? [chainWatchersReadiness({ db, wallet: walletForChain, networks: watched })] : [],
  });
  const admin = createAdminModule({ db, throttle: auth.loginThrottle });

  /** In the order buildApp registers their routes. */
  const modules: ModuleRoutes[] = [
    app,
    content,
    auth,
    admin,
    uploads,
    wallet,
    chain,
    chainAdmin,
    exchangeKeys,
    markets,
    kyc,
    profile,
    notifications,
    support,
    trading,
    botRentals,
    bots,
    botRecords,
    botSymbols,
    vouchers,
    team,
    mining,
    teamBonuses,
  ];
  return {
    config,
    db,
    metrics,
    live,
    market,
    ledger,
    members,
    sessions: auth.sessions,
    mfa: auth.mfa,
    notifications: notifications.notifications,
    exchangeKeys: keys,
    uploads: uploads.uploads,
    loginThrottle: auth.loginThrottle,
    managedAccounts: botRentals.managedAccounts,
    botVenues: bots.venues,
    chain,
    wallet,
    /** What the chain watchers, sweepers and payers of the worker read and write of wallet's tables. */
    walletForChain,
    /** What the scheduled jobs (main.ts, platform/jobs.ts) run. */
    jobs: {
      keyRechecks: keys,
      uploadCleanup: uploads.uploads,
      loginThrottlePurge: auth.loginThrottle,
      miningPayouts: mining.payouts,
      bonusRuns: teamBonuses.runs,
      rentalExpiryNotices: botRentals.rentalExpiryNotices,
    },
    modules,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
