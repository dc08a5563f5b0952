import type { TPayoutAlert } from '@app/contracts';
import type { Db } from '../../../db/database';
import { recordSystemAudit } from '../../../platform/audit';
import type { WalletForChain } from '../../wallet/wallet-for-chain';

/**
 * Flags an approved withdrawal the platform did not pay, for the admin queue, and audits it once per
 * change (a pass that finds the hot wallet still low writes nothing new). In the caller's transaction.
 */
export async function raisePayoutAlert(
  trx: Db,
  wallet: Pick<WalletForChain, 'setPayoutAlert'>,
  withdrawalId: string,
  alert: TPayoutAlert,
  detail: Record<string, unknown>,
): Promise<void> {
  if (!(await wallet.setPayoutAlert(trx, withdrawalId, alert))) return;
  await recordSystemAudit(trx, {
    action: 'chain.payout.alert',
    subject: `withdrawal:${withdrawalId}`,
    detail: { alert, ...detail },
  });
}

/** The hot wallet cannot pay this withdrawal now (too little token, or too little for fees): no payout. */
export function raiseLowBalanceAlert(
  ctx: { db: Db; wallet: Pick<WalletForChain, 'setPayoutAlert'> },
  withdrawalId: string,
  code: 'HOT_WALLET_LOW_TOKEN' | 'HOT_WALLET_LOW_GAS',
  detail: Record<string, bigint | string>,
) {
  const plain = Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, v.toString()]));
  return ctx.db.transaction().execute((trx) => raisePayoutAlert(trx, ctx.wallet, withdrawalId, code, plain));
}
