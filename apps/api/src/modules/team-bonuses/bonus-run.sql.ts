import { sql } from 'kysely';
import type { Trx } from '../ledger/ledger.types';
import type { MinorRule } from './bonus-settings';
import { countJoinedMembers, withIndexWalk } from './leg-totals';

/**
 * The set-based heart of a run, inside the run's one compute transaction. Every step is one statement over
 * all members at once; nothing walks the upline per purchase. Temporary tables live until the commit (or
 * the rollback of a dry run).
 */
export async function computeRun(
  trx: Trx,
  run: { id: string; periodStart: string; currency: string; volumeCurrencies: string[]; rules: MinorRule[] },
): Promise<void> {
  const start = sql`${run.periodStart}::date::timestamp AT TIME ZONE 'UTC'`;
  const end = sql`(${run.periodStart}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

  // The leg member counts catch up to the period's end: whoever joined since the last count.
  await countJoinedMembers(trx, new Date(Date.parse(`${run.periodStart}T00:00:00Z`) + 86_400_000));

  await sql`
    CREATE TEMP TABLE run_rules ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(run.rules)}::jsonb) AS r(
      ord int, rank text, min_personal bigint, min_directs int, min_weaker bigint,
      sponsor_bps int, pairing_bps int, cap bigint)`.execute(trx);

  // Each member's own purchases of the period.
  await sql`
    CREATE TEMP TABLE run_buyers ON COMMIT DROP AS
    SELECT member_id, sum(amount_minor)::bigint AS amount
    FROM volume_events
    WHERE created_at >= ${start} AND created_at < ${end} AND currency = ANY(${run.volumeCurrencies}::text[])
    GROUP BY member_id`.execute(trx);

  // Every placement ancestor of every buyer, with the side the purchase came up on, summed per ancestor:
  // one recursive statement whose rows are (buyers x their depth), aggregated once.
  await withIndexWalk(trx, () =>
    sql`
    CREATE TEMP TABLE run_legs ON COMMIT DROP AS
    WITH RECURSIVE up(ancestor, side, amount) AS (
      SELECT m.placement_parent_id, m.placement_side, b.amount
      FROM run_buyers b JOIN members m ON m.id = b.member_id
      WHERE m.placement_parent_id IS NOT NULL
      UNION ALL
      SELECT p.placement_parent_id, p.placement_side, up.amount
      FROM up JOIN members p ON p.id = up.ancestor
      WHERE p.placement_parent_id IS NOT NULL
    )
    SELECT ancestor AS member_id,
      coalesce(sum(amount) FILTER (WHERE side = 'left'), 0)::bigint AS new_left,
      coalesce(sum(amount) FILTER (WHERE side = 'right'), 0)::bigint AS new_right
    FROM up GROUP BY ancestor`.execute(trx),
  );

  await sql`
    INSERT INTO member_volumes (member_id, personal_total_minor, left_total_minor, right_total_minor, last_run_id)
    SELECT coalesce(b.member_id, l.member_id), coalesce(b.amount, 0), coalesce(l.new_left, 0),
      coalesce(l.new_right, 0), ${run.id}
    FROM run_buyers b FULL JOIN run_legs l ON l.member_id = b.member_id
    ON CONFLICT (member_id) DO UPDATE SET
      personal_total_minor = member_volumes.personal_total_minor + excluded.personal_total_minor,
      left_total_minor = member_volumes.left_total_minor + excluded.left_total_minor,
      right_total_minor = member_volumes.right_total_minor + excluded.right_total_minor,
      last_run_id = excluded.last_run_id`.execute(trx);

  // Ranks, before any bonus: a rank reached with this period's volume pays this period's bonuses. Whose
  // rank can change: members whose volumes moved, and sponsors who gained a direct referral this period.
  await sql`
    CREATE TEMP TABLE run_ranks ON COMMIT DROP AS
    WITH candidates AS (
      SELECT member_id FROM member_volumes WHERE last_run_id = ${run.id}
      UNION
      SELECT sponsor_id FROM members
      WHERE sponsor_id IS NOT NULL AND created_at >= ${start} AND created_at < ${end}
    ),
    directs AS (
      SELECT m.sponsor_id AS member_id, count(*)::int AS n
      FROM members m JOIN candidates c ON c.member_id = m.sponsor_id
      WHERE m.created_at < ${end}
      GROUP BY m.sponsor_id
    )
    SELECT c.member_id, m.rank AS old_rank,
      coalesce((
        SELECT r.rank FROM run_rules r
        WHERE coalesce(v.personal_total_minor, 0) >= r.min_personal
          AND coalesce(d.n, 0) >= r.min_directs
          AND least(coalesce(v.left_total_minor, 0), coalesce(v.right_total_minor, 0)) >= r.min_weaker
        ORDER BY r.ord DESC LIMIT 1
      ), (SELECT rank FROM run_rules ORDER BY ord LIMIT 1)) AS new_rank
    FROM candidates c
    JOIN members m ON m.id = c.member_id
    LEFT JOIN member_volumes v ON v.member_id = c.member_id
    LEFT JOIN directs d ON d.member_id = c.member_id`.execute(trx);
  await sql`
    INSERT INTO rank_history (member_id, run_id, from_rank, to_rank)
    SELECT member_id, ${run.id}, old_rank, new_rank FROM run_ranks WHERE old_rank <> new_rank`.execute(trx);
  await sql`
    UPDATE members m SET rank = r.new_rank
    FROM run_ranks r WHERE r.member_id = m.id AND m.rank <> r.new_rank`.execute(trx);

  // Pairing: the weaker side (carry plus new) is matched against the stronger; the rest of the stronger
  // side carries forward. Matched volume over the daily cap is not carried (it was paired).
  await sql`
    INSERT INTO bonus_run_members (run_id, member_id, rank, new_left_minor, new_right_minor,
      left_carry_before_minor, right_carry_before_minor, matched_minor, left_carry_after_minor,
      right_carry_after_minor)
    SELECT ${run.id}, l.member_id, m.rank, l.new_left, l.new_right, v.left_carry_minor, v.right_carry_minor,
      x.matched, v.left_carry_minor + l.new_left - x.matched, v.right_carry_minor + l.new_right - x.matched
    FROM run_legs l
    JOIN members m ON m.id = l.member_id
    JOIN member_volumes v ON v.member_id = l.member_id
    CROSS JOIN LATERAL (
      SELECT least(v.left_carry_minor + l.new_left, v.right_carry_minor + l.new_right) AS matched
    ) x`.execute(trx);
  await sql`
    UPDATE member_volumes v SET
      left_carry_minor = r.left_carry_after_minor, right_carry_minor = r.right_carry_after_minor
    FROM bonus_run_members r WHERE r.run_id = ${run.id} AND r.member_id = v.member_id`.execute(trx);

  const payoutId = (type: string) => sql`bonus_payout_id(${run.id}, x.member_id, ${type})`;
  const currency = run.currency;

  // Rounding: every bonus is rounded down to the minor unit (the platform never pays a fraction it lacks).
  await sql`
    INSERT INTO bonus_payouts (id, run_id, member_id, type, period_start, rank, rate_bps, base_minor,
      amount_minor, capped, currency)
    SELECT ${payoutId('pairing')}, ${run.id}, x.member_id, 'pairing', ${run.periodStart}::date, x.rank,
      x.pairing_bps, x.matched_minor, least(x.raw, x.cap), x.raw > x.cap, ${currency}
    FROM (
      SELECT r.member_id, r.rank, r.matched_minor, u.pairing_bps, u.cap,
        floor(r.matched_minor::numeric * u.pairing_bps / 10000)::bigint AS raw
      FROM bonus_run_members r JOIN run_rules u ON u.rank = r.rank
      WHERE r.run_id = ${run.id}
    ) x
    WHERE least(x.raw, x.cap) > 0`.execute(trx);

  await sql`
    INSERT INTO bonus_payouts (id, run_id, member_id, type, period_start, rank, rate_bps, base_minor,
      amount_minor, capped, currency)
    SELECT ${payoutId('sponsor')}, ${run.id}, x.member_id, 'sponsor', ${run.periodStart}::date, x.rank,
      x.sponsor_bps, x.base, x.amount, false, ${currency}
    FROM (
      SELECT s.id AS member_id, s.rank, u.sponsor_bps, sum(b.amount)::bigint AS base,
        floor(sum(b.amount)::numeric * u.sponsor_bps / 10000)::bigint AS amount
      FROM run_buyers b
      JOIN members m ON m.id = b.member_id
      JOIN members s ON s.id = m.sponsor_id
      JOIN run_rules u ON u.rank = s.rank
      GROUP BY s.id, s.rank, u.sponsor_bps
    ) x
    WHERE x.amount > 0`.execute(trx);
}

/** What a run pays, from its payout rows. */
export async function runTotals(trx: Trx, runId: string) {
  const row = await sql<{ members: number; payouts: number; sponsor: string; pairing: string }>`
    SELECT count(DISTINCT member_id)::int AS members, count(*)::int AS payouts,
      coalesce(sum(amount_minor) FILTER (WHERE type = 'sponsor'), 0)::text AS sponsor,
      coalesce(sum(amount_minor) FILTER (WHERE type = 'pairing'), 0)::text AS pairing
    FROM bonus_payouts WHERE run_id = ${runId}`.execute(trx);
  return row.rows[0]!;
}
