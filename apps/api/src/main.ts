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
import { demoOtpauthUri } from './db/seed/demo-staff';
import { scheduleRentalExpiryNotices } from './modules/bot-rentals/rental-expiry.jobs';
import { forkBotWorker } from './modules/bots/engine/worker-process';
import { scheduleKeyRechecks } from './modules/exchange-keys/exchange-keys.jobs';
import { scheduleMiningPayouts } from './modules/mining/mining.jobs';
import { scheduleBonusRuns } from './modules/team-bonuses/team-bonuses.jobs';
import { scheduleUploadCleanup } from './modules/uploads/uploads.jobs';
import { AppError } from './platform/errors';
import { startJobs } from './platform/jobs';
import { loadMasterKey, loadRsaKeyPair } from './platform/keys';
import {
  createEmailSender,
  createOutboxSmsSender,
  type MessageSender,
  Outbox,
  startSmtpCatcher,
} from './platform/mail';
import { createSecretBox } from './platform/secret-box';

const here = path.dirname(fileURLToPath(import.meta.url));

/** config -> database -> mail -> app -> listen. Ctrl-C or SIGTERM closes everything in reverse. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const dataDir = path.resolve(config.DATA_DIR);

  const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  const masterKey = loadMasterKey({
    dataDir,
    configured: config.MASTER_KEY,
    production: config.isProduction,
  });
  const seedDemoData = config.SEED_DEMO ?? !config.isProduction;
  if (seedDemoData) {
    // The app's own uploads folder (buildApp's default), where the demo's banners are stored; the box seals
    // the demo staff's authenticator secrets.
    await seedDemo(database.db, {
      transactionPasswords: true,
      uploadsDir: path.join(dataDir, 'uploads'),
      box: createSecretBox(masterKey),
    });
  }

  const outbox = config.SMTP_URL || config.isProduction ? null : new Outbox();
  const catcher = outbox ? await startSmtpCatcher(outbox) : null;
  const smtpUrl = config.SMTP_URL ?? catcher?.url;
  if (!smtpUrl) throw new Error('SMTP_URL is required in production');
  const email = createEmailSender(smtpUrl, config.MAIL_FROM);
  const sms: MessageSender = outbox
    ? createOutboxSmsSender(outbox)
    : {
        send: async () => {
          throw new AppError('SERVICE_UNAVAILABLE', 'No SMS provider is configured');
        },
      };
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;

  const app = await buildApp({
    config,
    db: database.db,
    databaseUrl: database.url,
    masterKey,
    rsa: loadRsaKeyPair(dataDir),
    email,
    sms,
    outbox,
    redis,
    webDist: config.WEB_DIST ?? path.resolve(here, '../../web/dist'),
  });

  // Only the message: a pg error object carries the whole connection state.
  const jobs = await startJobs(database.url, (error) =>
    app.log.error({ error: error.message }, 'jobs failed'),
  );
  await scheduleKeyRechecks(jobs, app.exchangeKeys, app.log);
  await scheduleUploadCleanup(jobs, app.uploads, app.log);
  await scheduleMiningPayouts(jobs, app.miningPayouts, app.log);
  await scheduleBonusRuns(jobs, app.bonusRuns, app.log);
  await scheduleRentalExpiryNotices(jobs, app.rentalExpiryNotices, app.log);
  // The bots trade in a process of their own (worker.ts), on this database; more can run beside it.
  const botWorker = forkBotWorker(database.url, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await botWorker.stop();
    await jobs.stop({ graceful: true, timeout: 5000 });
    await app.close();
    email.close();
    await catcher?.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  Platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s: http://${shown}:${config.PORT}/`,
    `  Database: ${database.embedded ? `embedded PostgreSQL, data in ${dataDir}` : 'DATABASE_URL'}`,
    `  API docs: http://${shown}:${config.PORT}/api/docs`,
  ];
  if (outbox) lines.push(`  Dev outbox (mail and SMS sent): http://${shown}:${config.PORT}/dev/outbox`);
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
