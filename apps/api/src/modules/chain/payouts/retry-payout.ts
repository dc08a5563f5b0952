import type { Db } from '../../../db/database';
import { type Actor, recordAudit } from '../../../platform/audit';
import { AppError } from '../../../platform/errors';
import type { WalletForChain } from '../../wallet/wallet-for-chain';

/**
 * An admin gives an approved withdrawal whose payout failed back to the hot wallet's payer (decision 68):
 * one more payout is allowed (`payout_retries`), the alert is cleared, audited. Under the withdrawal's row
 * lock, as the admin's mark-paid and the payer: a retry and a payment by hand cannot both go through.
 * Refused (PAYOUT_NOT_FAILED) unless the newest payout failed and was not retried already.
 */
export async function retryPayout(
  db: Db,
  wallet: Pick<WalletForChain, 'lockWithdrawalForPayout' | 'paysOnChain' | 'allowPayoutRetries'>,
  actor: Actor,
  withdrawalId: string,
): Promise<{ retries: number }> {
  return db.transaction().execute(async (trx) => {
    const w = await wallet.lockWithdrawalForPayout(trx, withdrawalId);
    if (!w) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (w.status !== 'approved' || w.tx_hash !== null) throw new AppError('WITHDRAWAL_NOT_APPROVED');
    const payouts = await trx
      .selectFrom('chain_payouts')
      .select(['id', 'status', 'error'])
      .where('withdrawal_id', '=', withdrawalId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const latest = payouts[0];
    // No payout, one already retried (the payer has not signed the next yet), or one not failed.
    if (!latest || payouts.length <= w.payout_retries || latest.status !== 'failed') {
      throw new AppError('PAYOUT_NOT_FAILED');
    }
    if (!(await wallet.paysOnChain(trx, w.currency, w.network))) throw new AppError('PAYOUT_CHANNEL_MANUAL');
    const retries = w.payout_retries + 1;
    await wallet.allowPayoutRetries(trx, withdrawalId, retries);
    await recordAudit(trx, actor, {
      action: 'chain.payout.retry',
      subject: `withdrawal:${withdrawalId}`,
      detail: { failedPayoutId: latest.id, error: latest.error, retries },
    });
    return { retries };
  });
}
