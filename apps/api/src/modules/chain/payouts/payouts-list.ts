import type {
  TAdminPayout,
  TAdminPayoutAlert,
  TAdminPayoutsQuery,
  TPage,
  TPayoutAlert,
} from '@app/contracts';
import type { Db } from '../../../db/database';
import { big, decimalOf } from '../../wallet/amounts';
import type { WalletForChain } from '../../wallet/wallet-for-chain';

type Views = Pick<WalletForChain, 'withdrawalsView' | 'depositChannelsView'>;

/**
 * The admin's view of payouts: by default those in flight (signed or broadcast), oldest nonce first, with
 * the withdrawal they pay and their confirmations as far as the watcher has followed the chain. One query
 * over wallet's views, so the page is ordered and cut in the database (decision 77).
 */
export async function listPayouts(
  db: Db,
  wallet: Views,
  q: TAdminPayoutsQuery,
): Promise<TPage<TAdminPayout>> {
  const statuses = q.status ? [q.status] : (['signed', 'broadcast'] as const);
  const rows = await db
    .selectFrom('chain_payouts as p')
    .innerJoin(wallet.withdrawalsView(db).as('w'), 'w.id', 'p.withdrawal_id')
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .innerJoin('currencies as cur', 'cur.code', 'w.currency')
    .leftJoin('chain_cursors as cc', 'cc.network', 'p.network')
    .leftJoin(wallet.depositChannelsView(db).as('ch'), (join) =>
      join.onRef('ch.currency', '=', 'w.currency').onRef('ch.network', '=', 'p.network'),
    )
    .selectAll('p')
    .select([
      'm.username',
      'w.currency',
      'w.amount',
      'w.fee',
      'cur.decimals',
      'cc.block_number as head',
      'ch.confirmations as required',
    ])
    .where('p.status', 'in', statuses)
    .orderBy('p.network')
    .orderBy('p.from_address')
    .orderBy('p.nonce', q.status ? 'desc' : 'asc')
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
    username: r.username,
    currency: r.currency,
    payout: decimalOf(big(r.amount) - big(r.fee), { decimals: r.decimals }),
    confirmations:
      r.mined_block === null
        ? 0
        : r.head === null
          ? null
          : Math.max(0, Number(r.head) - Number(r.mined_block) + 1),
    required: r.required ?? 0,
  }));
  return { items, page: q.page, pageSize: q.pageSize };
}

/**
 * Approved withdrawals the platform did not pay (an alert raised by the payer), oldest decision first,
 * with the failed payout an admin may retry. At most 100: each is an admin's task, not a report.
 */
export async function listPayoutAlerts(db: Db, wallet: Views): Promise<{ items: TAdminPayoutAlert[] }> {
  const rows = await db
    .selectFrom(wallet.withdrawalsView(db).as('w'))
    .innerJoin('members as m', 'm.id', 'w.member_id')
    .innerJoin('currencies as cur', 'cur.code', 'w.currency')
    .select([
      'w.id',
      'm.username',
      'w.currency',
      'w.network',
      'w.amount',
      'w.fee',
      'w.payout_alert',
      'w.decided_at',
      'cur.decimals',
    ])
    .where('w.status', '=', 'approved')
    .where('w.payout_alert', 'is not', null)
    .orderBy('w.decided_at')
    .orderBy('w.id')
    .limit(100)
    .execute();
  const failedRows =
    rows.length === 0
      ? []
      : await db
          .selectFrom('chain_payouts')
          .select(['id', 'withdrawal_id', 'error', 'tx_hashes'])
          .where(
            'withdrawal_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('status', '=', 'failed')
          .orderBy('created_at')
          .execute();
  // The newest failed payout of each withdrawal (later rows overwrite earlier ones).
  const failedOf = new Map(
    failedRows.map((p) => [p.withdrawal_id, { id: p.id, error: p.error, hashes: p.tx_hashes }]),
  );
  return {
    items: rows.map((r) => {
      const alert = r.payout_alert as TPayoutAlert;
      const failed = failedOf.get(r.id) ?? null;
      return {
        withdrawalId: r.id,
        username: r.username,
        currency: r.currency,
        network: r.network,
        payout: decimalOf(big(r.amount) - big(r.fee), { decimals: r.decimals }),
        alert,
        decidedAt: r.decided_at?.toISOString() ?? null,
        failedPayout: alert === 'PAYOUT_FAILED' && failed ? failed : null,
      };
    }),
  };
}
