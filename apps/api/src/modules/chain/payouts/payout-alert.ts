import type { TPayoutAlert } from '@app/contracts';
import type { Db } from '../../../db/database';
import { recordSystemAudit } from '../../../platform/audit';

/**
 * Flags an approved withdrawal the platform did not pay, for the admin queue, and audits it once per
 * change (a pass that finds the hot wallet still low writes nothing new). In the caller's transaction.
 */
export async function raisePayoutAlert(
  trx: Db,
  withdrawalId: string,
  alert: TPayoutAlert,
  detail: Record<string, unknown>,
): Promise<void> {
  const changed = await trx
    .updateTable('withdrawals')
    .set({ payout_alert: alert })
    .where('id', '=', withdrawalId)
    .where('status', '=', 'approved')
    .where((eb) => eb.or([eb('payout_alert', 'is', null), eb('payout_alert', '!=', alert)]))
    .executeTakeFirst();
  if (changed.numUpdatedRows === 0n) return;
  await recordSystemAudit(trx, {
    action: 'chain.payout.alert',
    subject: `withdrawal:${withdrawalId}`,
    detail: { alert, ...detail },
  });
}

/** The hot wallet cannot pay this withdrawal now (too little token, or too little for fees): no payout. */
export function raiseLowBalanceAlert(
  ctx: { db: Db },
  withdrawalId: string,
  code: 'HOT_WALLET_LOW_TOKEN' | 'HOT_WALLET_LOW_GAS',
  detail: Record<string, bigint | string>,
) {
  const plain = Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, v.toString()]));
  return ctx.db.transaction().execute((trx) => raisePayoutAlert(trx, withdrawalId, code, plain));
}
