import type { Db } from '../../../db/database';
import { recordSystemAudit } from '../../../platform/audit';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import { raisePayoutAlert } from './payout-alert';

/** What ends a payout, on any chain family: the row it ends and who marks the withdrawal Paid. */
interface Ending {
  db: Db;
  wallet: Pick<WalletForChain, 'setPayoutAlert'>;
  markPaid: (trx: Db, withdrawalId: string, txHash: string) => Promise<unknown>;
}
interface EndedRow {
  id: string;
  withdrawal_id: string;
}

/** Confirmed with `hash`, and the withdrawal Paid in the same transaction (once, whoever gets there first). */
export async function confirmPayout(ctx: Ending, row: EndedRow, hash: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('chain_payouts')
      .set({ status: 'confirmed', mined_hash: hash, updated_at: new Date() })
      .where('id', '=', row.id)
      .where('status', 'in', ['signed', 'broadcast'])
      .executeTakeFirst();
    if (done.numUpdatedRows === 0n) return;
    await ctx.markPaid(trx, row.withdrawal_id, hash);
  });
}

/** The withdrawal stays approved, back in the admin queue with the failure shown; nothing is retried. */
export async function failPayout(ctx: Omit<Ending, 'markPaid'>, row: EndedRow, error: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('chain_payouts')
      .set({ status: 'failed', error, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await recordSystemAudit(trx, {
      action: 'chain.payout.failed',
      subject: `withdrawal:${row.withdrawal_id}`,
      detail: { payoutId: row.id, error },
    });
    await raisePayoutAlert(trx, ctx.wallet, row.withdrawal_id, 'PAYOUT_FAILED', { payoutId: row.id, error });
  });
}
