import { hostname } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { recordCycleFunding } from './modules/bots/cycle-funding';
import { createBotEngine } from './modules/bots/engine/bot-engine';
import { runTicks } from './modules/bots/engine/tick-loop';
import { startChainWatchers } from './modules/chain/chain-watchers';
import { connectChainNetworks, noChainNetworks } from './modules/chain/networks';
import { startPayoutLoops } from './modules/chain/payouts/payout-loops';
import { startSweepLoops } from './modules/chain/sweeping/sweep-loops';
import { probeTronApi } from './modules/chain/tron/probe-tron';
import { createTronApi } from './modules/chain/tron/tron-api';
import { matchAllPaperAccounts } from './modules/exchanges/paper/paper-exchange';
import { createHeartbeat } from './platform/heartbeat';
import { loadMasterKey, loadRsaKeyPair } from './platform/keys';
import { createLogger } from './platform/logger';
import { createUnavailableSender } from './platform/mail';
import { describeStartupFailure, StartupError } from './platform/startup-error';
import { createWorkerMetrics, serveWorkerMetrics } from './platform/worker-metrics';
import { createServices } from './services';

/** A stop that has not finished by then exits anyway: a dead database must not keep the worker alive. */
const STOP_DEADLINE_MS = 7000;
/** How often a forked worker checks that the process that forked it still lives. */
const PARENT_CHECK_MS = 1000;

/** The bot engine's pass interval when nothing was due (decisions, section 34). */
const BOT_PASS_MS = 100;
/** How often the worker records the funding of closed perpetual cycles on real exchanges. */
const CYCLE_FUNDING_MS = 60_000;

