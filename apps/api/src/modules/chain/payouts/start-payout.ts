import { type Address, erc20Abi, getAddress } from 'viem';
import { broadcast } from './broadcast';
import type { Commitments } from './commitments';
import { type PayableWithdrawal, payoutIdOf } from './payable-withdrawals';
import type { PayerContext } from './payer-context';
import { raiseLowBalanceAlert } from './payout-alert';
import { signTransfer, transferData } from './sign-transfer';
import { storeSignedPayout } from './store-payout';
import { toTokenUnits } from './token-amount';

/**
 * Pays one approved withdrawal: checks the hot wallet holds the token and the gas (else an alert and
 * nothing signed), signs the transfer with the next nonce and commits it with the payout row, and only
 * then broadcasts it. A crash after the commit leaves a stored transaction the next pass sends.
 */
export async function startPayout(
  ctx: PayerContext,
  w: PayableWithdrawal,
  head: bigint,
  committed: Commitments,
): Promise<void> {
  const from = ctx.hotWallet.address;
  const token = getAddress(w.token_address);
  const to = getAddress(w.address);
  const amount = toTokenUnits(BigInt(w.amount) - BigInt(w.fee), w.currency_decimals, w.token_decimals);
  if (amount === null || amount <= 0n) return;

  const [tokenBalance, gasBalance, fees] = await Promise.all([
    ctx.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] }),
    ctx.client.getBalance({ address: from }),
    ctx.client.estimateFeesPerGas(),
  ]);
  const promised = committed.tokens.get(token) ?? 0n;
  if (tokenBalance - promised < amount) {
    return alert(ctx, w.id, 'HOT_WALLET_LOW_TOKEN', { token, balance: tokenBalance, promised, amount });
  }
  const gas = await ctx.client.estimateGas({ account: from, to: token, data: transferData(to, amount) });
  const gasCost = gas * fees.maxFeePerGas;
  if (gasBalance - committed.gasWei < gasCost) {
    return alert(ctx, w.id, 'HOT_WALLET_LOW_GAS', { balance: gasBalance, needed: gasCost });
  }

  const payoutId = payoutIdOf(w);
  const transfer = { payoutId, withdrawalId: w.id, network: ctx.network, from, to, token, amount };
  const stored = await storeSignedPayout(ctx.db, ctx.wallet, transfer, async (nonce) => {
    const signed = await signTransfer(ctx, { token, to, amount, nonce, gas, fees });
    const { maxFeePerGas, maxPriorityFeePerGas } = fees;
    return { raw: signed.raw, hash: signed.hash, gas, maxFeePerGas, maxPriorityFeePerGas };
  });
  if (!stored) return;
  committed.tokens.set(token, promised + amount);
  committed.gasWei += gasCost;
  await ctx.afterSign?.(payoutId);

  const result = await broadcast(ctx.client, stored.raw_tx as Address);
  if (result === 'unreachable' || result === 'nonce_taken') return; // the next pass sorts it out
  await ctx.db
    .updateTable('chain_payouts')
    .set({ status: 'broadcast', broadcast_block: head.toString(), updated_at: new Date() })
    .where('id', '=', payoutId)
    .where('status', '=', 'signed')
    .execute();
}

const alert = raiseLowBalanceAlert;
