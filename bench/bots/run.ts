/**
 * `npm run bench:bots`: 1,000 and then 10,000 running paper bots driven by the real bot engine, the feed
 * ticking once a second; the delay from each price tick to the order it triggers (p50, p99, max) and orders
 * per second, beside a single-row INSERT and pgbench select-only on the same database in the same run.
 * See bench/README.md. Not a test: nothing is asserted.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { type BotEngine, createBotEngine } from '../../apps/api/src/modules/bots/engine/bot-engine';
import { createNotificationService } from '../../apps/api/src/modules/notifications/notifications.service';
import { createLiveEvents } from '../../apps/api/src/platform/live-events';
import type { PhaseResult } from '../ledger/measure';
import { pgbenchVersion } from '../ledger/pgbench';
import { createDatabase, dropDatabase, openServer, othersActive, serverFacts } from '../ledger/postgres';
import { table } from '../ledger/report';
import { createBenchFeed } from './feed';
import { FLEET_SYMBOLS, makeFleet } from './fleet';
import { type PhaseOutcome, runPhase } from './phase';
import { measureReference } from './reference';
import { timedVenues } from './timed-venues';

function intEnv(name: string, fallback: number | null, min = 1): number | null {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

const cfg = {
  sizes: (process.env.BENCH_BOTS ?? '1000,10000').split(',').map((s) => Number(s.trim())),
  ticks: intEnv('BENCH_TICKS', 30)!,
  tickMs: intEnv('BENCH_TICK_MS', 1000)!,
  /** unset: one pass per tick; set: worker-style loops with this interval. */
  pollMs: intEnv('BENCH_POLL_MS', null),
  engines: intEnv('BENCH_ENGINES', 1)!,
  /** unset: the engine's own default. */
  concurrency: intEnv('BENCH_ENGINE_CONCURRENCY', null),
  pool: intEnv('BENCH_POOL', 20)!,
  movePercent: Number(process.env.BENCH_MOVE_PERCENT ?? '0.15'),
  referenceSeconds: intEnv('BENCH_REFERENCE_SECONDS', 5)!,
};
for (const n of cfg.sizes)
  if (!Number.isInteger(n) || n < 1) throw new Error('BENCH_BOTS: sizes like 1000,10000');

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(`[bench:bots ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);

interface SizeOutcome {
  bots: number;
  coldStart: PhaseOutcome;
  steady: PhaseOutcome;
  /** The quickest of three passes without a new tick. */
  idlePassMs: number;
}

const kinds = (orders: Record<string, number>) =>
  Object.entries(orders)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

async function main(): Promise<void> {
  const server = await openServer();
  const facts = await serverFacts(server.adminUrl);
  progress(`PostgreSQL ${facts.version}, ${server.source}`);
  const busy = await othersActive(server.adminUrl, []);
  const loadBefore = loadavg()[0]!;
  const outcomes: SizeOutcome[] = [];
  let reference: PhaseResult[] = [];

  for (const [index, bots] of cfg.sizes.entries()) {
    const name = `bench_bots_${bots}_${process.pid}`;
    await createDatabase(server, name);
    const url = server.urlOf(name);
    const pool = createDb(url, cfg.pool);
    try {
      const { db } = pool;
      progress(`${name}: migrating, making ${bots} members with rentals and running paper bots`);
      await migrateToLatest(db);
      await makeFleet(db, bots);
      const feed = await createBenchFeed(FLEET_SYMBOLS, { movePercent: cfg.movePercent });
      const timed = timedVenues(db, feed.market);
      // Publishing only issues pg_notify; nothing listens here.
      const notifications = createNotificationService({ db, live: createLiveEvents({ databaseUrl: url }) });
      let failures = 0;
      const log = {
        warn(obj: object, msg: string) {
          failures++;
          if (failures <= 5) progress(`${msg} ${JSON.stringify(obj)}`);
        },
      };
      const engines: BotEngine[] = Array.from({ length: cfg.engines }, (_, i) =>
        createBotEngine({
          db,
          venues: timed.venues,
          owner: `bench-${i + 1}`,
          notify: notifications.notify,
          log,
          ...(cfg.concurrency === null ? {} : { concurrency: cfg.concurrency }),
        }),
      );
      const phase = (label: string, ticks: number, pollMs: number | null) =>
        runPhase({
          name: `${bots.toLocaleString('en-US')} bots, ${label}`,
          db,
          engines,
          feed,
          drain: timed.drain,
          tickOf: timed.tickOf,
          ticks,
          tickMs: cfg.tickMs,
          pollMs,
          connections: cfg.pool,
          failures: () => failures,
          log,
        });
      progress(`${bots} bots: cold start (one tick, every bot opens its first cycle)`);
      const coldStart = await phase('cold start', 1, null);
      progress(
        `${bots} bots: cold start ${coldStart.recorded.ok} orders, p99 ${coldStart.recorded.latencyMs?.p99.toFixed(0)} ms`,
      );
      progress(`${bots} bots: ${cfg.ticks} ticks, ${cfg.tickMs} ms apart`);
      const steady = await phase(
        cfg.pollMs === null ? 'ticking' : `polled every ${cfg.pollMs} ms`,
        cfg.ticks,
        cfg.pollMs,
      );
      progress(
        `${bots} bots: ${steady.recorded.ok} orders, p99 ${steady.recorded.latencyMs?.p99.toFixed(0)} ms (${kinds(steady.orders)})`,
      );
      // The fleet's standing cost: passes with no new price, so (almost) no bot is due.
      const idlePasses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        await Promise.all(engines.map((e) => e.tick()));
        idlePasses.push(performance.now() - t0);
      }
      outcomes.push({ bots, coldStart, steady, idlePassMs: Math.min(...idlePasses) });
      await Promise.all(engines.map((e) => e.releaseAll()));
      if (index === 0) {
        progress(`reference on ${name}: single-row INSERT, pgbench select-only`);
        reference = await measureReference(db, url, {
          seconds: cfg.referenceSeconds,
          warmupSeconds: 1,
          pgbench: true,
        }).catch(async (error) => {
          progress(`pgbench unavailable (${String(error).slice(0, 120)}); INSERT reference only`);
          return measureReference(db, url, {
            seconds: cfg.referenceSeconds,
            warmupSeconds: 1,
            pgbench: false,
          });
        });
      }
    } finally {
      pool.pool.on('error', () => {});
      await pool.db.destroy().catch(() => {});
      await dropDatabase(server, name).catch((e) => progress(`could not drop ${name}: ${String(e)}`));
    }
  }
  await server.stop();

  const pgbenchLine = await pgbenchVersion().catch(() => 'pgbench not found');
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const rows = [
    ...outcomes.flatMap((o) => [o.coldStart.recorded, o.steady.recorded, o.steady.sent]),
    ...reference,
  ];
  const lines = [
    '',
    `Bot engine benchmark, ${new Date().toISOString()}`,
    `  machine     ${availableParallelism()} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
    `  PostgreSQL  ${facts.version}: ${server.source}; ${pgbenchLine}`,
    `  engine      ${cfg.engines} engine(s) in this process, concurrency ${cfg.concurrency ?? 'default'}, pool ${cfg.pool}; ${cfg.pollMs === null ? 'one pass per tick' : `own loops every ${cfg.pollMs} ms`}`,
    `  feed        ${FLEET_SYMBOLS.length} spot symbols, a tick every ${cfg.tickMs} ms moving each up to ${cfg.movePercent} %; ${cfg.ticks} ticks measured after a cold start`,
    `  other load  load average ${loadBefore.toFixed(2)} before the run; ${busy} active sessions of other databases`,
    '',
    table(rows),
    '',
    ...outcomes.map(
      (o) =>
        `  ${o.bots.toLocaleString('en-US')} bots: orders ${kinds(o.steady.orders)}; engine passes p50 ${o.steady.passes.p50.toFixed(0)} ms, max ${o.steady.passes.max.toFixed(0)} ms, ${o.steady.passes.overran} of ${o.steady.passes.count} longer than the tick interval; a pass with no new price ${o.idlePassMs.toFixed(0)} ms; p99 tick -> row ${o.steady.recorded.latencyMs!.p99.toFixed(0)} ms (aim < 100 ms)`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
