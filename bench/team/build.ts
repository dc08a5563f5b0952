import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database';

/**
 * The bench tree, built set-based (generate_series, no API): a "realistic" part of `heap` members placed
 * as a binary heap (member k's parent is k/2, its side k's parity; depth about log2 N) whose sponsor is an
 * ancestor one to three levels up (k >> 1..3, so sponsors have a few to a dozen referrals spread over
 * their legs), and one leg `deep` members deep hanging below the heap's last member, each sponsoring the
 * next. Everyone joins the day before `day`; `joiners` more join on `day` under free heap leaves, for the
 * run to count. Leg member counts are written as a run would have left them (by arithmetic: a heap's
 * subtree sizes bottom-up per level, a chain's by its length), since counting a 100,000-deep chain member
 * by member is exactly the cost decision 31 keeps off every path but the daily one.
 */
export interface TreeShape {
  heap: number;
  deep: number;
  joiners: number;
  day: string;
}

export interface BuiltTree {
  /** The deep leg's bottom member. */
  bottom: number;
  /** The heap's last member, the deep leg's parent. */
  legTop: number;
  members: number;
}

export async function buildTree(db: Db, shape: TreeShape): Promise<BuiltTree> {
  const { heap, deep, joiners, day } = shape;
  const before = sql`${`${day}T00:00:00Z`}::timestamptz - interval '1 day'`;
  const heapDepth = Math.floor(Math.log2(heap));
  await db.transaction().execute(async (trx) => {
    // The sign-up trigger's rows (jumps, counts) are written below in bulk, by the shape's arithmetic: row by
    // row they took minutes on a loaded machine. This database is the bench's own.
    await sql`ALTER TABLE members DISABLE TRIGGER members_team_counts`.execute(trx);
    await sql`
      INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
        placement_depth, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT k, 'bm' || lpad(k::text, 8, '0'), 'x', 'member', nullif(k >> (1 + k % 3), 0), nullif(k / 2, 0),
        CASE WHEN k = 1 THEN NULL WHEN k % 2 = 0 THEN 'left' ELSE 'right' END,
        floor(ln(k::float8) / ln(2::float8) + 1e-9)::int, ${before}
      FROM generate_series(1, ${heap}) k`.execute(trx);
    await sql`
      INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
        placement_depth, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${heap} + i, 'dl' || lpad(i::text, 8, '0'), 'x', 'member', ${heap} + i - 1, ${heap} + i - 1, 'left',
        ${heapDepth} + i, ${before}
      FROM generate_series(1, ${deep}) i`.execute(trx);
    await sql`INSERT INTO team_counts (member_id) SELECT id FROM members`.execute(trx);
    // jumps[j + 1] is the ancestor 2^j levels up: k >> 2^j in the heap; in the leg, up the leg first.
    await sql`
      INSERT INTO placement_jumps (member_id, jumps)
      SELECT m.id, ARRAY(SELECT m.id >> (1 << j) FROM generate_series(0, 30) j
                         WHERE (1 << j) <= m.placement_depth ORDER BY j)
      FROM members m WHERE m.id <= ${heap}`.execute(trx);
    await sql`
      INSERT INTO placement_jumps (member_id, jumps)
      SELECT ${heap} + i, ARRAY(
        SELECT CASE WHEN (1 << j) <= i THEN ${heap} + i - (1 << j) ELSE ${heap} >> ((1 << j) - i) END
        FROM generate_series(0, 30) j WHERE (1 << j) <= ${heapDepth} + i ORDER BY j)
      FROM generate_series(1, ${deep}) i`.execute(trx);
    await sql`ALTER TABLE members ENABLE TRIGGER members_team_counts`.execute(trx);
  });
  await db.transaction().execute(async (trx) => {
    // Heap subtree sizes bottom-up, a level per statement; the deep leg counts under the heap's last member.
    await sql`CREATE TEMP TABLE sizes (id bigint PRIMARY KEY, size bigint NOT NULL) ON COMMIT DROP`.execute(
      trx,
    );
    for (let level = heapDepth; level >= 0; level--) {
      await sql`
        INSERT INTO sizes
        SELECT k, 1 + coalesce(l.size, 0) + coalesce(r.size, 0) + CASE WHEN k = ${heap} THEN ${deep} ELSE 0 END
        FROM generate_series(${2 ** level}::int, ${Math.min(2 ** (level + 1) - 1, heap)}::int) k
        LEFT JOIN sizes l ON l.id = 2 * k LEFT JOIN sizes r ON r.id = 2 * k + 1`.execute(trx);
    }
    await sql`
      INSERT INTO member_leg_counts (member_id, left_members, right_members)
      SELECT s.id, coalesce(l.size, 0) + CASE WHEN s.id = ${heap} THEN ${deep} ELSE 0 END, coalesce(r.size, 0)
      FROM sizes s LEFT JOIN sizes l ON l.id = 2 * s.id LEFT JOIN sizes r ON r.id = 2 * s.id + 1
      WHERE l.id IS NOT NULL OR s.id = ${heap}`.execute(trx);
    await sql`
      INSERT INTO member_leg_counts (member_id, left_members, right_members)
      SELECT ${heap} + i, ${deep} - i, 0 FROM generate_series(1, ${deep} - 1) i`.execute(trx);
    await sql`UPDATE member_count_mark SET counted_until = ${day}::timestamptz`.execute(trx);
    // The day's joiners: new members under free heap leaves, counted by the run.
    await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), ${heap + deep})`.execute(trx);
    await sql`
      INSERT INTO members (username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
        placement_depth, created_at)
      SELECT 'dj' || lpad(j::text, 8, '0'), 'x', 'member', p.id / 2, p.id, 'left', p.placement_depth + 1,
        ${`${day}T08:00:00Z`}::timestamptz
      FROM generate_series(1, ${joiners}) j JOIN members p ON p.id = ${heap} / 2 + j`.execute(trx);
  });
  await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`.execute(
    db,
  );
  await sql`ANALYZE`.execute(db);
  return { bottom: heap + deep, legTop: heap, members: heap + deep + joiners };
}

/**
 * The day's purchases: `buyers` members of the heap (spread evenly) and the bottom `deepBuyers` of the deep
 * leg, whose volume climbs all of it.
 */
export async function addPurchases(
  db: Db,
  o: { heap: number; bottom: number; buyers: number; deepBuyers: number; day: string },
): Promise<number> {
  const step = Math.max(1, Math.floor(o.heap / o.buyers));
  const r = await sql`
    INSERT INTO volume_events (member_id, source, source_id, amount_minor, currency, created_at)
    SELECT id, 'mining', 'bench-' || id, (100 + id % 900) * 1000000, 'USDT', ${`${o.day}T12:00:00Z`}::timestamptz
    FROM members
    WHERE (id <= ${o.heap} AND id % ${step} = 0 AND id / ${step} <= ${o.buyers - o.deepBuyers})
       OR id > ${o.bottom - o.deepBuyers} AND id <= ${o.bottom}`.execute(db);
  await sql`ANALYZE volume_events`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
