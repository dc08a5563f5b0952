import type { TPayoutAlert } from '@app/contracts';
import { type AnyDb, type AnyTrx, own } from '../../db/tables';

/**
 * Withdrawals as the chain module may read them (decision 77): a read-only view it joins with its payouts
 * in one query (`.as('w')`), so the payer's batch and the admin's pages are ordered and cut in the database.
 */
export function withdrawalsView(db: AnyDb) {
  return own<'withdrawals'>(db)
    .selectFrom('withdrawals')
    .select([
      'id',
      'member_id',
      'currency',
      'network',
      'address',
      'amount',
      'fee',
      'status',
      'tx_hash',
      'decided_at',
      'payout_alert',
      'payout_retries',
    ]);
}

/**
 * Locks the withdrawal's row in the caller's transaction, the lock the admin's mark-paid takes too: a payout
 * stored, a retry allowed and a payment by hand cannot both go through. Undefined for an unknown id.
 */
export function lockWithdrawalForPayout(trx: AnyTrx, id: string) {
  return own<'withdrawals'>(trx)
    .selectFrom('withdrawals')
    .select(['status', 'tx_hash', 'currency', 'network', 'payout_retries'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Shows an approved withdrawal's payout alert to admins; false when it showed already (or is not approved).
 * In the caller's transaction, which audits a change.
 */
export async function setPayoutAlert(trx: AnyDb, id: string, alert: TPayoutAlert): Promise<boolean> {
  const changed = await own<'withdrawals'>(trx)
    .updateTable('withdrawals')
    .set({ payout_alert: alert })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('payout_alert', 'is', null), eb('payout_alert', '!=', alert)]))
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

/** A payout was signed for it: the alert, if any, is over. In the transaction that stored the payout. */
export async function clearPayoutAlert(trx: AnyTrx, id: string): Promise<void> {
  await own<'withdrawals'>(trx)
    .updateTable('withdrawals')
    .set({ payout_alert: null })
    .where('id', '=', id)
    .execute();
}

/** An admin allows the payer `retries` payouts after the first; the alert is cleared. Under the row lock. */
export async function allowPayoutRetries(trx: AnyTrx, id: string, retries: number): Promise<void> {
  await own<'withdrawals'>(trx)
    .updateTable('withdrawals')
    .set({ payout_retries: retries, payout_alert: null })
    .where('id', '=', id)
    .execute();
}
