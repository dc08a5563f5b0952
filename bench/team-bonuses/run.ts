import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { createLedgerService } from '../../apps/api/src/modules/ledger/ledger.service';
import { createBonusRunService } from '../../apps/api/src/modules/team-bonuses/bonus-run.service';
import { createBonusSettingsService } from '../../apps/api/src/modules/team-bonuses/bonus-settings';
import { pgbenchInit, pgbenchRun, pgbenchVersion } from '../ledger/pgbench';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';

/**
 * One full daily bonus run over a generated tree: a balanced binary tree of BENCH_MEMBERS members plus one
 * leg BENCH_DEPTH deep under its first leaf; BENCH_BUYERS_PERCENT of the tree buys that day, and the bottom
 * BENCH_DEEP_BUYERS of the deep leg too (their volume climbs the whole leg). Printed beside pgbench's
 * tpcb-like figure on the same server in the same run. Not a test: nothing is asserted.
 */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 5_000);
const BUYERS_PERCENT = Number(process.env.BENCH_BUYERS_PERCENT ?? 10);
const DEEP_BUYERS = Number(process.env.BENCH_DEEP_BUYERS ?? 100);
const DAY = '2026-01-01';

const log = (msg: string) => process.stderr.write(`${msg}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const server = await openServer();
  const name = `bench_bonuses_${process.pid}`;
  const pgbenchDb = `bench_bonuses_pgbench_${process.pid}`;
  await createDatabase(server, name);
  await createDatabase(server, pgbenchDb);
  const { db } = createDb(server.urlOf(name), 8);
  try {
    await migrateToLatest(db);
    log(`tree: ${MEMBERS} members in a binary heap, plus a leg ${DEPTH} deep`);
    const base = 1_000_000;
    await db.transaction().execute(async (trx) => {
      // Bulk load: the team module's counters may be rebuilt; they are not what is measured here.
      await sql`SET LOCAL team.skip_counts = 'on'`.execute(trx);
      for (let level = 0; 2 ** level <= MEMBERS; level++) {
        const from = 2 ** level;
        const to = Math.min(2 ** (level + 1) - 1, MEMBERS);
        await sql`
          INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
            placement_depth, created_at)
          OVERRIDING SYSTEM VALUE
          SELECT ${base} + k, 'bench' || lpad(k::text, 7, '0'), 'x', 'member',
            CASE WHEN k = 1 THEN NULL ELSE ${base} + k / 2 END,
            CASE WHEN k = 1 THEN NULL ELSE ${base} + k / 2 END,
            CASE WHEN k = 1 THEN NULL WHEN k % 2 = 0 THEN 'left' ELSE 'right' END,
            ${level}, ${`${DAY}T00:00:00Z`}::timestamptz - interval '1 day'
          FROM generate_series(${from}::int, ${to}::int) k`.execute(trx);
      }
      // The deep leg hangs under the heap's last member, alternating sides.
      const top = base + MEMBERS;
      const topDepth = Math.floor(Math.log2(MEMBERS));
      for (let i = 1; i <= DEPTH; i++) {
        await sql`
          INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
            placement_depth, created_at)
          OVERRIDING SYSTEM VALUE
          VALUES (${top + i}, ${`deep${String(i).padStart(7, '0')}`}, 'x', 'member', ${top + i - 1}, ${top + i - 1},
            ${i % 2 === 0 ? 'left' : 'right'}, ${topDepth + i}, ${`${DAY}T00:00:00Z`}::timestamptz - interval '1 day')`.execute(
          trx,
        );
      }
      await sql`
        INSERT INTO volume_events (member_id, source, source_id, amount_minor, currency, created_at)
        SELECT id, 'mining', 'bench-' || id, (100 + id % 900) * 1000000, 'USDT', ${`${DAY}T12:00:00Z`}::timestamptz
        FROM members
        WHERE (id BETWEEN ${base + 1} AND ${base + MEMBERS} AND id % 100 < ${BUYERS_PERCENT})
           OR id > ${top + DEPTH - DEEP_BUYERS}`.execute(trx);
    });
    await sql`ANALYZE`.execute(db);
    const buyers = await sql<{ n: number }>`SELECT count(*)::int AS n FROM volume_events`.execute(db);

    const ledger = createLedgerService({ db });
    const settings = createBonusSettingsService({ db });
    const runs = createBonusRunService({ db, ledger, settings });
    const claimed = await db
      .insertInto('bonus_runs')
      .values({
        period_start: DAY,
        status: 'running',
        settings: JSON.stringify((await settings.current()).settings),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    log('compute...');
    let t0 = performance.now();
    await runs.compute(claimed.id);
    const computeMs = performance.now() - t0;
    log('pay...');
    t0 = performance.now();
    const paid = await runs.pay(claimed.id);
    const payMs = performance.now() - t0;
    const lines = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM bonus_run_members WHERE run_id = ${claimed.id}`.execute(db);

    log('pgbench reference...');
    await pgbenchInit(server.urlOf(pgbenchDb), 10);
    const reference = await pgbenchRun(server.urlOf(pgbenchDb), {
      clients: 8,
      threads: 2,
      warmupSeconds: 2,
      seconds: 10,
      scale: 10,
    });

    console.log(`# bench:bonuses (${server.source})`);
    console.log(`members                 ${MEMBERS + DEPTH} (heap of ${MEMBERS}, one leg ${DEPTH} deep)`);
    console.log(`buyers that day         ${buyers.rows[0]!.n}`);
    console.log(`members with new volume ${lines.rows[0]!.n}`);
    console.log(`compute (one txn)       ${seconds(computeMs)}`);
    console.log(
      `pay (${paid} payouts)   ${seconds(payMs)}  (${Math.round(paid / (payMs / 1000))} payouts/s)`,
    );
    console.log(`full run                ${seconds(computeMs + payMs)}`);
    console.log(
      `pgbench tpcb-like       ${reference.tps.toFixed(0)} tps (8 clients, ${await pgbenchVersion()})`,
    );
  } finally {
    await db.destroy();
    await dropDatabase(server, name);
    await dropDatabase(server, pgbenchDb);
    await server.stop();
  }
}

await main();
