import { randomInt } from 'node:crypto';
import type {
  TAdminVoucher,
  TAdminVouchersQuery,
  TIssueVouchers,
  TPage,
  TVoucher,
  TVoucherState,
  TVouchersQuery,
} from '@app/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { type Actor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Trx } from '../ledger/ledger.types';
import { amountOf, currencyOrFail, decimalOf } from '../wallet/amounts';
import { voucherDiscount } from './voucher-discount';

/** What a voucher does to one price. */
export interface VoucherEffect {
  discountMinor: bigint;
  payMinor: bigint;
}

export interface VoucherUse {
  memberId: string;
  voucherId: string;
  /** The price before the discount, in minor units of `currency`. */
  priceMinor: bigint;
  /** The purchase's currency: a voucher limited to another one is refused. */
  currency: string;
}

// Codes are read aloud and typed: no 0/O, 1/I/L.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 12;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

type VoucherQuery = SelectQueryBuilder<Database, 'vouchers' | 'currencies', object>;

function voucherColumns(q: SelectQueryBuilder<Database, 'vouchers', object>) {
  return q.leftJoin('currencies', 'currencies.code', 'vouchers.currency').select([
    'vouchers.id',
    'vouchers.member_id',
    'vouchers.code',
    'vouchers.discount_bps',
    'vouchers.max_discount_minor',
    'vouchers.currency',
    'currencies.decimals',
    'vouchers.expires_at',
    'vouchers.used_at',
    'vouchers.used_for',
    'vouchers.issued_by',
    'vouchers.created_at',
    sql<TVoucherState>`CASE WHEN vouchers.used_at IS NOT NULL THEN 'used'
        WHEN vouchers.expires_at <= now() THEN 'expired' ELSE 'available' END`.as('state'),
  ]);
}
type VoucherRow = Awaited<ReturnType<ReturnType<typeof voucherColumns>['executeTakeFirstOrThrow']>>;

function toVoucher(r: VoucherRow): TVoucher {
  return {
    id: r.id,
    code: r.code,
    discountBps: r.discount_bps,
    maxDiscount:
      r.max_discount_minor === null
        ? null
        : decimalOf(BigInt(r.max_discount_minor), { decimals: r.decimals ?? 0 }),
    currency: r.currency,
    expiresAt: r.expires_at.toISOString(),
    usedAt: r.used_at?.toISOString() ?? null,
    usedFor: r.used_for,
    state: r.state,
    createdAt: r.created_at.toISOString(),
  };
}

/** The rows of one state (available: unused and unexpired; used; expired: unused and past expiry). */
function inState(eb: ExpressionBuilder<Database, 'vouchers'>, state: TVoucherState) {
  if (state === 'used') return eb('vouchers.used_at', 'is not', null);
  return eb.and([
    eb('vouchers.used_at', 'is', null),
    eb('vouchers.expires_at', state === 'expired' ? '<=' : '>', sql<Date>`now()`),
  ]);
}

/** Available first to expire first; used and expired newest first. */
function ordered<Q extends VoucherQuery>(q: Q, state: TVoucherState | undefined): Q {
  if (state === 'available')
    return q.orderBy('vouchers.expires_at', 'asc').orderBy('vouchers.id', 'asc') as Q;
  if (state === 'used') return q.orderBy('vouchers.used_at', 'desc').orderBy('vouchers.id', 'desc') as Q;
  return q.orderBy('vouchers.id', 'desc') as Q;
}

/**
 * Vouchers (Member/getVouchers): admins issue them to members; a purchase consumes one atomically with
 * itself (`consume` inside the purchase's transaction, the row locked), so two purchases racing for one
 * voucher cannot both use it.
 */
