import type {
  TAdjustBalance,
  TAdminApproval,
  TAdminApprovalsQuery,
  TApprovalKind,
  TManualDeposit,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { big } from './amounts';
import { usdMicrosOf } from './rates';

/**
 * Four eyes (decision 45): the store of admin money actions above FOUR_EYES_THRESHOLD_USD that wait for a
 * second admin. The funding service asks, approves (executing through the ledger) and rejects; this file
 * holds their rows.
 */

export interface ApprovalRow {
  id: string;
  kind: TApprovalKind;
  payload: unknown;
  status: 'pending' | 'approved' | 'rejected';
  requested_by: string;
}

/**
 * How long four eyes keeps valuing a coin at a price an admin lowered (decision 58): long enough that
 * "lower the price, adjust, raise it again" cannot pass unseen, short enough that a real fall in a coin's
 * worth stops counting at its old price within the week.
 */
export const LOWERED_PRICE_MEMORY_DAYS = 7;

/**
 * What the amount is worth in USD micros for four eyes: by the higher of the currency's price now and a
 * lowered price still remembered; null when neither is positive.
 */
export async function usdWorth(db: Db, currency: { code: string; decimals: number }, amount: bigint) {
  const price = await db
    .selectFrom('currency_prices')
    .select([
      'usd_micros',
      sql<string>`CASE WHEN four_eyes_floor_until > now() THEN four_eyes_floor_micros ELSE 0 END`.as('floor'),
    ])
    .where('currency', '=', currency.code)
    .executeTakeFirst();
  const now = price ? big(price.usd_micros) : 0n;
  const floor = price ? big(price.floor) : 0n;
  const micros = now > floor ? now : floor;
  return micros > 0n ? usdMicrosOf(amount, currency.decimals, micros) : null;
}

/**
 * Above the threshold (strictly), or of a currency without a price: a coin an admin priced at nothing is
 * not thereby out of four eyes' sight.
 */
export function needsSecondAdmin(usdMicros: bigint | null, thresholdUsd: number): boolean {
  return usdMicros === null || usdMicros > BigInt(thresholdUsd) * 1_000_000n;
}

export function createApprovalStore(db: Db) {
  const view = async (ids: string[], viewerId: string): Promise<TAdminApproval[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('admin_approvals as a')
      .innerJoin('members as r', 'r.id', 'a.requested_by')
      .leftJoin('members as d', 'd.id', 'a.decided_by')
      .select([
        'a.id',
        'a.kind',
        'a.status',
        'a.payload',
        'a.usd_micros',
        'a.requested_by',
        'a.requested_at',
        'a.decided_at',
        'a.reject_reason',
        'r.username as requester',
        'd.username as decider',
      ])
      .where('a.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const micros = big(r.usd_micros);
      return [
        {
          id: r.id,
          kind: r.kind,
          status: r.status,
          adjustment: r.kind === 'adjustment' ? (r.payload as TAdjustBalance) : null,
          deposit: r.kind === 'manual_deposit' ? (r.payload as TManualDeposit) : null,
          usdValue: `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`,
          requestedBy: r.requester,
          requestedAt: r.requested_at.toISOString(),
          decidedBy: r.decider,
          decidedAt: r.decided_at?.toISOString() ?? null,
          rejectReason: r.reject_reason,
          mine: r.requested_by === viewerId,
        },
      ];
    });
  };

  return {
    view: async (id: string, viewerId: string) => (await view([id], viewerId))[0]!,

    /** Files a request once per id (the id derives from the request's Idempotency-Key). */
    async insert(
      ex: Db,
      row: {
        id: string;
        kind: TApprovalKind;
        payload: TAdjustBalance | TManualDeposit;
        memberId: string;
        currency: string;
        amount: bigint;
        usdMicros: bigint;
        requestedBy: string;
      },
    ): Promise<boolean> {
      const inserted = await ex
        .insertInto('admin_approvals')
        .values({
          id: row.id,
          kind: row.kind,
          payload: JSON.stringify(row.payload),
          member_id: row.memberId,
          currency: row.currency,
          amount: row.amount.toString(),
          usd_micros: row.usdMicros.toString(),
          requested_by: row.requestedBy,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(inserted);
    },

    /**
     * Decides a pending request in the caller's transaction: one UPDATE that only a pending row of another
     * admin passes, so of two admins deciding at once the second finds it decided (the row lock makes it
     * wait for the first to commit). Throws why it did not pass.
     */
    async decide(
      trx: Db,
      id: string,
      deciderId: string,
      decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ): Promise<ApprovalRow> {
      let update = trx
        .updateTable('admin_approvals')
        .set({
          status: decision.status,
          decided_by: deciderId,
          decided_at: new Date(),
          reject_reason: decision.status === 'rejected' ? decision.reason : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending');
      if (decision.status === 'approved') update = update.where('requested_by', '<>', deciderId);
      const row = await update
        .returning(['id', 'kind', 'payload', 'status', 'requested_by'])
        .executeTakeFirst();
      if (row) return row;
      const existing = await trx
        .selectFrom('admin_approvals')
        .select(['status', 'requested_by'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!existing) throw new AppError('APPROVAL_NOT_FOUND');
      if (existing.status !== 'pending') throw new AppError('APPROVAL_ALREADY_DECIDED');
      throw new AppError('APPROVAL_OWN_REQUEST', 'Another admin must approve this');
    },

    setTransfer: (trx: Db, id: string, transferId: string) =>
      trx.updateTable('admin_approvals').set({ transfer_id: transferId }).where('id', '=', id).execute(),

    async list(q: TAdminApprovalsQuery, viewerId: string) {
      let query = db.selectFrom('admin_approvals').select('id');
      if (q.status) query = query.where('status', '=', q.status);
      const rows = await query
        .orderBy(sql`status = 'pending'`, 'desc')
        .orderBy('requested_at', 'desc')
        .orderBy('id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute();
      return {
        items: await view(
          rows.map((r) => r.id),
          viewerId,
        ),
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}

export type ApprovalStore = ReturnType<typeof createApprovalStore>;
