import type { Selectable } from 'kysely';
import type { Hex } from 'viem';
import type { ChainPayoutsTable } from '../../../db/schema';
import { recordSystemAudit } from '../../../platform/audit';
import { broadcast } from './broadcast';
import { replacementFees } from './fees';
import type { PayerContext } from './payer-context';
import { confirmPayout, failPayout } from './payout-outcomes';
import { minedReceipt } from './receipts';
import { signTransfer } from './sign-transfer';

export type PayoutRow = Selectable<ChainPayoutsTable> & { confirmations: number };

/**
 * Moves one payout in flight a step on: confirmed (the withdrawal Paid) once one of its hashes is mined
 * with the channel's confirmations; failed (back to the admin queue) if it reverted or its nonce went to
 * another transaction; (re)broadcast when stored but not sent; replaced with higher fees when stuck.
 * `rebroadcast`: the first pass after a start sends every stored transaction again (a node may have lost it).
 */
export async function advancePayout(
  ctx: PayerContext,
  row: PayoutRow,
  head: bigint,
  rebroadcast: boolean,
): Promise<void> {
  const receipt = await minedReceipt(ctx.client, row.tx_hashes);
  if (receipt) {
    if (receipt.status !== 'success')
      return fail(ctx, row, `transaction ${receipt.transactionHash} reverted`);
    const confirmations = head - receipt.blockNumber + 1n;
    if (confirmations >= BigInt(row.confirmations)) return confirm(ctx, row, receipt.transactionHash);
    await ctx.db
      .updateTable('chain_payouts')
      .set({ mined_hash: receipt.transactionHash, mined_block: receipt.blockNumber.toString() })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  // Not mined (or a reorg took it out again).
  const stuck = row.broadcast_block !== null && head - BigInt(row.broadcast_block) >= ctx.replaceAfterBlocks;
  if (row.status === 'broadcast' && stuck) return replace(ctx, row, head);
  if (row.status === 'signed' || rebroadcast || row.mined_hash !== null) return send(ctx, row, head);
}

async function send(ctx: PayerContext, row: PayoutRow, head: bigint) {
  const result = await broadcast(ctx.client, row.raw_tx as Hex);
  if (result === 'unreachable') return;
  if (result === 'nonce_taken') {
    // Ours may have been mined just now: only a nonce taken with none of our hashes mined is a failure.
    if (await minedReceipt(ctx.client, row.tx_hashes)) return;
    return fail(ctx, row, `nonce ${row.nonce} was used by another transaction`);
  }
  await ctx.db
    .updateTable('chain_payouts')
    .set({
      status: 'broadcast',
      broadcast_block:
        row.status === 'broadcast' && row.broadcast_block ? row.broadcast_block : head.toString(),
      mined_hash: null,
      mined_block: null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
}

/** Same nonce, higher fees: whichever of the hashes is mined pays, and only one can be. */
async function replace(ctx: PayerContext, row: PayoutRow, head: bigint) {
  const current = await ctx.client.estimateFeesPerGas();
  const fees = replacementFees(
    { maxFeePerGas: BigInt(row.max_fee_per_gas), maxPriorityFeePerGas: BigInt(row.max_priority_fee_per_gas) },
    { maxFeePerGas: current.maxFeePerGas, maxPriorityFeePerGas: current.maxPriorityFeePerGas },
  );
  const signed = await signTransfer(ctx, {
    token: row.token_address as Hex,
    to: row.to_address as Hex,
    amount: BigInt(row.token_amount),
    nonce: Number(row.nonce),
    gas: BigInt(row.gas),
    fees,
  });
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const next = await trx
      .updateTable('chain_payouts')
      .set({
        raw_tx: signed.raw,
        tx_hash: signed.hash,
        tx_hashes: [...row.tx_hashes, signed.hash],
        max_fee_per_gas: fees.maxFeePerGas.toString(),
        max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
        attempts: row.attempts + 1,
        status: 'signed',
        broadcast_block: head.toString(),
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'broadcast')
      .returningAll()
      .executeTakeFirst();
    if (next) {
      await recordSystemAudit(trx, {
        action: 'chain.payout.replaced',
        subject: `withdrawal:${row.withdrawal_id}`,
        detail: { payoutId: row.id, nonce: row.nonce, hash: signed.hash, replaces: row.tx_hash },
      });
    }
    return next;
  });
  if (updated) await send(ctx, { ...updated, confirmations: row.confirmations }, head);
}

const confirm = (ctx: PayerContext, row: PayoutRow, hash: Hex) => confirmPayout(ctx, row, hash);
const fail = (ctx: PayerContext, row: PayoutRow, error: string) => failPayout(ctx, row, error);
