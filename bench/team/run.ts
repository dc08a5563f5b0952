/**
 * `npm run bench:team` (issue 7): a tree of BENCH_MEMBERS members (default 1,000,000: a heap-shaped part
 * plus one leg BENCH_DEEP deep, default 100,000) built set-based in a fresh database, then the p50/p99 of
 * the member-facing queries through the real services and one full daily bonus run for BENCH_BUYERS
 * purchasers (default 100,000), beside pgbench's select-only latency on the same database in the same run.
 * Same server choice as bench:ledger (DATABASE_URL, else 127.0.0.1:5432, else embedded). Nothing asserted.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import type { Database } from '../../apps/api/src/db/schema';
import { pgbenchInit, pgbenchRun, pgbenchVersion } from '../ledger/pgbench';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';
import { measureBonusRun } from './bonus-run';
import { addPurchases, buildTree } from './build';
import { measureQueries } from './queries';

function intEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const cfg = {
  members: intEnv('BENCH_MEMBERS', 1_000_000),
  deep: intEnv('BENCH_DEEP', 100_000),
  buyers: intEnv('BENCH_BUYERS', 100_000),
  deepBuyers: intEnv('BENCH_DEEP_BUYERS', 10),
  joiners: intEnv('BENCH_JOINERS', 1000),
  samples: intEnv('BENCH_SAMPLES', 2000),
};
const DAY = '2026-01-01';

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(`[bench:team ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`);
const ms = (v: number) => `${v.toFixed(2)} ms`;
const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const server = await openServer();
  const name = `bench_team_${process.pid}`;
  await createDatabase(server, name);
  const { db: plain, pool } = createDb(server.urlOf(name), 4);
  // BENCH_LOG=1 prints every statement over 500 ms (BENCH_LOG=<ms>: over that): where a slow phase spends its
  // time.
  const logOver = process.env.BENCH_LOG === '1' ? 500 : Number(process.env.BENCH_LOG ?? 0);
  const db =
    logOver > 0
      ? new Kysely<Database>({
          dialect: new PostgresDialect({ pool }),
          log: (e) => {
            if (e.queryDurationMillis > logOver) {
              progress(
                `${e.queryDurationMillis.toFixed(0)} ms: ${e.query.sql.replace(/\s+/g, ' ').slice(0, 90)}`,
              );
            }
          },
        })
      : plain;
  try {
    await migrateToLatest(db);
    const heap = cfg.members - cfg.deep;
    progress(`building ${heap} heap members, a leg ${cfg.deep} deep and ${cfg.joiners} joiners (not timed)`);
    const t0 = performance.now();
    const tree = await buildTree(db, { heap, deep: cfg.deep, joiners: cfg.joiners, day: DAY });
    const buyers = await addPurchases(db, {
      heap,
      bottom: tree.bottom,
      buyers: cfg.buyers,
      deepBuyers: cfg.deepBuyers,
      day: DAY,
    });
    progress(`built in ${seconds(performance.now() - t0)}; settling it (VACUUM, CHECKPOINT; not timed)`);
    await settle(db);
    progress('measuring queries');
    const queries = await measureQueries(db, { ...tree, heap, deep: cfg.deep }, cfg.samples);
    progress('one full bonus run');
    const run = await measureBonusRun(db, DAY);
    progress('pgbench select-only on the same database');
    await pgbenchInit(server.urlOf(name), 10);
    const reference = await pgbenchRun(server.urlOf(name), {
      clients: 1,
      threads: 1,
      warmupSeconds: 2,
      seconds: 10,
      scale: 10,
      builtin: 'select-only',
    });

    const lines = queries.map(([label, r]) => `| ${label} | ${ms(r.p50)} | ${ms(r.p99)} |`);
    process.stdout.write(
      `\n# bench:team, ${tree.members} members (heap ${heap}, one leg ${cfg.deep} deep, ${cfg.joiners} joined on the run's day), ${server.source}\n\n` +
        `| query | p50 | p99 |\n|---|---|---|\n${lines.join('\n')}\n` +
        `| pgbench select-only, 1 client, same database (reference; pgbench reports the mean) | ${ms(reference.latencyMs?.mean ?? Number.NaN)} | - |\n\n` +
        `| one full bonus run | |\n|---|---|\n` +
        `| purchasers (${cfg.deepBuyers} at the deep leg's bottom) | ${buyers} |\n` +
        `| members whose volumes moved | ${run.membersMoved} |\n` +
        `| run lines (members who paired) | ${run.runLines} |\n` +
        `| joiners added to the leg counts | ${run.joinersCounted} |\n` +
        `| compute (one transaction) | ${seconds(run.computeMs)} |\n` +
        `| pay (${run.payouts} payouts through the ledger) | ${seconds(run.payMs)} (${Math.round(run.payouts / (run.payMs / 1000))}/s) |\n` +
        `| full run | ${seconds(run.computeMs + run.payMs)} |\n` +
        `| pgbench select-only throughput, same run | ${reference.tps.toFixed(0)} tps (${await pgbenchVersion()}) |\n`,
    );
  } finally {
    await db.destroy();
    if (process.env.BENCH_KEEP !== '1') await dropDatabase(server, name).catch(() => {});
    await server.stop();
  }
}

/**
 * The bulk build leaves a million rows no one has read yet. The first reader of each page would set its
 * rows' hint bits (dirtying it), autovacuum would start on every big table mid-measurement, and the build's
 * dirty pages would be checkpointed under the timed queries: costs of the load, not of the queries. A live
 * database has had them long ago, so they are paid here, before anything is timed.
 */
async function settle(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM (FREEZE, ANALYZE)`.execute(db);
  await sql`CHECKPOINT`.execute(db);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
