import type { TAdminPayout, TAdminPayoutsQuery, TPage } from '@app/contracts';
import type { Db } from '../../../db/database';

/** The admin's view of payouts: by default those in flight (signed or broadcast), oldest nonce first. */
export async function listPayouts(db: Db, q: TAdminPayoutsQuery): Promise<TPage<TAdminPayout>> {
  const statuses = q.status ? [q.status] : (['signed', 'broadcast'] as const);
  const rows = await db
    .selectFrom('chain_payouts')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('network')
    .orderBy('from_address')
    .orderBy('nonce', q.status ? 'desc' : 'asc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    withdrawalId: r.withdrawal_id,
    network: r.network,
    from: r.from_address,
    to: r.to_address,
    token: r.token_address,
    tokenAmount: r.token_amount,
    nonce: r.nonce,
    status: r.status,
    txHash: r.tx_hash,
    hashes: r.tx_hashes,
    minedHash: r.mined_hash,
    attempts: r.attempts,
    error: r.error,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
  return { items, page: q.page, pageSize: q.pageSize };
}
