import { sql } from 'kysely';
import { type AnyDb, own } from '../../db/tables';
import type { WalletForChain } from '../wallet/wallet-for-chain';

/**
 * chain_deposits as `d`, with its channel as `ch` (wallet's view of it) and its network's watcher cursor as `k`, and the two
 * figures every view of an on-chain deposit shows (decision 67): `required`, the channel's threshold, and
 * `confirmations`, counted to the watcher's cursor (the last block it read completely), none for one gone
 * from the chain, at least the threshold once credited (what counts is that it was met), never negative.
 * The member's list, the admin's list and anything else add their own columns, joins and filters.
 */
export function chainDepositsWithConfirmations(
  db: AnyDb,
  wallet: Pick<WalletForChain, 'depositChannelsView'>,
) {
  return own<'chain_deposits' | 'chain_cursors' | 'members'>(db)
    .selectFrom('chain_deposits as d')
    .leftJoin(wallet.depositChannelsView(db).as('ch'), (j) =>
      j.onRef('ch.currency', '=', 'd.currency').onRef('ch.network', '=', 'd.network'),
    )
    .leftJoin('chain_cursors as k', 'k.network', 'd.network')
    .select([
      sql<number>`(CASE
        WHEN d.status = 'orphaned' THEN 0
        WHEN d.status = 'credited'
          THEN greatest(coalesce(ch.confirmations, 0), coalesce(k.block_number - d.block_number + 1, 0))
        ELSE greatest(0, coalesce(k.block_number - d.block_number + 1, 0))
      END)::int`.as('confirmations'),
      sql<number>`coalesce(ch.confirmations, 0)::int`.as('required'),
    ]);
}
