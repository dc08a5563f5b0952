import type { NetworkName } from '@app/contracts';
import { type Actor, recordAudit, recordSystemAudit } from '../../platform/audit';
import type { LedgerService } from '../ledger/ledger.service';
import type { Trx } from '../ledger/ledger.types';

/** One deposit to credit: from the `deposits_clearing` account into the member's `deposit` wallet. */
export interface DepositCredit {
  /** The ledger transfer's id, derived from what identifies the deposit: a replay credits nothing twice. */
  id: string;
  memberId: string;
  currency: string;
  network: NetworkName;
  amount: bigint;
  txHash: string;
  source: 'manual' | 'chain';
  memo: string;
  meta: Record<string, string>;
  /** The admin who credited it by hand; null for the chain watcher (a system audit row). */
  actor: Actor | null;
  /** More for the audit row (the reason, the four-eyes trace, the block). */
  auditDetail?: Record<string, unknown>;
}

/**
 * Credits a deposit inside the caller's transaction: the ledger transfer, the `deposits` row the member's
 * records list, and the audit row, together or not at all. Manual deposits (funding.service) and the
 * chain watcher both come through here, so a deposit is credited the same way whoever noticed it.
 */
export async function creditDeposit(
  trx: Trx,
  ledger: LedgerService,
  d: DepositCredit,
): Promise<{ replayed: boolean; createdAt: Date }> {
  const [clearing, target] = await Promise.all([
    ledger.systemAccount(trx, 'deposits_clearing', d.currency),
    ledger.account(trx, { memberId: d.memberId, wallet: 'deposit', currency: d.currency }),
  ]);
  const { replayed, transfers } = await ledger.transfer(
    [
      {
        id: d.id,
        debitAccountId: clearing.id,
        creditAccountId: target.id,
        amount: d.amount,
        currency: d.currency,
        kind: 'deposit',
        memo: d.memo,
        meta: { ...d.meta, network: d.network, txHash: d.txHash },
        createdBy: d.actor?.memberId ?? null,
      },
    ],
    { trx },
  );
  if (!replayed) {
    await trx
      .insertInto('deposits')
      .values({
        id: d.id,
        member_id: d.memberId,
        currency: d.currency,
        network: d.network,
        amount: d.amount.toString(),
        tx_hash: d.txHash,
        source: d.source,
        credited_by: d.actor?.memberId ?? null,
      })
      .execute();
    const entry = {
      action: 'wallet.deposit.credit',
      subject: `member:${d.memberId}`,
      detail: {
        depositId: d.id,
        currency: d.currency,
        amount: d.amount.toString(),
        source: d.source,
        ...d.auditDetail,
      },
    };
    await (d.actor ? recordAudit(trx, d.actor, entry) : recordSystemAudit(trx, entry));
  }
  return { replayed, createdAt: transfers[0]!.createdAt };
}