export function createVoucherService(deps: { db: Db }) {
  const { db } = deps;

  /** The member's voucher or VOUCHER_NOT_FOUND (another member's voucher is not found either). */
  function check(
    row: { member_id: string; used_at: Date | null; expires_at: Date; currency: string | null } | undefined,
    use: VoucherUse,
    now: Date,
  ) {
    if (!row || row.member_id !== use.memberId) throw new AppError('VOUCHER_NOT_FOUND');
    if (row.used_at) throw new AppError('VOUCHER_USED');
    if (row.expires_at <= now) throw new AppError('VOUCHER_EXPIRED');
    if (row.currency !== null && row.currency !== use.currency)
      throw new AppError('VOUCHER_CURRENCY_MISMATCH');
  }

  function effectOf(row: { discount_bps: number; max_discount_minor: string | null }, priceMinor: bigint) {
    const cap = row.max_discount_minor === null ? null : BigInt(row.max_discount_minor);
    const discountMinor = voucherDiscount(priceMinor, row.discount_bps, cap);
    return { discountMinor, payMinor: priceMinor - discountMinor };
  }

  async function dbNow(ex: Db | Trx): Promise<Date> {
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(ex);
    return rows[0]!.now;
  }

  const selectVoucher = (ex: Db | Trx, id: string) =>
    ex
      .selectFrom('vouchers')
      .select(['member_id', 'used_at', 'expires_at', 'currency', 'discount_bps', 'max_discount_minor'])
      .where('id', '=', id);

  return {
    /** The member's vouchers of one state (a PagedList page). */
    async listFor(memberId: string, query: TVouchersQuery): Promise<TPage<TVoucher>> {
      const { page, pageSize, state } = query;
      const rows = await ordered(
        voucherColumns(db.selectFrom('vouchers'))
          .where('vouchers.member_id', '=', memberId)
          .where((eb) => inState(eb, state)),
        state,
      )
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return { items: rows.map(toVoucher), page, pageSize };
    },

    /** Every member's vouchers, for the admin, optionally of one state or one member. */
    async listAll(query: TAdminVouchersQuery): Promise<TPage<TAdminVoucher>> {
      const { page, pageSize, state, username } = query;
      let q = voucherColumns(db.selectFrom('vouchers'))
        .innerJoin('members as holder', 'holder.id', 'vouchers.member_id')
        .leftJoin('members as issuer', 'issuer.id', 'vouchers.issued_by')
        .select(['holder.username as username', 'issuer.username as issuer_name']);
      if (state) q = q.where((eb) => inState(eb, state));
      if (username) q = q.where(sql<string>`lower(holder.username)`, '=', username.toLowerCase());
      const rows = await ordered(q, state)
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      return {
        items: rows.map((r) => ({ ...toVoucher(r), username: r.username, issuedBy: r.issuer_name })),
        page,
        pageSize,
      };
    },

    /** An admin gives each named member a voucher of their own; all or none (an unknown name refuses all). */
    async issue(actor: Actor, input: TIssueVouchers): Promise<TAdminVoucher[]> {
      const currency = input.currency ? await currencyOrFail(db, input.currency) : null;
      const capMinor =
        input.maxDiscount !== undefined && currency ? amountOf(input.maxDiscount, currency) : null;
      const wanted = [...new Set(input.usernames.map((u) => u.trim().toLowerCase()))];
      const members = await db
        .selectFrom('members')
        .select(['id', 'username'])
        .where(sql<string>`lower(username)`, 'in', wanted)
        .where('role', '=', 'member')
        .execute();
      const found = new Set(members.map((m) => m.username.toLowerCase()));
      const missing = wanted.filter((u) => !found.has(u));
      if (missing.length > 0) throw new AppError('MEMBER_NOT_FOUND', undefined, { usernames: missing });

      const ids = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('vouchers')
          .values(
            members.map((m) => ({
              member_id: m.id,
              code: newCode(),
              discount_bps: input.discountBps,
              max_discount_minor: capMinor === null ? null : capMinor.toString(),
              currency: currency?.code ?? null,
              expires_at: sql<Date>`now() + make_interval(days => ${input.validDays})`,
              issued_by: actor.memberId,
            })),
          )
          .returning(['id', 'member_id'])
          .execute();
        await recordAudit(trx, actor, {
          action: 'voucher.issue',
          subject: `vouchers:${inserted.map((v) => v.id).join(',')}`.slice(0, 200),
          detail: {
            voucherIds: inserted.map((v) => v.id),
            members: members.map((m) => m.username),
            discountBps: input.discountBps,
            currency: currency?.code ?? null,
            maxDiscountMinor: capMinor?.toString() ?? null,
            validDays: input.validDays,
          },
        });
        return inserted.map((v) => v.id);
      });
      const rows = await voucherColumns(db.selectFrom('vouchers'))
        .innerJoin('members as holder', 'holder.id', 'vouchers.member_id')
        .leftJoin('members as issuer', 'issuer.id', 'vouchers.issued_by')
        .select(['holder.username as username', 'issuer.username as issuer_name'])
        .where('vouchers.id', 'in', ids)
        .orderBy('vouchers.id')
        .execute();
      return rows.map((r) => ({ ...toVoucher(r), username: r.username, issuedBy: r.issuer_name }));
    },

    /** What the voucher would take off this price now. Changes nothing; `consume` checks again. */
    async quote(use: VoucherUse): Promise<VoucherEffect> {
      const row = await selectVoucher(db, use.voucherId).executeTakeFirst();
      check(row, use, await dbNow(db));
      return effectOf(row!, use.priceMinor);
    },

    /**
     * Uses the voucher for a purchase, inside the purchase's transaction: the row is locked, checked and
     * marked used, so it commits or rolls back with the purchase, and a second purchase waits for the
     * first and then finds it used.
     */
    async consume(trx: Trx, use: VoucherUse & { purchaseRef: string }): Promise<VoucherEffect> {
      const row = await selectVoucher(trx, use.voucherId).forUpdate().executeTakeFirst();
      check(row, use, await dbNow(trx));
      await trx
        .updateTable('vouchers')
        .set({ used_at: sql<Date>`now()`, used_for: use.purchaseRef })
        .where('id', '=', use.voucherId)
        .execute();
      return effectOf(row!, use.priceMinor);
    },
  };
}

export type VoucherService = ReturnType<typeof createVoucherService>;
