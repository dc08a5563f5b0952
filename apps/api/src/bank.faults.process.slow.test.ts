// SLOW (short: about a minute; `npm run test:faults` runs the full size): the bank test through the HTTP
// API while faults are injected. The real server (with its forked bot worker) runs as a process on a fresh
// database of the real PostgreSQL; clients move money between members through the transfer endpoint, cut
// their requests at random and send them again under the same Idempotency-Key until they get a definite
// answer. Meanwhile the server is killed with SIGKILL and started again, every application connection is
// terminated (pg_terminate_backend), and the bot worker is killed in the middle of a pass. At the end: the
// books balance, no balance is below zero, every acknowledged transfer is there exactly once, nothing is
// there that was not acknowledged, and no bot order reached the exchange twice.
// Faults come after progress (a number of acknowledged transfers), never after a fixed time. The run is
// seeded: FAULTS_SEED=<printed seed> replays its choices (the interleaving with the server stays live).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BankClients, type Member } from '../test/faults/bank-clients';
import { killWorkerMidPass, SUITE_APPLICATION, terminateBackends } from '../test/faults/injectors';
import { checkBooks, doubleOrders } from '../test/faults/invariants';
import { type Random, seededRandom, suiteSeed } from '../test/faults/random';
import { RestartablePostgres } from '../test/faults/restartable-postgres';
import { ServerProcess } from '../test/faults/server-process';
import { givePayPassword, PAY_PASSWORD } from '../test/fixtures';
import { eventually, freePort } from '../test/processes';
import { createTestDb } from '../test/test-db';
import { createDb, type Db } from './db/database';

type Fault =
  | 'kill -9 server'
  | 'terminate connections'
  | 'kill -9 worker mid-pass'
  | 'restart postgres -m immediate';

const full = process.env.FAULTS === 'full';
/** Sizes: the short run is part of `npm test` (CI on two cores), the full one is `npm run test:faults`. */
const size = full
  ? {
      clients: 16,
      members: 8,
      perClient: 12,
      between: 15,
      botBatch: 16,
      plan: { kill: 3, terminate: 4, worker: 3, restart: 2 },
    }
  : {
      clients: 6,
      members: 6,
      perClient: 5,
      between: 6,
      botBatch: 10,
      plan: { kill: 1, terminate: 2, worker: 1, restart: 0 },
    };
const STEP_MS = 90_000;
const DEMO_MEMBERS = ['alice01', 'bobby01', 'carol01', 'david01', 'emily01', 'frank01', 'grace01', 'henry01'];

/** The faults of the run, in a seeded order. */
function planOf(random: Random): Fault[] {
  const faults: Fault[] = [
    ...Array<Fault>(size.plan.kill).fill('kill -9 server'),
    ...Array<Fault>(size.plan.terminate).fill('terminate connections'),
    ...Array<Fault>(size.plan.worker).fill('kill -9 worker mid-pass'),
    ...Array<Fault>(size.plan.restart).fill('restart postgres -m immediate'),
  ];
  for (let i = faults.length - 1; i > 0; i--) {
    const j = random.int(0, i + 1);
    [faults[i], faults[j]] = [faults[j]!, faults[i]!];
  }
  return faults;
}

