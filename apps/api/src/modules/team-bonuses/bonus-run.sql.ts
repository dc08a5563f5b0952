import { Ranks } from '@app/contracts';
import { sql } from 'kysely';
import type { Trx } from '../ledger/ledger.types';
import type { MinorRule } from './bonus-settings';
import { countJoinedMembers } from './leg-totals';
import { sumUpPlacementTree } from './upline-sums';

/** A member without a `member_ranks` row holds the lowest rank (as `member_rank()` reads it). */
const LOWEST_RANK = Ranks[0];

/**
 * The rank a member's figures (`personal`, `directs`, `weaker` columns) reach under the run's rules: the
 * highest rule by order whose three minimums they meet, else the lowest rule's rank. One CASE of the rules'
 * values, not a sub-select of the rules table per member (356,225 of them in the bench; decision 39).
 */
function rankReached(rules: MinorRule[]) {
  const byOrder = [...rules].sort((a, b) => b.ord - a.ord);
  const lowest = byOrder.at(-1);
  if (!lowest) throw new Error('a run has rank rules');
  const reached = byOrder.map(
    (r) =>
      sql`WHEN personal >= ${r.min_personal}::bigint AND directs >= ${r.min_directs}::int
        AND weaker >= ${r.min_weaker}::bigint THEN ${r.rank}`,
  );
  return sql`CASE ${sql.join(reached, sql` `)} ELSE ${lowest.rank} END`;
}

/**
 * The set-based heart of a run, inside the run's one compute transaction. Every step is one statement over
 * all members at once; nothing walks the upline per purchase. Each table a run keeps is written once per
 * member, from staged temporary tables that live until the commit (or the rollback of a dry run).
 */
