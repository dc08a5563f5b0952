import { randomUUID } from 'node:crypto';
import type { NetworkName } from '@app/contracts';
import type { Db } from '../src/db/database';
import { createLedgerService } from '../src/modules/ledger/ledger.service';

/** A USDT deposit the watcher credited: the ledger transfer and the `chain_deposits` row it writes. */
export async function recordCreditedDeposit(
  db: Db,
  d: {
    memberId: string;
    network: NetworkName;
    address: string;
    txHash: string;
    block: number;
    amount: bigint;
  },
): Promise<void> {
  const ledger = createLedgerService({ db });
  const [clearing, wallet] = await Promise.all([
    ledger.systemAccount(db, 'deposits_clearing', 'USDT'),
    ledger.account(db, { memberId: d.memberId, wallet: 'deposit', currency: 'USDT' }),
  ]);
  const transferId = randomUUID();
  await ledger.transfer([
    {
      id: transferId,
      debitAccountId: clearing.id,
      creditAccountId: wallet.id,
      amount: d.amount,
      currency: 'USDT',
      kind: 'deposit',
      memo: 'test deposit',
      meta: {},
      createdBy: null,
    },
  ]);
  await db
    .insertInto('chain_deposits')
    .values({
      id: transferId,
      network: d.network,
      currency: 'USDT',
      member_id: d.memberId,
      address: d.address,
      tx_hash: d.txHash,
      log_index: 0,
      block_number: d.block,
      block_hash: '0x00',
      amount: d.amount.toString(),
      status: 'credited',
      transfer_id: transferId,
      credited_at: new Date(),
    })
    .execute();
}
