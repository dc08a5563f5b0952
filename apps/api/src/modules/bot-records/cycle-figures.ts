import { format, parse } from '@app/money/decimal';
import { type RawBuilder, sql } from 'kysely';
import { paperFundingPaidSql } from '../exchanges/paper/paper-funding-sql';

/** What a record list is narrowed by (see ZBotRecordsQuery). */
export type RecordFilter = { botId?: string; symbol?: string; from?: string; to?: string };

/** numeric results travel as text rounded to the 18 places the API's decimals carry, then canonical. */
export const canon = (value: string | null): string => format(parse(value ?? '0'));

/** The start of a UTC day, and the start of the day after it (ranges are inclusive days). */
const dayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const dayAfter = (day: string) => sql`(${day}::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/** The conditions of a record filter on a timestamp column, the bot (b) and its member. */
export function filterSql(memberId: string, f: RecordFilter, at: RawBuilder<unknown>) {
  const parts = [sql`b.member_id = ${memberId}`];
  if (f.botId) parts.push(sql`b.id = ${f.botId}`);
  if (f.symbol) parts.push(sql`b.symbol = ${f.symbol}`);
  if (f.from) parts.push(sql`${at} >= ${dayStart(f.from)}`);
  if (f.to) parts.push(sql`${at} < ${dayAfter(f.to)}`);
  return sql.join(parts, sql` AND `);
}

/**
 * A fee in the quote currency: quote fees as they are, base-asset fees (spot buys) at their fill price. A fee
 * in a third asset (an exchange's own token) has no price here and counts as 0.
 */
export const quoteFeeSql = sql`CASE
  WHEN bo.fee_asset = split_part(split_part(b.symbol, '/', 2), ':', 1) THEN bo.fee
  WHEN bo.fee_asset = split_part(b.symbol, '/', 1) THEN bo.fee * bo.average_price
  ELSE 0 END`;

/**
 * The member's closed cycles with what each made, as a subquery (one row per cycle): the volume and fees of
 * its filled orders, and on perpetuals the funding its position paid (positive) or received while the cycle
 * was open: on the paper exchange from its funding records (paperFundingPaidSql), on a real exchange as the worker recorded it in
 * bot_cycles.funding (bots/cycle-funding.ts), null until then; spot has none (null). Profit is the engine's
 * realized result (exits, entries and fees) minus that funding.
 */
export function closedCyclesSql(memberId: string, f: RecordFilter) {
  return sql`
    SELECT c.id, c.bot_id, c.number, c.close_reason, c.average_entry, c.safety_orders_filled,
      coalesce(c.realized_pnl, 0) AS realized_pnl, c.opened_at, c.closed_at,
      b.exchange, b.market_type, b.symbol, b.direction,
      to_char(c.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      coalesce(o.volume, 0) AS volume, coalesce(o.fees, 0) AS fees,
      fn.funding,
      coalesce(c.realized_pnl, 0) - coalesce(fn.funding, 0) AS profit
    FROM bot_cycles c
    JOIN bots b ON b.id = c.bot_id
    LEFT JOIN LATERAL (
      SELECT sum(bo.filled * b.contract_size * bo.average_price) AS volume, sum(${quoteFeeSql}) AS fees
      FROM bot_orders bo WHERE bo.cycle_id = c.id AND bo.filled > 0
    ) o ON true
    LEFT JOIN LATERAL (${paperFundingPaidSql({
      memberId: sql.ref('b.member_id'),
      symbol: sql.ref('b.symbol'),
      after: sql.ref('c.opened_at'),
      until: sql.ref('c.closed_at'),
      when: sql`b.exchange = 'paper' AND b.market_type = 'perpetual'`,
    })}
    ) fu ON true
    CROSS JOIN LATERAL (
      SELECT CASE WHEN b.market_type = 'perpetual' THEN
        CASE WHEN b.exchange = 'paper' THEN coalesce(fu.funding, 0) ELSE c.funding END
      END AS funding
    ) fn
    WHERE c.state = 'closed' AND ${filterSql(memberId, f, sql`c.closed_at`)}`;
}

/** The figures of a group of closed cycles (the columns of closedCyclesSql), rounded to 18 places. */
export const figuresSql = sql`
  count(*)::int AS cycles,
  (count(*) FILTER (WHERE profit > 0))::int AS wins,
  round(coalesce(sum(profit), 0), 18)::text AS profit,
  round(coalesce(sum(volume), 0), 18)::text AS volume,
  round(coalesce(sum(fees), 0), 18)::text AS fees,
  round(coalesce(sum(funding), 0), 18)::text AS funding`;

export interface FiguresRow {
  cycles: number;
  wins: number;
  profit: string;
  volume: string;
  fees: string;
  funding: string;
}

export const toFigures = (r: FiguresRow) => ({
  cycles: r.cycles,
  wins: r.wins,
  profit: canon(r.profit),
  volume: canon(r.volume),
  fees: canon(r.fees),
  funding: canon(r.funding),
});
