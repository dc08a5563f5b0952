import type { NetworkName } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { own } from '../../../db/tables';
import { derivedUuid } from '../../../platform/idempotency';
import type { LedgerService } from '../../ledger/ledger.service';
import type { NotificationService } from '../../notifications/notifications.service';
import { decimalOf } from '../../wallet/amounts';
import { creditDeposit } from '../../wallet/deposit-credit';
import type { DepositRecords } from './deposit-records';

/**
 * The ledger transfer of an on-chain deposit: derived from what identifies the transfer on its chain, so
 * however many watchers, retries and restarts reach it, it is credited once. The genesis hash keeps two
 * development chains (which replay the same transactions) apart.
 */
export function chainDepositTransferId(
  network: NetworkName,
  genesisHash: string,
  txHash: string,
  logIndex: number,
): string {
  return derivedUuid('chain-deposit', network, genesisHash, txHash.toLowerCase(), String(logIndex));
}

/**
 * Credits one deposit that reached its confirmations, in one transaction: the row is locked while still
 * pending (a second watcher waits here, then finds it credited and does nothing), the ledger transfer,
 * the `deposits` row and the audit row are written (wallet/deposit-credit.ts, as for a manual deposit), the
 * row becomes credited with its transfer, and the member is notified and told over the live stream.
 */
export async function creditChainDeposit(
  deps: {
    db: Db;
    ledger: LedgerService;
    notify: NotificationService['notify'];
    records: DepositRecords;
    network: NetworkName;
  },
  d: { id: string; transferId: string; confirmations: number; required: number; decimals: number },
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await own<'chain_deposits'>(trx)
      .selectFrom('chain_deposits')
      .selectAll()
      .where('id', '=', d.id)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const amount = BigInt(row.amount);
    await creditDeposit(trx, deps.ledger, {
      id: d.transferId,
      memberId: row.member_id,
      currency: row.currency,
      network: deps.network,
      amount,
      txHash: row.tx_hash,
      source: 'chain',
      memo: `${deps.network} deposit`,
      meta: { chainDepositId: row.id, logIndex: String(row.log_index) },
      actor: null,
      auditDetail: { blockNumber: row.block_number, blockHash: row.block_hash, logIndex: row.log_index },
    });
    await own<'chain_deposits'>(trx)
      .updateTable('chain_deposits')
      .set({ status: 'credited', transfer_id: d.transferId, credited_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
    await deps.notify(trx, {
      memberId: row.member_id,
      kind: 'deposit_credited',
      params: {
        amount: decimalOf(amount, { decimals: d.decimals }),
        currency: row.currency,
        network: deps.network,
      },
      link: '/pages/Wallet/deposit',
    });
    await deps.records.announce(trx, row.member_id, {
      id: row.id,
      status: 'credited',
      confirmations: d.confirmations,
      required: d.required,
    });
    return true;
  });
}