describe.skipIf(process.platform !== 'linux')('the bank under faults (slow)', () => {
  const seed = suiteSeed();
  let db: Db;
  let url: string;
  let dbName: string;
  let drop: () => Promise<void>;
  let adminUrl: string;
  /** The full run's own PostgreSQL, the one fault that cannot touch the shared server. */
  let postgres: RestartablePostgres | undefined;
  let dataDir: string;
  let server: ServerProcess;
  let bank: BankClients;
  const before = new Set<string>();

  beforeAll(async () => {
    console.info(`fault suite (${full ? 'full' : 'short'}) seed ${seed}: FAULTS_SEED=${seed} replays it`);
    if (size.plan.restart > 0) {
      postgres = new RestartablePostgres();
      ({ adminUrl, url } = await postgres.start('bank'));
      drop = () => postgres!.stop();
    } else {
      let testDb: Db;
      ({ db: testDb, url, drop } = await createTestDb());
      await testDb.destroy(); // the suite's own connections carry its name instead (injectors.ts)
      adminUrl = inject('pgAdminUrl');
    }
    dbName = new URL(url).pathname.slice(1);
    const own = new URL(url);
    own.searchParams.set('application_name', SUITE_APPLICATION);
    ({ db } = createDb(own.toString(), 4));

    dataDir = mkdtempSync(path.join(tmpdir(), 'faults-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      MASTER_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Many clients from one address: the limits are not under test here.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      MONEY_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      // A killed worker's bots move to its successor within seconds.
      BOT_LEASE_MS: '2000',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    };
    delete env.REDIS_URL;
    delete env.SMTP_URL;
    delete env.WORKER_METRICS_PORT;
    server = new ServerProcess(env, await freePort());
    const startedAt = Date.now();
    server.start();
    await server.ready(2 * STEP_MS);
    console.info(`server ready in ${Date.now() - startedAt} ms`);

    const members: Member[] = [];
    for (const username of DEMO_MEMBERS.slice(0, size.members)) {
      await givePayPassword(db, username);
      const login = await fetch(`${server.base}/api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: username, password: 'Demo12345' }),
      });
      expect(login.status).toBe(200);
      members.push({ username, token: ((await login.json()) as { token: string }).token });
    }
    bank = new BankClients(server.base, members, PAY_PASSWORD, 0.35);
    server.onUnexpectedExit = (reason) => bank.halt(reason);
    await bank.init();
    for (const row of await db.selectFrom('ledger_transfers').select('id').execute()) before.add(row.id);
  }, 3 * STEP_MS);

  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, STEP_MS);

  it(
    'loses no acknowledged transfer, applies nothing unasked, keeps the books balanced and orders once',
    async () => {
      const random = seededRandom(seed);
      const plan = planOf(random);
      const injected: Record<Fault, number> = {
        'kill -9 server': 0,
        'terminate connections': 0,
        'kill -9 worker mid-pass': 0,
        'restart postgres -m immediate': 0,
      };
      const killToServing: number[] = [];
      const pgRestarts: number[] = [];
      const killToReady: number[] = [];
      let terminated = 0;
      let workerKillsMidPass = 0;

      let faultsDone = false;
      const chaos = (async () => {
        try {
          for (const fault of plan) {
            // After some progress: every fault meets transfers in flight, and the bank moves between them.
            const target = bank.stats.acknowledged + size.between;
            const moved = await eventually(() => bank.stats.acknowledged >= target, STEP_MS);
            if (!moved) throw new Error(`no progress before "${fault}": ${JSON.stringify(bank.stats)}`);
            if (fault === 'kill -9 server') {
              const killedAt = Date.now();
              await server.kill9();
              server.start();
              await server.serving(2 * STEP_MS);
              killToServing.push(Date.now() - killedAt);
              // Its new bot worker beats once it has loaded and made a pass.
              await server.ready(2 * STEP_MS);
              killToReady.push(Date.now() - killedAt);
            } else if (fault === 'terminate connections') {
              terminated += await terminateBackends(adminUrl, dbName);
            } else if (fault === 'restart postgres -m immediate') {
              pgRestarts.push(await postgres!.restartImmediate());
            } else {
              const { midPass } = await killWorkerMidPass(db, server.pid, size.botBatch);
              if (midPass) workerKillsMidPass++;
            }
            injected[fault]++;
            console.info(`fault: ${fault} done, ${JSON.stringify(bank.stats)}`);
          }
        } finally {
          faultsDone = true;
        }
      })();
      const clients = Array.from({ length: size.clients }, (_, i) =>
        bank.run(i, seededRandom(seed + i + 1), (done) => !faultsDone || done < size.perClient),
      );
      try {
        await Promise.all([chaos, ...clients]);
      } catch (error) {
        console.error(`server output (last part):\n${server.tail()}`);
        throw error;
      }

      // The bot workers settle every order a killed one left in flight (pending: sent or not, unknown).
      const settled = await eventually(async () => {
        const pending = await db
          .selectFrom('bot_orders')
          .select('id')
          .where('status', '=', 'pending')
          .execute();
        return pending.length === 0;
      }, 60_000);

      const books = await checkBooks(db, bank.outcomes, before);
      const orders = await doubleOrders(db);
      const botOrders = await db
        .selectFrom('bot_orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const stats = bank.stats;
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.info(
        [
          `fault suite (${full ? 'full' : 'short'}) seed ${seed}`,
          `  transfers: ${stats.requests} requested, ${stats.acknowledged} acknowledged, ${stats.refused} refused ${JSON.stringify(stats.refusals)}`,
          `  attempts: ${stats.cut} cut by the client, ${stats.retried} retried, ${stats.connectionLost} found no server, ${stats.inProgress} in progress (409), 5xx ${JSON.stringify(stats.serverErrors)}`,
          `  faults: ${injected['kill -9 server']} kill -9 of the server, ${injected['terminate connections']} pg_terminate_backend rounds (${terminated} connections), ${injected['kill -9 worker mid-pass']} kill -9 of the bot worker (${workerKillsMidPass} inside a pass)`,
          `  PostgreSQL restarts (-m immediate, SIGQUIT to accepting again): ${pgRestarts.map(seconds).join(', ') || 'none (full run only)'}`,
          `  kill -9 to serving again (/api/health): ${killToServing.map(seconds).join(', ') || 'none'}; to ready (/api/ready, worker beating): ${killToReady.map(seconds).join(', ') || 'none'}`,
          `  lost ${books.lost.length}, unexpected ${books.unexpected.length}, negative balances ${books.negative.length}, unbalanced currencies ${books.audit.unbalanced.length}, keys left running with nothing applied ${books.stuckKeys.length} (and ${books.runningApplied.length} applied once, final write cut)`,
          `  bot orders ${botOrders.n}: placed twice ${orders.twice.length}, unrecorded ${orders.unrecorded.length}, slot twice ${orders.slotTwice.length}; pending settled: ${settled}`,
        ].join('\n'),
      );

      expect(server.unexpectedExits).toEqual([]);
      expect(injected).toEqual({
        'kill -9 server': size.plan.kill,
        'terminate connections': size.plan.terminate,
        'kill -9 worker mid-pass': size.plan.worker,
        'restart postgres -m immediate': size.plan.restart,
      });
      expect(stats.acknowledged).toBeGreaterThan(0);
      expect(stats.cut).toBeGreaterThan(0);
      // A lost database is a 503 to try again, never a 500.
      expect(Object.keys(stats.serverErrors).filter((kind) => kind !== '503 SERVICE_UNAVAILABLE')).toEqual(
        [],
      );
      // The only refusal a valid transfer may meet: the sender ran out of money.
      expect(Object.keys(stats.refusals).filter((code) => code !== 'LEDGER_INSUFFICIENT_FUNDS')).toEqual([]);
      // A key whose final write a fault cut stays 'running' with its transfer applied once (runningApplied):
      // by design, see invariants.ts; it is not checked here.
      const { runningApplied: _applied, ...checked } = books;
      expect(checked).toEqual({
        lost: [],
        unexpected: [],
        audit: { unbalanced: [], mismatchedAccounts: [] },
        negative: [],
        stuckKeys: [],
      });
      expect(settled).toBe(true);
      expect(orders).toEqual({ twice: [], unrecorded: [], slotTwice: [] });
    },
    full ? 1_800_000 : 600_000,
  );
});
