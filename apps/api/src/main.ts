import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import {
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_TRANSACTION_PASSWORD,
  demoMemberNames,
  seedDemo,
} from './db/seed/demo';
import { assertSafeToListen } from './db/seed/demo-guard';
import { demoOtpauthUri } from './db/seed/demo-staff';
import { seedDevChain } from './db/seed/dev-chain';
import { scheduleLoginThrottlePurge } from './modules/auth/login-throttle.jobs';
import { scheduleRentalExpiryNotices } from './modules/bot-rentals/rental-expiry.jobs';
import { forkBotWorker } from './modules/bots/engine/worker-process';
import { type StartedChains, startChains } from './modules/chain/start-chains';
import { scheduleKeyRechecks } from './modules/exchange-keys/exchange-keys.jobs';
import { scheduleMiningPayouts } from './modules/mining/mining.jobs';
import { scheduleBonusRuns } from './modules/team-bonuses/team-bonuses.jobs';
import { scheduleUploadCleanup } from './modules/uploads/uploads.jobs';
import { startJobs } from './platform/jobs';
import { loadMasterKey, loadRsaKeyPair } from './platform/keys';
import { createLogger } from './platform/logger';
import {
  createEmailSender,
  createOutboxSmsSender,
  createUnavailableSender,
  type MessageSender,
  Outbox,
  startSmtpCatcher,
} from './platform/mail';
import { createSecretBox } from './platform/secret-box';
import { describeStartupFailure, StartupError } from './platform/startup-error';
import { createServices } from './services';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Each step of a graceful stop may take this long before the next step goes ahead without it. */
const STEP_TIMEOUT_MS = 4000;
/** A stop that has not finished by then exits anyway (non-zero), well inside a supervisor's 10 s. */
const SHUTDOWN_DEADLINE_MS = 9500;

/** Resolves with the promise, or after `ms` with `late` (a stuck step must not hold the whole stop). */
async function within<T>(ms: number, work: Promise<T>, late: () => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        late();
        resolve();
      }, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** What has been started so far, closed in `stopAll` in an order that finishes the work in flight first. */
interface Running {
  database?: Awaited<ReturnType<typeof connectDatabase>>;
  email?: ReturnType<typeof createEmailSender>;
  catcher?: Awaited<ReturnType<typeof startSmtpCatcher>> | null;
  redis?: Redis;
  app?: Awaited<ReturnType<typeof buildApp>>;
  jobs?: Awaited<ReturnType<typeof startJobs>>;
  botWorker?: ReturnType<typeof forkBotWorker>;
  chains?: StartedChains;
}

/**
 * The graceful stop (SIGTERM, Ctrl-C) and the clean-up after a failed start: stop taking requests and
 * finish those in flight while the bot worker gives its leases back, then the jobs, then mail and Redis,
 * and the database last, once nothing uses it.
 */
async function stopAll(running: Running, warn: (message: string, error?: unknown) => void): Promise<void> {
  const step = (name: string, work: () => Promise<unknown> | unknown) =>
    within(
      STEP_TIMEOUT_MS,
      (async () => {
        try {
          await work();
        } catch (error) {
          warn(`${name} did not stop cleanly`, error);
        }
      })(),
      () => warn(`${name} did not stop within ${STEP_TIMEOUT_MS / 1000} s; going on without it`),
    );
  await Promise.all([
    running.app && step('the HTTP server', () => running.app!.close()),
    running.botWorker && step('the bot worker', () => running.botWorker!.stop()),
  ]);
  if (running.jobs) await step('the jobs', () => running.jobs!.stop({ graceful: true, timeout: 3000 }));
  running.email?.close();
  if (running.catcher) await step('the mail catcher', () => running.catcher!.close());
  running.redis?.disconnect();
  if (running.chains?.devChain) await step('the development chain', () => running.chains!.devChain!.stop());
  if (running.database) await step('the database', () => running.database!.close());
}

/** config -> database -> mail -> app -> listen. Ctrl-C or SIGTERM closes everything in reverse. */
async function main(): Promise<void> {
  const started = Date.now();
  const running: Running = {};
  let log: Pick<Console, 'error' | 'warn' | 'info'> = console;
  const warn = (message: string, error?: unknown) =>
    log.warn(error instanceof Error ? `${message}: ${error.message}` : message);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    setTimeout(() => {
      log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await stopAll(running, warn);
    process.exit(0);
  };
  // From the first moment: a Ctrl-C during a slow start (a database recovering) still closes what is open.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await start(running, started, (appLog) => {
      log = {
        info: (message: string) => appLog.info(message),
        warn: (message: string) => appLog.warn(message),
        error: (message: string) => appLog.error(message),
      };
    });
  } catch (error) {
    if (closing) return; // stopped on purpose while starting
    closing = true;
    console.error(`\n${describeStartupFailure(error)}\n`);
    await within(SHUTDOWN_DEADLINE_MS, stopAll(running, warn), () => {});
    process.exit(1);
  }
}