/**
 * The bot worker: its own process (`npm run worker`; `npm start` forks one). It drives every bot it can
 * lease, tick after tick, until SIGINT/SIGTERM, then gives its leases back so another worker takes over at
 * once. Any number may run against one database: the leases keep each bot with one of them.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  if (!config.DATABASE_URL) {
    throw new StartupError(
      'the bot worker needs DATABASE_URL',
      "Set DATABASE_URL to the platform's database (`npm start` passes its embedded database to the worker it forks).",
    );
  }
  // A worker forked by the server (npm start) lives no longer than the server: when the server dies, even
  // by kill -9, the IPC channel closes ('disconnect'), and this process gets another parent. The server's
  // id comes in the environment, so a death while this process was still loading is noticed too.
  const parentPid = Number(process.env.BOT_WORKER_PARENT_PID) || undefined;
  // Until the worker is running there is nothing to give back: it just ends.
  let parentGone: () => void = () => process.exit(0);
  if (parentPid) {
    process.once('disconnect', () => parentGone());
    const check = () => {
      if (process.ppid !== parentPid || process.connected === false) parentGone();
    };
    setInterval(check, PARENT_CHECK_MS).unref();
    check();
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const database = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  const masterKey = loadMasterKey({
    dataDir,
    configured: config.MASTER_KEY,
    production: config.isProduction,
  });
  // The same services as the API's (services.ts), of which the worker uses the bots' venues, the key
  // service (only reading keys: isKeyUsable, credentialsFor) and notifications. Keys suspended and bots
  // paused or stopped out here are announced like changes the API makes: publishing only issues pg_notify
  // in the transaction, and the worker never listens, so no listener connection opens. The worker tells
  // members through notifications only: it has no mail or SMS channel.
  const noMessages = createUnavailableSender('The bot worker sends no mail or SMS');
  // The chains whose deposits this worker watches and sweeps and whose withdrawals it pays (main.ts passes
  // the development chain's URL as ERC20_RPC_URL). An RPC that does not answer leaves deposits and payouts
  // manual rather than stopping the bots.
  const chain = await connectChainNetworks({
    rpcUrls: { ERC20: config.ERC20_RPC_URL, BEP20: config.BEP20_RPC_URL },
    tronApiUrl: config.TRON_API_URL,
    tronApiKey: config.TRON_API_KEY,
  }).catch((error: Error) => {
    log.warn({ error: error.message }, 'no chain connected: deposits and payouts stay manual');
    return noChainNetworks;
  });
  const services = await createServices(config, {
    db: database.db,
    databaseUrl: config.DATABASE_URL,
    masterKey,
    rsa: loadRsaKeyPair(dataDir),
    email: noMessages,
    sms: noMessages,
    outbox: null,
    log,
    chain,
  });
  const { botVenues: venues, market, notifications } = services;
  const owner = `${hostname()}:${process.pid}`;
  const metrics = createWorkerMetrics({ pool: database.pool });
  const metricsServer =
    config.WORKER_METRICS_PORT === undefined
      ? undefined
      : await serveWorkerMetrics(metrics, config.WORKER_METRICS_PORT);
  const engine = createBotEngine({
    db: database.db,
    venues,
    owner,
    leaseMs: config.BOT_LEASE_MS,
    notify: notifications.notify,
    log,
    onOrderSent: metrics.orderSent,
  });
  // Written after passes, not on a timer of its own: a worker whose passes hang stops beating (/api/ready).
  const heartbeat = createHeartbeat({ db: database.db, owner, kind: 'bot_worker' });
  const pass = async () => {
    const result = await metrics.timePass(engine.pass);
    await heartbeat
      .beat()
      .catch((error: Error) => log.warn({ error: error.message }, 'heartbeat not written'));
    return result;
  };
  // A pass every BOT_PASS_MS when idle, and the next pass at once after one that stepped a bot: a price
  // move is acted on within about one idle interval plus the pass itself, not a fixed second (an idle pass
  // is one indexed read and the strategy asked in memory: fleet.ts). A pass returns once its orders are
  // recorded; their sends run on behind it, and releaseAll waits for them.
  const loop = runTicks(
    { tick: pass },
    {
      intervalMs: BOT_PASS_MS,
      log,
      busy: (result) => result.stepped > 0,
    },
  );
  // Resting paper orders fill when the feed crosses them (and funding and liquidation happen) even while
  // nobody reads the account. Matching is idempotent and locks each account, so workers may run it side
  // by side.
  const paperMatching = runTicks(
    { tick: () => matchAllPaperAccounts({ db: database.db, market }) },
    { intervalMs: 2000, log, name: 'paper matching' },
  );
  // Closed perpetual cycles on real exchanges get their funding from the exchange (cycle-funding.ts): a
  // small batch a minute is plenty, since cycles close far less often, and it costs exchange requests.
  const cycleFunding = runTicks(
    { tick: () => recordCycleFunding({ db: database.db, venues, log }) },
    { intervalMs: CYCLE_FUNDING_MS, log, name: 'cycle funding' },
  );
  // An unreachable TRON API is named in the log now, not discovered later (decision 69); never fatal.
  if (chain.tron) {
    await probeTronApi(
      createTronApi(chain.tron.apiUrl, { apiKey: chain.tron.apiKey }),
      chain.tron.apiUrl,
      log,
    );
  }
  // Approved withdrawals paid from the hot wallet (decision 61); one payer per wallet across workers.
  const payouts = startPayoutLoops({
    db: database.db,
    config,
    networks: services.chain.networks,
    keys: services.chain.keys,
    wallet: services.walletForChain,
    markPaid: services.wallet.withdrawals.markPaidOnChain,
    log,
  });
  // One deposit watcher per EVM network across all workers (an advisory lock each), a pass a second.
  const chainWatchers = startChainWatchers({
    db: database.db,
    databaseUrl: config.DATABASE_URL,
    networks: chain,
    wallet: services.walletForChain,
    addresses: services.chain.addresses,
    ledger: services.ledger,
    notify: notifications.notify,
    live: services.live,
    log,
    production: config.isProduction,
  });
  // Credited deposits swept into the hot wallet (decision 62); one sweeper per network across workers.
  const sweepers = startSweepLoops({
    db: database.db,
    wallet: services.walletForChain,
    networks: chain,
    keys: services.chain.keys,
    log,
    tronFeeLimit: config.TRON_PAYOUT_FEE_LIMIT_SUN,
  });
  log.info({ owner, ...(metricsServer ? { metrics: metricsServer.address() } : {}) }, 'bot worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'bot worker stopping');
    setTimeout(() => {
      log.error({ signal }, 'bot worker did not stop in time; exiting anyway');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    try {
      await Promise.all([
        loop.stop(),
        paperMatching.stop(),
        cycleFunding.stop(),
        chainWatchers.stop(),
        sweepers.stop(),
        ...payouts.map((p) => p.stop()),
      ]);
      await engine.releaseAll();
      await heartbeat.end();
      metricsServer?.close();
      await database.close();
    } catch (error) {
      // The database may be gone with the server: the leases then run out by themselves.
      log.warn({ error: (error as Error).message }, 'bot worker could not stop cleanly');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  parentGone = () => void shutdown('parent gone');
}

main().catch((error) => {
  console.error(`\n${describeStartupFailure(error)}\n`);
  process.exit(1);
});
