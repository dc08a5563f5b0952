import type { NetworkName, TChainHolding, TReconciliation } from '@app/contracts';
import type { Address } from 'viem';
import type { Db } from '../../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import { decimalOf } from '../../wallet/amounts';
import type { ChainKeys } from '../keys';
import type { ChainNetworks, EvmNetwork } from '../networks';
import { sumTokenBalances } from './token-balances';
import { toLedgerUnits } from './token-units';

type RawHolding = Omit<TChainHolding, 'hotWallet' | 'depositAddresses'> & {
  hotWallet: bigint | null;
  depositAddresses: bigint;
};

interface Channel {
  currency: string;
  network: NetworkName;
  token_address: string | null;
  token_decimals: number | null;
}

/**
 * The reconciliation view (issue 21, item 6): per currency, what the platform holds on chain (its hot
 * wallet plus members' deposit addresses not yet swept) beside what the ledger says it owes members. Read
 * live from each watched EVM network; a node that does not answer is named, not guessed.
 */
export function createReconciliation(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'owedToMembers' | 'currencies'>;
  networks: ChainNetworks;
  keys: Pick<ChainKeys, 'hotWallet'>;
  now?: () => Date;
}) {
  const { db, ledger, networks } = deps;

  /** The hot wallet's address, or null when the platform runs watch-only (no key to pay from). */
  function hotWalletAddress(): Address | null {
    try {
      return deps.keys.hotWallet?.address ?? null;
    } catch {
      return null;
    }
  }

  /** One network's holdings per token, in ledger minor units (null hot wallet: watch-only). */
  async function holdingsOn(
    network: EvmNetwork,
    channels: Channel[],
    owners: Address[],
    hot: Address | null,
    decimals: Map<string, number>,
  ): Promise<RawHolding[]> {
    return Promise.all(
      channels.map(async (c) => {
        const token = c.token_address as Address;
        const ledgerDecimals = decimals.get(c.currency) ?? 0;
        const units = (raw: bigint) => toLedgerUnits(raw, c.token_decimals ?? ledgerDecimals, ledgerDecimals);
        const [unswept, hotRaw] = await Promise.all([
          sumTokenBalances(network.client, token, owners),
          hot ? sumTokenBalances(network.client, token, [hot]) : Promise.resolve(null),
        ]);
        return {
          network: c.network,
          currency: c.currency,
          token,
          hotWallet: hotRaw === null ? null : units(hotRaw),
          depositAddresses: units(unswept),
          addresses: owners.length,
        };
      }),
    );
  }

  return async function reconcile(): Promise<TReconciliation> {
    const [channels, addressRows, owed, currencies] = await Promise.all([
      db
        .selectFrom('deposit_channels')
        .select(['currency', 'network', 'token_address', 'token_decimals'])
        .where('token_address', 'is not', null)
        .orderBy('currency')
        .orderBy('network')
        .execute(),
      db.selectFrom('deposit_addresses').select('address').where('family', '=', 'evm').execute(),
      ledger.owedToMembers(),
      ledger.currencies(),
    ]);
    const decimals = new Map(currencies.map((c) => [c.code, c.decimals]));
    const owners = addressRows.map((r) => r.address as Address);
    const hot = hotWalletAddress();
    const holdings: RawHolding[] = [];
    const unreadable: NetworkName[] = [];
    await Promise.all(
      [...networks.evm.values()].map(async (network) => {
        const on = channels.filter((c) => c.network === network.name);
        try {
          holdings.push(...(await holdingsOn(network, on, owners, hot, decimals)));
        } catch {
          unreadable.push(network.name);
        }
      }),
    );
    holdings.sort((a, b) => a.currency.localeCompare(b.currency) || a.network.localeCompare(b.network));
    const text = (minor: bigint, currency: string) =>
      decimalOf(minor, { decimals: decimals.get(currency) ?? 0 });

    return {
      currencies: [...new Set(channels.map((c) => c.currency))].map((currency) => {
        const onChain = holdings
          .filter((h) => h.currency === currency)
          .reduce((sum, h) => sum + (h.hotWallet ?? 0n) + h.depositAddresses, 0n);
        const owes = owed.find((o) => o.currency === currency)?.posted ?? 0n;
        return {
          currency,
          onChain: text(onChain, currency),
          owed: text(owes, currency),
          difference: text(onChain - owes, currency),
        };
      }),
      holdings: holdings.map(
        (h): TChainHolding => ({
          ...h,
          hotWallet: h.hotWallet === null ? null : text(h.hotWallet, h.currency),
          depositAddresses: text(h.depositAddresses, h.currency),
        }),
      ),
      unreadable: unreadable.sort(),
      checkedAt: (deps.now?.() ?? new Date()).toISOString(),
    };
  };
}
