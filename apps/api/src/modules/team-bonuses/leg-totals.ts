import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/ledger.types';

/**
 * Each member's left and right legs as the bonus runs count them: members (`member_leg_counts`) and
 * volumes (`member_volumes`). This module is their one owner; the team trees read them through
 * `createLegTotals`.
 */

/**
 * Runs an upline walk (a recursive join of a few rows per step with `members`) with nested loops only: with
 * many starting rows the planner otherwise hashes `members` and probes it once per level, which on a leg
 * 100,000 deep took minutes where index lookups take seconds. The settings are restored afterwards (they are
 * transaction-local; an error aborts the transaction anyway).
 */
export async function withIndexWalk<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  const before = await sql<{ hash: string; merge: string }>`
    SELECT current_setting('enable_hashjoin') AS hash, current_setting('enable_mergejoin') AS merge`.execute(
    trx,
  );
  await sql`SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`.execute(
    trx,
  );
  const result = await work();
  const { hash, merge } = before.rows[0]!;
  await sql`SELECT set_config('enable_hashjoin', ${hash}, true), set_config('enable_mergejoin', ${merge}, true)`.execute(
    trx,
  );
  return result;
}

/**
 * Adds the members who joined in [mark, until) to every placement ancestor's leg count, set-based like the
 * run's volumes (rows = those members x their depth, aggregated once), and moves the mark to `until`. The
 * mark row is locked, so two callers count each member once. Sign-ups themselves never touch these rows
 * (decision 31).
 */
export async function countJoinedMembers(trx: Trx, untilTime?: Date): Promise<void> {
  const mark = await sql<{ counted_until: Date; now: Date }>`
    SELECT counted_until, now() FROM member_count_mark WHERE id = 1 FOR UPDATE`.execute(trx);
  const from = mark.rows[0]?.counted_until;
  // By default up to this transaction's start (the demo seed, its members already committed).
  const until = untilTime ?? mark.rows[0]?.now;
  if (!from || !until || from.getTime() >= until.getTime()) return;
  await withIndexWalk(trx, () =>
    sql`
    WITH RECURSIVE up(ancestor, side) AS (
      SELECT placement_parent_id, placement_side FROM members
      WHERE created_at >= ${from} AND created_at < ${until}::timestamptz AND placement_parent_id IS NOT NULL
      UNION ALL
      SELECT p.placement_parent_id, p.placement_side FROM up JOIN members p ON p.id = up.ancestor
      WHERE p.placement_parent_id IS NOT NULL
    )
    INSERT INTO member_leg_counts (member_id, left_members, right_members)
    SELECT ancestor, count(*) FILTER (WHERE side = 'left'), count(*) FILTER (WHERE side = 'right')
    FROM up GROUP BY ancestor
    ON CONFLICT (member_id) DO UPDATE SET
      left_members = member_leg_counts.left_members + excluded.left_members,
      right_members = member_leg_counts.right_members + excluded.right_members`.execute(trx),
  );
  await sql`UPDATE member_count_mark SET counted_until = ${until}::timestamptz WHERE id = 1`.execute(trx);
}

export interface LegTotal {
  leftMembers: number;
  rightMembers: number;
  /** Minor units as decimal strings; null for a member no run has counted volume for. */
  volumes: { left: string; right: string } | null;
}

export interface LegTotalsResult {
  /** Members who joined before this time are in the counts. */
  countedUntil: Date | null;
  byMember: Map<string, LegTotal>;
}

/** The leg totals of a few members (one tree view): two primary-key lookups per member, whatever the tree. */
export function createLegTotals(db: Db) {
  return async (memberIds: string[]): Promise<LegTotalsResult> => {
    // One round trip: the members' rows, each with the mark (the mark alone when no member is asked).
    const found = await sql<{
      id: string | null;
      left_members: string | null;
      right_members: string | null;
      left_total_minor: string | null;
      right_total_minor: string | null;
      counted_until: Date | null;
    }>`
      SELECT ids.id::text AS id, c.left_members, c.right_members, v.left_total_minor, v.right_total_minor,
        mark.counted_until
      FROM member_count_mark mark
      LEFT JOIN (
        unnest(${memberIds}::bigint[]) AS ids(id)
        LEFT JOIN member_leg_counts c ON c.member_id = ids.id
        LEFT JOIN member_volumes v ON v.member_id = ids.id
      ) ON true
      WHERE mark.id = 1`.execute(db);
    const byMember = new Map<string, LegTotal>();
    for (const r of found.rows) {
      if (r.id === null) continue;
      byMember.set(r.id, {
        leftMembers: Number(r.left_members ?? 0),
        rightMembers: Number(r.right_members ?? 0),
        volumes:
          r.left_total_minor === null
            ? null
            : { left: String(r.left_total_minor), right: String(r.right_total_minor) },
      });
    }
    return { countedUntil: found.rows[0]?.counted_until ?? null, byMember };
  };
}

export type LegTotals = ReturnType<typeof createLegTotals>;
