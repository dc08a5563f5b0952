import { format, parse } from '@app/money/decimal';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { AppError } from '../../../platform/errors';
import type { MarketType } from '../connector';
import { DEMO_BALANCE, isPg, type OrderRow, type PositionRow, type Trx, ZERO } from './paper-types';

/**
 * A member's demo account: its lock (every operation of one member runs inside it, one after another), its
 * balances per wallet, its position rows and its orders by client order id.
 */
export function createPaperAccount({ db, memberId }: { db: Db; memberId: string }) {
  /** Creates the demo account on first use, then locks it: every operation of this member queues here. */
  async function lockAccount(trx: Trx): Promise<void> {
    // The account almost always exists: lock it in one statement, and only create it when it is missing.
    const existing = await trx
      .selectFrom('paper_accounts')
      .select('member_id')
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (existing) return;
    const created = await trx
      .insertInto('paper_accounts')
      .values({ member_id: memberId })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returning('member_id')
      .executeTakeFirst();
    if (created) {
      await trx
        .insertInto('paper_balances')
        .values([
          { member_id: memberId, wallet: 'spot', asset: 'USDT', free: DEMO_BALANCE },
          { member_id: memberId, wallet: 'perpetual', asset: 'USDT', free: DEMO_BALANCE },
        ])
        .execute();
    }
    await trx
      .selectFrom('paper_accounts')
      .select('member_id')
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async function withAccount<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockAccount(trx);
        return work(trx);
      });
    } catch (error) {
      // The CHECK behind the code's own checks: a balance would have gone below zero.
      if (isPg(error) && error.code === '23514' && error.table === 'paper_balances') {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE');
      }
      throw error;
    }
  }

  async function balanceOf(trx: Trx, wallet: MarketType, asset: string) {
    const row = await trx
      .selectFrom('paper_balances')
      .select(['free', 'used'])
      .where('member_id', '=', memberId)
      .where('wallet', '=', wallet)
      .where('asset', '=', asset)
      .executeTakeFirst();
    return { free: row ? parse(row.free) : ZERO, used: row ? parse(row.used) : ZERO };
  }

  async function adjust(trx: Trx, wallet: MarketType, asset: string, dFree: bigint, dUsed: bigint) {
    await adjustAll(trx, wallet, [{ asset, dFree, dUsed }]);
  }

  /**
   * Moves several assets' balances of one wallet in one UPDATE (a spot fill moves two: one round trip less
   * per order), then inserts the rows that did not exist yet.
   */
  async function adjustAll(
    trx: Trx,
    wallet: MarketType,
    changes: { asset: string; dFree: bigint; dUsed: bigint }[],
  ) {
    const moved = changes.filter((c) => c.dFree !== ZERO || c.dUsed !== ZERO);
    if (moved.length === 0) return;
    // Update, then insert: an upsert would check its proposed (negative delta) row against the CHECK first.
    // No race between the two: the member's account lock is held.
    const deltas = sql.join(
      moved.map((c) => sql`(${c.asset}::text, ${format(c.dFree)}::numeric, ${format(c.dUsed)}::numeric)`),
    );
    const updated = await sql<{ asset: string }>`
      UPDATE paper_balances b
      SET free = b.free + d.free, used = b.used + d.used, updated_at = now()
      FROM (VALUES ${deltas}) AS d(asset, free, used)
      WHERE b.member_id = ${memberId} AND b.wallet = ${wallet} AND b.asset = d.asset
      RETURNING b.asset`.execute(trx);
    const found = new Set(updated.rows.map((r) => r.asset));
    const missing = moved.filter((c) => !found.has(c.asset));
    if (missing.length > 0) {
      await trx
        .insertInto('paper_balances')
        .values(
          missing.map((c) => ({
            member_id: memberId,
            wallet,
            asset: c.asset,
            free: format(c.dFree),
            used: format(c.dUsed),
          })),
        )
        .execute();
    }
  }

  async function requireFree(trx: Trx, wallet: MarketType, asset: string, needed: bigint) {
    const { free } = await balanceOf(trx, wallet, asset);
    if (free < needed) {
      throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${asset}`, {
        asset,
        needed: format(needed),
        free: format(free),
      });
    }
  }

  async function positionRow(trx: Trx, symbol: string): Promise<PositionRow> {
    await trx
      .insertInto('paper_positions')
      .values({ member_id: memberId, symbol })
      .onConflict((oc) => oc.columns(['member_id', 'symbol']).doNothing())
      .execute();
    return trx
      .selectFrom('paper_positions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('symbol', '=', symbol)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async function findByClientId(trx: Db | Trx, clientOrderId: string): Promise<OrderRow | undefined> {
    return trx
      .selectFrom('paper_orders')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
  }

  async function openPositions(trx: Trx | Db): Promise<PositionRow[]> {
    return trx
      .selectFrom('paper_positions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('contracts', '>', '0')
      .orderBy('symbol')
      .execute();
  }

  return {
    lockAccount,
    withAccount,
    balanceOf,
    adjust,
    adjustAll,
    requireFree,
    positionRow,
    findByClientId,
    openPositions,
  };
}

export type PaperAccount = ReturnType<typeof createPaperAccount>;
