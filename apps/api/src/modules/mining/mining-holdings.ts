import { sql } from 'kysely';
import type { Trx } from '../ledger/ledger.types';

/**
 * The two things a member can hold of a package: units in stock, and running subscriptions. Both are
 * written only inside the caller's transaction (a purchase, a transfer, an activation).
 */

/** The UTC calendar day of the database's clock: subscriptions and payouts count whole UTC days. */
export const todayUtc = sql<string>`(now() at time zone 'UTC')::date`;

/** Adds units to a member's stock and records the movement. */
export async function addStock(
  trx: Trx,
  move: {
    memberId: string;
    packageId: string;
    units: number;
    reason: 'purchase' | 'transfer_in';
    counterpartId?: string;
    purchaseId?: string;
  },
): Promise<void> {
  await trx
    .insertInto('mining_stock')
    .values({ member_id: move.memberId, package_id: move.packageId, count: move.units })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'package_id'])
        .doUpdateSet((eb) => ({ count: eb('mining_stock.count', '+', move.units) })),
    )
    .execute();
  await trx
    .insertInto('mining_stock_movements')
    .values({
      member_id: move.memberId,
      package_id: move.packageId,
      delta: move.units,
      reason: move.reason,
      counterpart_member_id: move.counterpartId ?? null,
      purchase_id: move.purchaseId ?? null,
    })
    .execute();
}

/**
 * Takes units out of a member's stock row, which the caller has locked; refuses (STOCK_NOT_ENOUGH) rather
 * than going below zero. Returns false when the member holds fewer units.
 */
export async function takeStock(
  trx: Trx,
  move: {
    memberId: string;
    packageId: string;
    units: number;
    reason: 'transfer_out' | 'activation';
    counterpartId?: string;
  },
): Promise<boolean> {
  const taken = await trx
    .updateTable('mining_stock')
    .set((eb) => ({ count: eb('count', '-', move.units) }))
    .where('member_id', '=', move.memberId)
    .where('package_id', '=', move.packageId)
    .where('count', '>=', move.units)
    .returning('count')
    .executeTakeFirst();
  if (!taken) return false;
  await trx
    .insertInto('mining_stock_movements')
    .values({
      member_id: move.memberId,
      package_id: move.packageId,
      delta: -move.units,
      reason: move.reason,
      counterpart_member_id: move.counterpartId ?? null,
    })
    .execute();
  return true;
}

/** A subscription from today for the package's duration, at its hash rate per unit. */
export async function startSubscription(
  trx: Trx,
  sub: { memberId: string; packageId: string; units: number; purchaseId?: string },
): Promise<string> {
  const pkg = await trx
    .selectFrom('mining_packages')
    .select(['hash_rate_ghs', 'duration_days'])
    .where('id', '=', sub.packageId)
    .executeTakeFirstOrThrow();
  const { id } = await trx
    .insertInto('mining_subscriptions')
    .values({
      member_id: sub.memberId,
      package_id: sub.packageId,
      units: sub.units,
      hash_rate_ghs: (BigInt(pkg.hash_rate_ghs) * BigInt(sub.units)).toString(),
      starts_on: todayUtc,
      ends_on: sql<string>`${todayUtc} + ${pkg.duration_days}::int`,
      purchase_id: sub.purchaseId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