export async function computeRun(
  trx: Trx,
  run: { id: string; periodStart: string; currency: string; volumeCurrencies: string[]; rules: MinorRule[] },
): Promise<void> {
  // For this transaction only (decision 39): no JIT compilation (its statements are index lookups, joins and
  // sorts over hundreds of thousands of rows, which compiled expressions barely speed up, and compiling the
  // larger ones cost about 0.5 s each), and room for their hash tables and sorts in memory (with the
  // default 4 MB they spilled to disk in batches). One run computes at a time.
  await sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '128MB', true)`.execute(trx);
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
  await sql`ANALYZE run_buyers`.execute(trx);

  // Every placement ancestor of every buyer with the volume that came up each of its legs: each ancestor
  // visited once, however many buyers share it (decision 31, run speed).
  await sumUpPlacementTree(trx, sql`run_buyers`, 'run_legs');

  // One staged row per member whose volumes move (buyers and their ancestors): the totals after this
  // period, the carry before it and what pairs. Everything below reads it, and `member_volumes` is written
  // once from it, in member order (index pages and the member rows its keys check are then met in turn,
  // not at random). Pairing: the weaker side (carry plus new) is matched against the stronger; the rest of
  // the stronger side carries forward. Matched volume over the daily cap is not carried (it was paired).
  // A buyer with no new leg volume pairs nothing and keeps its carry.
  await sql`
    CREATE TEMP TABLE run_volumes ON COMMIT DROP AS
    SELECT x.member_id, x.personal, x.new_left, x.new_right, x.has_legs,
      coalesce(v.personal_total_minor, 0) + x.personal AS personal_total,
      coalesce(v.left_total_minor, 0) + x.new_left AS left_total,
      coalesce(v.right_total_minor, 0) + x.new_right AS right_total,
      coalesce(v.left_carry_minor, 0) AS left_carry,
      coalesce(v.right_carry_minor, 0) AS right_carry,
      CASE WHEN x.has_legs
        THEN least(coalesce(v.left_carry_minor, 0) + x.new_left, coalesce(v.right_carry_minor, 0) + x.new_right)
        ELSE 0 END AS matched
    FROM (
      SELECT coalesce(b.member_id, l.member_id) AS member_id, coalesce(b.amount, 0) AS personal,
        coalesce(l.new_left, 0) AS new_left, coalesce(l.new_right, 0) AS new_right,
        l.member_id IS NOT NULL AS has_legs
      FROM run_buyers b FULL JOIN run_legs l ON l.member_id = b.member_id
    ) x
    LEFT JOIN member_volumes v ON v.member_id = x.member_id
    ORDER BY x.member_id`.execute(trx);
  await sql`ANALYZE run_volumes`.execute(trx);

  // Ranks, before any bonus: a rank reached with this period's volume pays this period's bonuses. Whose
  // rank can change: members whose volumes moved, and sponsors who gained a direct referral this period.
  await sql`
    CREATE TEMP TABLE run_ranks ON COMMIT DROP AS
    WITH candidates AS (
      SELECT member_id FROM run_volumes
      UNION
      SELECT sponsor_id FROM members
      WHERE sponsor_id IS NOT NULL AND created_at >= ${start} AND created_at < ${end}
    ),
    directs AS (
      SELECT m.sponsor_id AS member_id, count(*)::int AS n
      FROM members m JOIN candidates c ON c.member_id = m.sponsor_id
      WHERE m.created_at < ${end}
      GROUP BY m.sponsor_id
    ),
    figures AS (
      SELECT c.member_id, coalesce(mr.rank, ${LOWEST_RANK}) AS old_rank,
        coalesce(t.personal_total, v.personal_total_minor, 0) AS personal,
        coalesce(d.n, 0) AS directs,
        least(coalesce(t.left_total, v.left_total_minor, 0), coalesce(t.right_total, v.right_total_minor, 0))
          AS weaker
      FROM candidates c
      LEFT JOIN member_ranks mr ON mr.member_id = c.member_id
      LEFT JOIN run_volumes t ON t.member_id = c.member_id
      LEFT JOIN member_volumes v ON v.member_id = c.member_id
      LEFT JOIN directs d ON d.member_id = c.member_id
    )
    SELECT member_id, old_rank, ${rankReached(run.rules)} AS new_rank FROM figures`.execute(trx);
  await sql`ANALYZE run_ranks`.execute(trx);
  await sql`
    INSERT INTO rank_history (member_id, run_id, from_rank, to_rank)
    SELECT member_id, ${run.id}, old_rank, new_rank FROM run_ranks WHERE old_rank <> new_rank`.execute(trx);
  // The current rank lives in its own narrow table, not in `members` (a row of eight indexes; decision 37).
  await sql`
    INSERT INTO member_ranks (member_id, rank)
    SELECT member_id, new_rank FROM run_ranks WHERE old_rank <> new_rank ORDER BY member_id
    ON CONFLICT (member_id) DO UPDATE SET rank = excluded.rank`.execute(trx);

  // Each moved member's row once: totals and carries together. An update joined with the staged rows, then
  // an insert of the members who have no row yet: an upsert (INSERT ... ON CONFLICT) did the same row by
  // row, a speculative insertion and a conflict each, about twice as slow (decision 39).
  await sql`
    UPDATE member_volumes v SET
      personal_total_minor = t.personal_total,
      left_total_minor = t.left_total,
      right_total_minor = t.right_total,
      left_carry_minor = t.left_carry + t.new_left - t.matched,
      right_carry_minor = t.right_carry + t.new_right - t.matched,
      last_run_id = ${run.id}
    FROM run_volumes t
    WHERE v.member_id = t.member_id`.execute(trx);
  await sql`
    INSERT INTO member_volumes (member_id, personal_total_minor, left_total_minor, right_total_minor,
      left_carry_minor, right_carry_minor, last_run_id)
    SELECT t.member_id, t.personal_total, t.left_total, t.right_total, t.left_carry + t.new_left - t.matched,
      t.right_carry + t.new_right - t.matched, ${run.id}
    FROM run_volumes t
    WHERE NOT EXISTS (SELECT 1 FROM member_volumes v WHERE v.member_id = t.member_id)
    ORDER BY t.member_id`.execute(trx);

  // The run's line of every member who paired, at the rank just computed: what a pairing record shows (the
  // volumes and carry its bonus came from), and its one reader. A member whose volumes moved without pairing
  // has no line (decision 37): their totals and carry are in member_volumes, their rank change in
  // rank_history; a line each was 306,230 rows a run in the bench for 56,253 payouts.
  await sql`
    INSERT INTO bonus_run_members (run_id, member_id, rank, new_left_minor, new_right_minor,
      left_carry_before_minor, right_carry_before_minor, matched_minor, left_carry_after_minor,
      right_carry_after_minor)
    SELECT ${run.id}, t.member_id, r.new_rank, t.new_left, t.new_right, t.left_carry, t.right_carry,
      t.matched, t.left_carry + t.new_left - t.matched, t.right_carry + t.new_right - t.matched
    FROM run_volumes t JOIN run_ranks r ON r.member_id = t.member_id
    WHERE t.has_legs AND t.matched > 0
    ORDER BY t.member_id`.execute(trx);

  const payoutId = (type: string) => sql`bonus_payout_id(${run.id}, x.member_id, ${type})`;
  const currency = run.currency;

  // Rounding: every bonus is rounded down to the minor unit (the platform never pays a fraction it lacks).
  await sql`
    INSERT INTO bonus_payouts (id, run_id, member_id, type, period_start, rank, rate_bps, base_minor,
      amount_minor, capped, currency)
    SELECT ${payoutId('pairing')}, ${run.id}, x.member_id, 'pairing', ${run.periodStart}::date, x.rank,
      x.pairing_bps, x.matched_minor, least(x.raw, x.cap), x.raw > x.cap, ${currency}
    FROM (
      SELECT t.member_id, r.new_rank AS rank, t.matched AS matched_minor, u.pairing_bps, u.cap,
        floor(t.matched::numeric * u.pairing_bps / 10000)::bigint AS raw
      FROM run_volumes t
      JOIN run_ranks r ON r.member_id = t.member_id
      JOIN run_rules u ON u.rank = r.new_rank
      WHERE t.has_legs AND t.matched > 0
    ) x
    WHERE least(x.raw, x.cap) > 0`.execute(trx);

  await sql`
    INSERT INTO bonus_payouts (id, run_id, member_id, type, period_start, rank, rate_bps, base_minor,
      amount_minor, capped, currency)
    SELECT ${payoutId('sponsor')}, ${run.id}, x.member_id, 'sponsor', ${run.periodStart}::date, x.rank,
      x.sponsor_bps, x.base, x.amount, false, ${currency}
    FROM (
      SELECT m.sponsor_id AS member_id, u.rank, u.sponsor_bps, sum(b.amount)::bigint AS base,
        floor(sum(b.amount)::numeric * u.sponsor_bps / 10000)::bigint AS amount
      FROM run_buyers b
      JOIN members m ON m.id = b.member_id
      LEFT JOIN member_ranks s ON s.member_id = m.sponsor_id
      JOIN run_rules u ON u.rank = coalesce(s.rank, ${LOWEST_RANK})
      WHERE m.sponsor_id IS NOT NULL
      GROUP BY m.sponsor_id, u.rank, u.sponsor_bps
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
