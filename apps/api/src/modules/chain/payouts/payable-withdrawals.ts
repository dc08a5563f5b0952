import type { NetworkName } from '@app/contracts';
import type { Db } from '../../../db/database';
import { derivedUuid } from '../../../platform/idempotency';
import type { WalletForChain } from '../../wallet/wallet-for-chain';

/** An approved withdrawal on a channel the platform pays, with what its payout needs. */
export interface PayableWithdrawal {
  id: string;
  address: string;
  amount: string;
  fee: string;
  currency_decimals: number;
  token_address: string;
  token_decimals: number;
  /** 0 for the first payout, n after an admin's n-th retry of a failed one (decision 68). */
  attempt: number;
}

/**
 * Approved, on a channel of `network` the platform pays, and with no more payouts than an admin allowed
 * retries: a failed one is the admin's until retried (decision 68). Oldest decision first, at most `limit`.
 * One query over wallet's views and chain_payouts, so the batch is cut after the filter (decision 77).
 */
export async function payableWithdrawals(
  db: Db,
  wallet: Pick<WalletForChain, 'withdrawalsView' | 'depositChannelsView'>,
  network: NetworkName,
  limit: number,
): Promise<PayableWithdrawal[]> {
  return db
    .selectFrom(wallet.withdrawalsView(db).as('w'))
    .innerJoin(wallet.depositChannelsView(db).as('c'), (join) =>
      join.onRef('c.currency', '=', 'w.currency').onRef('c.network', '=', 'w.network'),
    )
    .innerJoin('currencies as cur', 'cur.code', 'w.currency')
    .select([
      'w.id',
      'w.address',
      'w.amount',
      'w.fee',
      'cur.decimals as currency_decimals',
      'c.token_address',
      'c.token_decimals',
      'w.payout_retries as attempt',
    ])
    .where('w.status', '=', 'approved')
    .where('w.tx_hash', 'is', null)
    .where('w.network', '=', network)
    .where('c.auto_payout', '=', true)
    .where('c.token_address', 'is not', null)
    .where((eb) =>
      eb(
        eb
          .selectFrom('chain_payouts as p')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .whereRef('p.withdrawal_id', '=', 'w.id'),
        '<=',
        eb.ref('w.payout_retries'),
      ),
    )
    .orderBy('w.decided_at')
    .orderBy('w.id')
    .limit(limit)
    .execute() as Promise<PayableWithdrawal[]>;
}

/** The payout's id, derived from the withdrawal and the attempt: a pass that runs twice inserts it once. */
export function payoutIdOf(w: Pick<PayableWithdrawal, 'id' | 'attempt'>): string {
  return w.attempt === 0
    ? derivedUuid(w.id, 'chain-payout')
    : derivedUuid(w.id, 'chain-payout', String(w.attempt));
}
