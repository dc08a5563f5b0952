import { recordSystemAudit } from '../../../platform/audit';
import type { TronTxInfo } from '../tron/tron-api';
import type { PayoutRow } from './advance-payout';
import { confirmPayout, failPayout } from './payout-outcomes';
import type { TronHead } from './start-tron-payout';
import { broadcastTron } from './tron-broadcast';
import { signingOf, type TronPayerContext } from './tron-payer-context';
import { signTronTransfer, storedExpiration } from './tron-sign-transfer';

/** The info of whichever of the payout's transactions the chain holds (each expired before the next was signed). */
async function minedInfo(ctx: TronPayerContext, hashes: readonly string[]): Promise<TronTxInfo | null> {
  for (const hash of hashes) {
    const info = await ctx.api.transactionInfo(hash);
    if (info) return info;
  }
  return null;
}

/**
 * Moves one TRON payout in flight a step on (decision 69): confirmed (the withdrawal Paid) once one of its
 * transactions succeeded with the channel's confirmations; failed (back to the admin, never retried by
 * itself) when it reverted or ran out of energy; rebuilt and signed again only once the chain's head is
 * past its expiration and the node knows none of its transactions (it can then never be mined); else
 * (re)broadcast while stored but not sent, after a restart, or after a fork dropped it.
 */
export async function advanceTronPayout(
  ctx: TronPayerContext,
  row: PayoutRow,
  head: TronHead,
  rebroadcast: boolean,
): Promise<void> {
  const info = await minedInfo(ctx, row.tx_hashes);
  if (info) {
    const result = info.receipt.result ?? 'SUCCESS';
    if (result !== 'SUCCESS' || info.result === 'FAILED') {
      const why = [result, info.resMessage ? Buffer.from(info.resMessage, 'hex').toString('utf8') : '']
        .filter(Boolean)
        .join(': ');
      return failPayout(ctx, row, `transaction ${info.id} failed: ${why}`);
    }
    const confirmations = head.number - BigInt(info.blockNumber) + 1n;
    if (confirmations >= BigInt(row.confirmations)) return confirmPayout(ctx, row, info.id);
    await ctx.db
      .updateTable('chain_payouts')
      .set({ mined_hash: info.id, mined_block: String(info.blockNumber) })
      .where('id', '=', row.id)
      .execute();
    return;
  }
  // Not mined (or a fork took it out again).
  if (head.timestamp > storedExpiration(row.raw_tx)) {
    // Past its expiration by the chain's own clock: no later block can include it. Rebuild only if the
    // node has none of its transactions either (an info can lag the transaction itself).
    for (const hash of row.tx_hashes) if (await ctx.api.knowsTransaction(hash)) return;
    return rebuild(ctx, row, head);
  }
  if (row.status === 'signed' || rebroadcast || row.mined_hash !== null) return send(ctx, row, head);
}

async function send(ctx: TronPayerContext, row: PayoutRow, head: TronHead) {
  if (!(await broadcastTron(ctx, row.raw_tx))) return;
  await ctx.db
    .updateTable('chain_payouts')
    .set({
      status: 'broadcast',
      broadcast_block:
        row.status === 'broadcast' && row.broadcast_block ? row.broadcast_block : head.number.toString(),
      mined_hash: null,
      mined_block: null,
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
}

/** A new transaction for the same transfer, its id kept beside the expired ones' (as EVM replacements). */
async function rebuild(ctx: TronPayerContext, row: PayoutRow, head: TronHead) {
  const signed = await signTronTransfer(signingOf(ctx), {
    token: row.token_address,
    to: row.to_address,
    amount: BigInt(row.token_amount),
    headTime: head.timestamp,
  });
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const next = await trx
      .updateTable('chain_payouts')
      .set({
        raw_tx: JSON.stringify(signed.tx),
        tx_hash: signed.txId,
        tx_hashes: [...row.tx_hashes, signed.txId],
        attempts: row.attempts + 1,
        status: 'signed',
        broadcast_block: head.number.toString(),
        mined_hash: null,
        mined_block: null,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('tx_hash', '=', row.tx_hash)
      .where('status', 'in', ['signed', 'broadcast'])
      .returningAll()
      .executeTakeFirst();
    if (next) {
      await recordSystemAudit(trx, {
        action: 'chain.payout.replaced',
        subject: `withdrawal:${row.withdrawal_id}`,
        detail: { payoutId: row.id, hash: signed.txId, replaces: row.tx_hash, reason: 'expired' },
      });
    }
    return next;
  });
  if (updated) await send(ctx, { ...updated, confirmations: row.confirmations }, head);
}
