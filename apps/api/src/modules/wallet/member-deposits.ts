import type { TDeposit, TPageQuery } from '@app/contracts';
import { sql } from 'kysely';
import { type AnyDb, own } from '../../db/tables';
import { big, decimalOf } from './amounts';

/**
 * A member's deposits, newest first: those credited (by an admin or by the chain watcher: the `deposits`
 * rows) and the on-chain ones not credited (yet): pending with their confirmations so far (counted to the
 * watcher's cursor, the last block it read), below the minimum, or gone from the chain. Only the member's.
 */
export async function listMemberDeposits(
  deps: { db: AnyDb; decimals: ReadonlyMap<string, number> },
  memberId: string,
  q: TPageQuery,
) {
  const db = own<'deposits' | 'chain_deposits' | 'deposit_channels' | 'chain_cursors'>(deps.db);
  const onChain = db
    .selectFrom('chain_deposits as d')
    .leftJoin('deposit_channels as c', (j) =>
      j.onRef('c.currency', '=', 'd.currency').onRef('c.network', '=', 'd.network'),
    )
    .leftJoin('chain_cursors as k', 'k.network', 'd.network')
    .select([
      'd.id',
      'd.currency',
      'd.network',
      'd.amount',
      'd.tx_hash',
      sql<'manual' | 'chain'>`'chain'`.as('source'),
      'd.status',
      sql<number>`CASE WHEN d.status = 'orphaned' THEN 0
        ELSE greatest(0, coalesce(k.block_number - d.block_number + 1, 0)) END::int`.as('confirmations'),
      sql<number>`coalesce(c.confirmations, 0)`.as('required'),
      'd.created_at',
    ])
    .where('d.member_id', '=', memberId)
    .where('d.status', '<>', 'credited');
  const credited = db
    .selectFrom('deposits as d')
    .leftJoin('deposit_channels as c', (j) =>
      j.onRef('c.currency', '=', 'd.currency').onRef('c.network', '=', 'd.network'),
    )
    .select([
      'd.id',
      'd.currency',
      'd.network',
      'd.amount',
      'd.tx_hash',
      'd.source',
      sql<'pending' | 'credited' | 'below_minimum' | 'orphaned'>`'credited'`.as('status'),
      // Credited: what counts is that the threshold was met, however many blocks followed.
      sql<number>`coalesce(c.confirmations, 0)`.as('confirmations'),
      sql<number>`coalesce(c.confirmations, 0)`.as('required'),
      'd.created_at',
    ])
    .where('d.member_id', '=', memberId);
  const rows = await onChain
    .unionAll(credited)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const items: TDeposit[] = rows.map((r) => ({
    id: r.id,
    currency: r.currency,
    network: r.network,
    amount: decimalOf(big(r.amount), { decimals: deps.decimals.get(r.currency) ?? 0 }),
    txHash: r.tx_hash,
    source: r.source,
    status: r.status,
    confirmations: Number(r.confirmations),
    required: Number(r.required),
    createdAt: new Date(r.created_at).toISOString(),
  }));
  return { items, page: q.page, pageSize: q.pageSize };
}
