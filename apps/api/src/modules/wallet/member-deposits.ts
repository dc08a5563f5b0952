import type { TDeposit, TPageQuery } from '@app/contracts';
import { sql } from 'kysely';
import { type AnyDb, own } from '../../db/tables';
import { chainDepositsWithConfirmations } from '../chain/deposit-confirmations';
import { big, decimalOf } from './amounts';
import { depositChannelsView } from './channels-for-chain';

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
  const db = own<'deposits' | 'deposit_channels'>(deps.db);
  const onChain = chainDepositsWithConfirmations(deps.db, { depositChannelsView })
    .select([
      'd.id',
      'd.currency',
      'd.network',
      'd.amount',
      'd.tx_hash',
      sql<'manual' | 'chain'>`'chain'`.as('source'),
      'd.status',
      'd.created_at',
    ])
    .where('d.member_id', '=', memberId)
    .where('d.status', '<>', 'credited');
  const credited = db
    .selectFrom('deposits as d')
    .leftJoin('deposit_channels as c', (j) =>
      j.onRef('c.currency', '=', 'd.currency').onRef('c.network', '=', 'd.network'),
    )
    // UNION ALL matches columns by position: confirmations and required first, as the chain side has them.
    .select([
      // Credited: what counts is that the threshold was met, however many blocks followed.
      sql<number>`coalesce(c.confirmations, 0)::int`.as('confirmations'),
      sql<number>`coalesce(c.confirmations, 0)::int`.as('required'),
      'd.id',
      'd.currency',
      'd.network',
      'd.amount',
      'd.tx_hash',
      'd.source',
      sql<'pending' | 'credited' | 'below_minimum' | 'orphaned'>`'credited'`.as('status'),
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
