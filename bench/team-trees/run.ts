/**
 * The team trees at scale: a placement tree of BENCH_MEMBERS members (default 1,000,000: a balanced tree,
 * plus one leg BENCH_DEEP members deep, default 100,000), then the 99th percentile of a downline check, one
 * tree view and one sign-up placement, beside one primary-key lookup (pgbench's select-only query) through the
 * same client on the same server. Run: `npx tsx bench/team-trees/run.ts` (see bench/README.md). Not a test: nothing is asserted.
 */
import { sql } from 'kysely';
import { createDb } from '../../apps/api/src/db/database';
import { migrateToLatest } from '../../apps/api/src/db/migrate';
import { createTeamService } from '../../apps/api/src/modules/team/team.service';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';

function intEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const cfg = {
  members: intEnv('BENCH_MEMBERS', 1_000_000),
  deep: intEnv('BENCH_DEEP', 100_000),
  samples: intEnv('BENCH_SAMPLES', 2000),
};

const started = Date.now();
const progress = (text: string) =>
  process.stderr.write(
    `[bench:team-trees ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${text}\n`,
  );

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function timed(
  samples: number,
  op: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await op(i);
    times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const random = (n: number) => 1 + Math.floor(Math.random() * n);

async function main(): Promise<void> {
  const server = await openServer();
  const name = `bench_trees_${process.pid}`;
  await createDatabase(server, name);
  const { db, pool } = createDb(server.urlOf(name), 4);
  try {
    await migrateToLatest(db);
    const balanced = cfg.members - cfg.deep;
    progress(`building ${balanced} members as a balanced tree and a leg ${cfg.deep} deep (not timed)`);
    const buildStart = performance.now();
    // Member k's parent is k/2 (heap order: parents first), its side k's parity. The counters' per-row walk
    // up is skipped (team.skip_counts): the view reads them either way; the jumps are written as at sign-up.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL team.skip_counts = 'on'`.execute(trx);
      await sql`
        INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
          placement_depth)
        OVERRIDING SYSTEM VALUE
        SELECT k, 'bm' || lpad(k::text, 8, '0'), 'x', 'member', nullif(k / 2, 0), nullif(k / 2, 0),
          CASE WHEN k = 1 THEN NULL WHEN k % 2 = 0 THEN 'left' ELSE 'right' END, floor(log(2, k))::int
        FROM generate_series(1, ${balanced}) k`.execute(trx);
    });
    // The deep leg hangs below the balanced tree's last member.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL team.skip_counts = 'on'`.execute(trx);
      await sql`
        INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
          placement_depth)
        OVERRIDING SYSTEM VALUE
        SELECT ${balanced} + i, 'dl' || lpad(i::text, 8, '0'), 'x', 'member', ${balanced} + i - 1, ${balanced} + i - 1, 'left',
          floor(log(2, ${balanced}))::int + i
        FROM generate_series(1, ${cfg.deep}) i`.execute(trx);
    });
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${cfg.members + 1})`.execute(db);
    await sql`ANALYZE`.execute(db);
    progress(`built in ${((performance.now() - buildStart) / 1000).toFixed(1)} s`);

    const team = createTeamService({ db });
    const bottom = cfg.members;
    const checkDeep = await timed(cfg.samples, () =>
      sql`SELECT team_in_placement_downline(1, ${bottom})`.execute(db),
    );
    const checkRandom = await timed(cfg.samples, () =>
      sql`SELECT team_in_placement_downline(${random(1000)}, ${random(cfg.members)})`.execute(db),
    );
    const viewDeep = await timed(cfg.samples / 4, () =>
      team.placementTree('1', { node: String(bottom - random(1000)), levels: 3 }),
    );
    const viewTop = await timed(cfg.samples / 4, (i) =>
      team.placementTree(String(1 + (i % 1000)), { levels: 4 }),
    );
    // Sign-ups into free slots: the balanced tree's leaves (depth about log2 N), counters on.
    const leaf = Math.floor(balanced / 2) + 1;
    const signUpShallow = await timed(Math.min(cfg.samples / 4, 500), (i) =>
      sql`INSERT INTO members (username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
            placement_depth)
          SELECT ${`signup${i}`}, 'x', 'member', id, id, 'left', placement_depth + 1 FROM members WHERE id = ${leaf + i}`.execute(
        db,
      ),
    );
    // One at the bottom of the deep leg: the counters walk its whole upline (the accepted O(depth)).
    const signUpDeep = await timed(5, (i) =>
      sql`INSERT INTO members (username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
            placement_depth)
          SELECT ${`deepx${i}`}, 'x', 'member', id, id, 'right', placement_depth + 1
          FROM members WHERE id = ${bottom - 10 - i}`.execute(db),
    );

    // The reference, as pgbench's select-only script does it: one primary-key lookup, same client and server.
    const reference = await timed(cfg.samples, () =>
      sql`SELECT username FROM members WHERE id = ${random(cfg.members)}`.execute(db),
    );

    const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
    const rows: Array<[string, { p50: number; p99: number }]> = [
      [`downline check, ${cfg.deep}+ levels apart`, checkDeep],
      ['downline check, random pairs', checkRandom],
      ['tree view (3 levels) in the deep leg', viewDeep],
      ['tree view (4 levels) near the top', viewTop],
      ['sign-up placement at a leaf (depth ~log2 N)', signUpShallow],
      [`sign-up placement at the deep leg's bottom`, signUpDeep],
    ];
    rows.push(["one primary-key lookup (pgbench select-only's query; reference)", reference]);
    const lines = rows.map(([label, r]) => `| ${label} | ${fmt(r.p50)} | ${fmt(r.p99)} |`);
    process.stdout.write(
      `\nteam trees, ${cfg.members} members (deep leg ${cfg.deep}), ${server.source}\n\n` +
        `| workload | p50 | p99 |\n|---|---|---|\n${lines.join('\n')}\n`,
    );
  } finally {
    await pool.end();
    await dropDatabase(server, name).catch(() => {});
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
