import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Trx } from '../ledger/ledger.types';
import { sumUpPlacementTree } from './upline-sums';

/**
 * Each member's left and right legs as the bonus runs count them: members (`member_leg_counts`) and
 * volumes (`member_volumes`). This module is their one owner; the team trees read them through
 * `createLegTotals`.
 */

/**
 * Adds the members who joined in [mark, until) to every placement ancestor's leg count, summed up the tree
 * like the run's volumes (`sumUpPlacementTree`: each ancestor visited once), and moves the mark to `until`. The
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
  const joined = await sumUpPlacementTree(
    trx,
    sql`(SELECT id AS member_id, 1 AS amount FROM members
         WHERE created_at >= ${from} AND created_at < ${until}::timestamptz)`,
    'run_joined',
  );
  if (joined > 0) {
    await sql`
      INSERT INTO member_leg_counts (member_id, left_members, right_members)
      SELECT member_id, new_left, new_right FROM run_joined
      ON CONFLICT (member_id) DO UPDATE SET
        left_members = member_leg_counts.left_members + excluded.left_members,
        right_members = member_leg_counts.right_members + excluded.right_members`.execute(trx);
  }
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
