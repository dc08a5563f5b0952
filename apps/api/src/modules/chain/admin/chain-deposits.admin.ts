import type { TAdminChainDeposit, TAdminChainDepositsQuery } from '@app/contracts';
import type { Db } from '../../../db/database';
import { likePrefix } from '../../../platform/like';
import type { LedgerService } from '../../ledger/ledger.service';
import { big, decimalOf } from '../../wallet/amounts';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import { chainDepositsWithConfirmations } from '../deposit-confirmations';

/**
 * The admin's list of deposits seen on chain, newest first: pending ones with their confirmations as far
 * as the watcher has followed the chain, credited, below the minimum, dropped, and flagged ones (credited,
 * then gone in a deeper reorg: they wait for an admin).
 */
export function createChainDepositsAdmin(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'currencies'>;
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
}) {
  const { db, ledger } = deps;
  return async (q: TAdminChainDepositsQuery) => {
    let query = chainDepositsWithConfirmations(db, deps.wallet)
      .innerJoin('members as m', 'm.id', 'd.member_id')
      .select([
        'd.id',
        'm.username',
        'd.member_id',
        'd.network',
        'd.currency',
        'd.amount',
        'd.address',
        'd.tx_hash',
        'd.log_index',
        'd.block_number',
        'd.status',
        'd.flagged_at',
        'd.created_at',
        'd.credited_at',
      ]);
    if (q.status === 'flagged') query = query.where('d.flagged_at', 'is not', null);
    else if (q.status) query = query.where('d.status', '=', q.status);
    if (q.q) {
      const prefix = likePrefix(q.q.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['m.username']), 'like', prefix),
          eb(eb.fn('lower', ['d.tx_hash']), 'like', prefix),
        ]),
      );
    }
    const [rows, currencies] = await Promise.all([
      query
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      ledger.currencies(),
    ]);
    const decimals = new Map(currencies.map((c) => [c.code, c.decimals]));
    const items: TAdminChainDeposit[] = rows.map((r) => {
      return {
        id: r.id,
        username: r.username,
        memberId: r.member_id,
        network: r.network,
        currency: r.currency,
        amount: decimalOf(big(r.amount), { decimals: decimals.get(r.currency) ?? 0 }),
        address: r.address,
        txHash: r.tx_hash,
        logIndex: r.log_index,
        blockNumber: Number(r.block_number),
        status: r.status,
        confirmations: Number(r.confirmations),
        required: Number(r.required),
        flaggedAt: r.flagged_at?.toISOString() ?? null,
        createdAt: r.created_at.toISOString(),
        creditedAt: r.credited_at?.toISOString() ?? null,
      };
    });
    return { items, page: q.page, pageSize: q.pageSize };
  };
}
