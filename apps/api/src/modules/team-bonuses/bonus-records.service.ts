import type {
  TBonusRecord,
  TBonusRecordDetail,
  TBonusRecordsQuery,
  TBonusSummary,
  TBonusSummaryQuery,
  TRank,
} from '@app/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { decimalText } from './bonus-settings';

type PayoutQuery = SelectQueryBuilder<Database, 'bonus_payouts', object>;

function inRange(query: PayoutQuery, from?: string, to?: string): PayoutQuery {
  let q = query;
  if (from) q = q.where('period_start', '>=', from);
  if (to) q = q.where('period_start', '<=', to);
  return q;
}

/** A member's own bonus records (bonussummary, bonusrecord, searchBonusrecord): only ever their own rows. */
export function createBonusRecordService(deps: { db: Db }) {
  const { db } = deps;

  async function decimalsOf(currency: string): Promise<number> {
    const row = await db
      .selectFrom('currencies')
      .select('decimals')
      .where('code', '=', currency)
      .executeTakeFirst();
    return row?.decimals ?? 6;
  }

  async function recordOf(row: {
    id: string;
    type: 'sponsor' | 'pairing';
    period: string;
    rank: string;
    rate_bps: number;
    base_minor: string;
    amount_minor: string;
    currency: string;
    capped: boolean;
    paid_at: Date | null;
  }): Promise<TBonusRecord> {
    const decimals = await decimalsOf(row.currency);
    return {
      id: row.id,
      type: row.type,
      periodStart: row.period,
      rank: row.rank as TRank,
      rateBps: row.rate_bps,
      base: decimalText(row.base_minor, decimals),
      amount: decimalText(row.amount_minor, decimals),
      currency: row.currency,
      capped: row.capped,
      paid: row.paid_at !== null,
    };
  }

  const recordColumns = [
    'id',
    'type',
    sql<string>`period_start::text`.as('period'),
    'rank',
    'rate_bps',
    'base_minor',
    'amount_minor',
    'currency',
    'capped',
    'paid_at',
    'run_id',
  ] as const;

  return {
    summary: async (memberId: string, q: TBonusSummaryQuery, currency: string): Promise<TBonusSummary> => {
      if (q.from && q.to && q.from > q.to) throw new AppError('BONUS_DATE_INVALID');
      const decimals = await decimalsOf(currency);
      const totals = await inRange(
        db.selectFrom('bonus_payouts').where('member_id', '=', memberId).where('currency', '=', currency),
        q.from,
        q.to,
      )
        .select([
          sql<string>`coalesce(sum(amount_minor) FILTER (WHERE type = 'sponsor'), 0)::text`.as('sponsor'),
          sql<string>`coalesce(sum(amount_minor) FILTER (WHERE type = 'pairing'), 0)::text`.as('pairing'),
        ])
        .executeTakeFirstOrThrow();
      const member = await db
        .selectFrom('members as m')
        .leftJoin('member_volumes as v', 'v.member_id', 'm.id')
        .select([
          sql<string>`member_rank(m.id)`.as('rank'),
          sql<string>`coalesce(v.left_total_minor, 0)::text`.as('left_total'),
          sql<string>`coalesce(v.right_total_minor, 0)::text`.as('right_total'),
          sql<string>`coalesce(v.left_carry_minor, 0)::text`.as('left_carry'),
          sql<string>`coalesce(v.right_carry_minor, 0)::text`.as('right_carry'),
        ])
        .where('m.id', '=', memberId)
        .executeTakeFirstOrThrow();
      return {
        currency,
        rank: member.rank as TRank,
        sponsor: decimalText(totals.sponsor, decimals),
        pairing: decimalText(totals.pairing, decimals),
        total: decimalText(BigInt(totals.sponsor) + BigInt(totals.pairing), decimals),
        leftTotal: decimalText(member.left_total, decimals),
        rightTotal: decimalText(member.right_total, decimals),
        leftCarry: decimalText(member.left_carry, decimals),
        rightCarry: decimalText(member.right_carry, decimals),
      };
    },

    records: async (memberId: string, q: TBonusRecordsQuery) => {
      if (q.from && q.to && q.from > q.to) throw new AppError('BONUS_DATE_INVALID');
      let query = inRange(db.selectFrom('bonus_payouts').where('member_id', '=', memberId), q.from, q.to);
      if (q.type) query = query.where('type', '=', q.type);
      const rows = await query
        .select(recordColumns)
        .orderBy('period_start', 'desc')
        .orderBy('type')
        .orderBy('id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return { items: await Promise.all(rows.map(recordOf)), page: q.page, pageSize: q.pageSize };
    },

    /** One record; a pairing record with the volumes and carry it was computed from. Another's: not found. */
    record: async (memberId: string, id: string): Promise<TBonusRecordDetail> => {
      const row = await db
        .selectFrom('bonus_payouts')
        .select(recordColumns)
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!row) throw new AppError('BONUS_RECORD_NOT_FOUND');
      const record = await recordOf(row);
      if (row.type !== 'pairing') return { ...record, pairing: null };
      const line = await db
        .selectFrom('bonus_run_members')
        .selectAll()
        .where('run_id', '=', row.run_id)
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      const decimals = await decimalsOf(row.currency);
      const d = (v: string) => decimalText(v, decimals);
      return {
        ...record,
        pairing: {
          newLeft: d(line.new_left_minor),
          newRight: d(line.new_right_minor),
          leftCarryBefore: d(line.left_carry_before_minor),
          rightCarryBefore: d(line.right_carry_before_minor),
          matched: d(line.matched_minor),
          leftCarryAfter: d(line.left_carry_after_minor),
          rightCarryAfter: d(line.right_carry_after_minor),
        },
      };
    },
  };
}

export type BonusRecordService = ReturnType<typeof createBonusRecordService>;
