import { sql } from 'kysely';
import type { AnyDb } from '../../../db/tables';
import { own } from '../../../db/tables';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainFamily } from '../keys';

export interface SweepCandidate {
  address: string;
  token: string;
  index: number;
}

/**
 * Deposit addresses on `network` holding credited deposits that no sweep has moved since (none in flight,
 * none confirmed after the credit), with their token (wallet's channel) and derivation index (decisions 62
 * and 69).
 */
export async function sweepCandidates(
  anyDb: AnyDb,
  wallet: Pick<WalletForChain, 'depositChannelsView'>,
  network: 'ERC20' | 'BEP20' | 'TRC20',
  family: ChainFamily,
): Promise<SweepCandidate[]> {
  const db = own<'chain_sweeps' | 'chain_deposits' | 'deposit_addresses'>(anyDb);
  const rows = await db
    .selectFrom('chain_deposits as d')
    .innerJoin(wallet.depositChannelsView(anyDb).as('c'), (j) =>
      j.onRef('c.currency', '=', 'd.currency').onRef('c.network', '=', 'd.network'),
    )
    .innerJoin('deposit_addresses as a', (j) =>
      j.onRef('a.address', '=', 'd.address').on('a.family', '=', family),
    )
    .select(['d.address', 'c.token_address', 'a.derivation_index'])
    .where('d.network', '=', network)
    .where('d.status', '=', 'credited')
    .where('c.token_address', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chain_sweeps as s')
            .select(sql`1`.as('one'))
            .where('s.network', '=', network)
            // EVM addresses are compared without their EIP-55 letter case, as different writers store
            // them; base58 (TRON) never differs in case alone between two checksummed addresses.
            .where(sql<boolean>`lower(s.address) = lower(d.address)`)
            .where(sql<boolean>`lower(s.token) = lower(c.token_address)`)
            .where((w) =>
              w.or([
                w('s.status', '=', 'sent'),
                w.and([
                  w('s.kind', '=', 'sweep'),
                  w('s.status', '=', 'confirmed'),
                  w('s.created_at', '>', w.ref('d.credited_at')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .distinct()
    .execute();
  return rows.map((r) => ({
    address: r.address,
    token: r.token_address!,
    index: Number(r.derivation_index),
  }));
}
