import { type Address, erc20Abi, getAddress } from 'viem';
import { recordSystemAudit } from '../../../platform/audit';
import { broadcast } from './broadcast';
import type { Commitments } from './commitments';
import { takeNonce } from './nonces';
import { type PayableWithdrawal, payoutIdOf } from './payable-withdrawals';
import type { PayerContext } from './payer-context';
import { raiseLowBalanceAlert } from './payout-alert';
import { signTransfer, transferData } from './sign-transfer';
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
  const stored = await ctx.db.transaction().execute(async (trx) => {
    // Under the withdrawal's lock, as the admin's mark-paid: one of the two pays, never both.
    const locked = await trx
      .selectFrom('withdrawals')
      .select(['status', 'tx_hash'])
      .where('id', '=', w.id)
      .forUpdate()
      .executeTakeFirst();
    if (locked?.status !== 'approved' || locked.tx_hash !== null) return null;
    const nonce = await takeNonce(trx, ctx.network, from);
    const signed = await signTransfer(ctx, { token, to, amount, nonce, gas, fees });
    const row = await trx
      .insertInto('chain_payouts')
      .values({
        id: payoutId,
        withdrawal_id: w.id,
        network: ctx.network,
        from_address: from,
        to_address: to,
        token_address: token,
        token_amount: amount.toString(),
        nonce,
        gas: gas.toString(),
        max_fee_per_gas: fees.maxFeePerGas.toString(),
        max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
        raw_tx: signed.raw,
        tx_hash: signed.hash,
        tx_hashes: [signed.hash],
        status: 'signed',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    await trx.updateTable('withdrawals').set({ payout_alert: null }).where('id', '=', w.id).execute();
    await recordSystemAudit(trx, {
      action: 'chain.payout.signed',
      subject: `withdrawal:${w.id}`,
      detail: {
        payoutId,
        network: ctx.network,
        nonce,
        hash: signed.hash,
        to,
        tokenAmount: amount.toString(),
      },
    });
    return row;
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
