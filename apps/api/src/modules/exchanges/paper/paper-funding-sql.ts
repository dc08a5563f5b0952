import { type RawBuilder, sql } from 'kysely';

/**
 * The funding a paper member's perpetual position on a symbol paid (positive) or received in (after, until],
 * as a one-row subquery with the column `funding` (null when none), for another module to embed where it
 * joins per row (bot records: per closed cycle). The paper exchange owns these tables, so their shape stays
 * here; the embedding query stays one statement. `when` is the caller's condition for the row to count at all,
 * checked first so the tables are not read for rows it excludes.
 */
export function paperFundingPaidSql(at: {
  memberId: RawBuilder<unknown>;
  symbol: RawBuilder<unknown>;
  after: RawBuilder<unknown>;
  until: RawBuilder<unknown>;
  when: RawBuilder<unknown>;
}) {
  return sql`
      SELECT sum(pf.amount) AS funding
      FROM paper_funding pf JOIN paper_positions pp ON pp.id = pf.position_id
      WHERE ${at.when}
        AND pp.member_id = ${at.memberId} AND pp.symbol = ${at.symbol}
        AND pf.funding_time > ${at.after} AND pf.funding_time <= ${at.until}`;
}
