import { trc20Balance } from '../tron/trc20-balance';
import type { Commitments } from './commitments';
import { type PayableWithdrawal, payoutIdOf } from './payable-withdrawals';
import { raiseLowBalanceAlert } from './payout-alert';
import { storeSignedPayout } from './store-payout';
import { toTokenUnits } from './token-amount';
import { broadcastTron } from './tron-broadcast';
import { signingOf, type TronPayerContext } from './tron-payer-context';
import { signTronTransfer } from './tron-sign-transfer';

/** The TRON head as the payer reads it once a pass. */
export interface TronHead {
  number: bigint;
  /** ms, the block's own timestamp: expirations are chain time. */
  timestamp: number;
}

/**
 * Pays one approved TRC-20 withdrawal (decision 69): checks the hot wallet holds the token and the TRX for
 * the fee limit (else an alert and nothing signed), has the node build the transfer, verifies and signs
 * it, commits it with the payout row under the withdrawal's lock, and only then broadcasts it. A crash
 * after the commit leaves a stored transaction the next pass sends.
 */
export async function startTronPayout(
  ctx: TronPayerContext,
  w: PayableWithdrawal,
  head: TronHead,
  committed: Commitments,
): Promise<void> {
  const from = ctx.hotWallet.address;
  const token = w.token_address;
  const to = w.address;
  const amount = toTokenUnits(BigInt(w.amount) - BigInt(w.fee), w.currency_decimals, w.token_decimals);
  if (amount === null || amount <= 0n) return;

  const [tokenBalance, trx] = await Promise.all([
    trc20Balance(ctx.api, token, from),
    ctx.api.trxBalance(ctx.hotWallet.hexAddress),
  ]);
  const promised = committed.tokens.get(token) ?? 0n;
  if (tokenBalance - promised < amount) {
    return raiseLowBalanceAlert(ctx, w.id, 'HOT_WALLET_LOW_TOKEN', {
      token,
      balance: tokenBalance,
      promised,
      amount,
    });
  }
  const feeLimit = BigInt(ctx.feeLimit);
  if (trx - committed.gasWei < feeLimit) {
    return raiseLowBalanceAlert(ctx, w.id, 'HOT_WALLET_LOW_GAS', { balance: trx, needed: feeLimit });
  }

  const signed = await signTronTransfer(signingOf(ctx), { token, to, amount, headTime: head.timestamp });
  const payoutId = payoutIdOf(w);
  const transfer = { payoutId, withdrawalId: w.id, network: 'TRC20' as const, from, to, token, amount };
  const stored = await storeSignedPayout(ctx.db, ctx.wallet, transfer, async () => ({
    raw: JSON.stringify(signed.tx),
    hash: signed.txId,
    gas: feeLimit,
    // TRON has no fee market: the fee limit is all a payout may burn.
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 0n,
    audit: { expiration: signed.expiration },
  }));
  if (!stored) return;
  committed.tokens.set(token, promised + amount);
  committed.gasWei += feeLimit;
  await ctx.afterSign?.(payoutId);

  if (!(await broadcastTron(ctx, stored.raw_tx))) return; // the next pass sorts it out
  await ctx.db
    .updateTable('chain_payouts')
    .set({ status: 'broadcast', broadcast_block: head.number.toString(), updated_at: new Date() })
    .where('id', '=', payoutId)
    .where('status', '=', 'signed')
    .execute();
}
