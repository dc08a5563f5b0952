import type { NetworkName } from '@app/contracts';
import type { Db } from '../../../db/database';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { PayoutRow } from './advance-payout';

/**
 * A hot wallet's payouts still moving (signed or broadcast), in the order they were numbered, each with its
 * channel's confirmation threshold: what a payer's pass advances and what it counts as already promised.
 */
export function payoutsInFlight(
  db: Db,
  wallet: Pick<WalletForChain, 'withdrawalsView' | 'depositChannelsView'>,
  network: NetworkName,
  from: string,
): Promise<PayoutRow[]> {
  return db
    .selectFrom('chain_payouts as p')
    .innerJoin(wallet.withdrawalsView(db).as('w'), 'w.id', 'p.withdrawal_id')
    .innerJoin(wallet.depositChannelsView(db).as('c'), (join) =>
      join.onRef('c.currency', '=', 'w.currency').onRef('c.network', '=', 'p.network'),
    )
    .selectAll('p')
    .select('c.confirmations')
    .where('p.network', '=', network)
    .where('p.from_address', '=', from)
    .where('p.status', 'in', ['signed', 'broadcast'])
    .orderBy('p.nonce')
    .execute();
}