async function start(
  running: Running,
  started: number,
  useLog: (log: { info(m: string): void; warn(m: string): void; error(m: string): void }) => void,
): Promise<void> {
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);

  running.database = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
  });
  const database = running.database;
  const masterKey = loadMasterKey({
    dataDir,
    configured: config.MASTER_KEY,
    production: config.isProduction,
  });
  const seedDemoData = config.SEED_DEMO ?? !config.isProduction;
  if (seedDemoData) {
    // The uploads folder the services default to (services.ts), where the demo's banners are stored; the box seals
    // the demo staff's authenticator secrets.
    await seedDemo(database.db, {
      transactionPasswords: true,
      uploadsDir: path.join(dataDir, 'uploads'),
      box: createSecretBox(masterKey),
    });
  }
  // Before anything starts: a production server open to the world must not keep a published password.
  await assertSafeToListen(config, database.db);

  const outbox = config.SMTP_URL || config.isProduction ? null : new Outbox();
  running.catcher = outbox ? await startSmtpCatcher(outbox) : null;
  const smtpUrl = config.SMTP_URL ?? running.catcher?.url;
  if (!smtpUrl)
    throw new StartupError(
      'SMTP_URL is not set',
      'Set SMTP_URL: in production mail goes through a real server.',
    );
  running.email = createEmailSender(smtpUrl, config.MAIL_FROM);
  const sms: MessageSender = outbox
    ? createOutboxSmsSender(outbox)
    : createUnavailableSender('No SMS provider is configured');
  running.redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;

  running.chains = await startChains(config);
  const { devChain } = running.chains;
  const logger = createLogger(config.LOG_LEVEL);
  const services = await createServices(config, {
    chain: running.chains.networks,
    db: database.db,
    databaseUrl: database.url,
    masterKey,
    rsa: loadRsaKeyPair(dataDir),
    email: running.email,
    sms,
    outbox,
    log: logger,
    pool: database.pool,
    statements: database.statements,
  });
  const app = await buildApp(services, {
    logger,
    databaseUrl: database.url,
    redis: running.redis,
    redisNamespace: config.REDIS_KEY_PREFIX,
    webDist: config.WEB_DIST ?? path.resolve(here, '../../web/dist'),
  });
  running.app = app;
  useLog(app.log);
  if (devChain) {
    const { hotWallet, gasWallet } = services.chain.keys;
    await seedDevChain(database.db, devChain, {
      hot: hotWallet?.address ?? null,
      gas: gasWallet?.address ?? null,
    });
  }

  // Only the message: a pg error object carries the whole connection state.
  const jobs = await startJobs(database.url, (error) => {
    services.metrics.jobErrors.inc();
    app.log.error({ error: error.message }, 'jobs failed');
  });
  running.jobs = jobs;
  await scheduleKeyRechecks(jobs, services.jobs.keyRechecks, logger);
  await scheduleUploadCleanup(jobs, services.jobs.uploadCleanup, logger);
  await scheduleLoginThrottlePurge(jobs, services.jobs.loginThrottlePurge, logger);
  await scheduleMiningPayouts(jobs, services.jobs.miningPayouts, logger);
  await scheduleBonusRuns(jobs, services.jobs.bonusRuns, logger);
  await scheduleRentalExpiryNotices(jobs, services.jobs.rentalExpiryNotices, logger);
  // The bots trade in a process of their own (worker.ts), on this database; more can run beside it.
  running.botWorker = forkBotWorker(database.url, app.log, {
    extraEnv: running.chains.workerEnv,
    restartAfterMs: config.BOT_WORKER_RESTART_MS,
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new StartupError(
        `port ${config.PORT} on ${config.HOST} is already in use`,
        `Another program (perhaps another copy of the platform) listens there: stop it, or start with PORT set to a free port.`,
      );
    }
    throw error;
  }
  const shown = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  Platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shown}:${config.PORT}/`,
    `  Database: ${database.embedded ? `embedded PostgreSQL, data in ${dataDir}` : 'DATABASE_URL'}`,
    `  API docs: http://${shown}:${config.PORT}/api/docs`,
  ];
  if (outbox) lines.push(`  Dev outbox (mail and SMS sent): http://${shown}:${config.PORT}/dev/outbox`);
  if (devChain) lines.push(`  Dev chain: ${devChain.url}`);
  if (seedDemoData) {
    lines.push(
      '  Demo logins (staff: password, then the code of an authenticator app holding the TOTP secret):',
      ...DEMO_STAFF.flatMap((s) => [
        `    ${s.role.padEnd(8)} ${s.username} / ${s.password}   TOTP secret ${s.totpSecret}`,
        `             ${demoOtpauthUri(s)}`,
      ]),
      `    members  ${demoMemberNames.slice(0, 4).join(', ')} ... (${demoMemberNames.length} in all) / ${DEMO_PASSWORD}`,
      `    members' transaction password: ${DEMO_TRANSACTION_PASSWORD}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

void main();
