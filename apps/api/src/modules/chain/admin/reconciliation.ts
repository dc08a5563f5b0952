import type { NetworkName, TChainHolding, TReconciliation } from '@app/contracts';
import type { Db } from '../../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import { decimalOf } from '../../wallet/amounts';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import type { ChainKeys } from '../keys';
import type { ChainNetworks } from '../networks';
import { trc20Balance } from '../tron/trc20-balance';
import { createTronApi } from '../tron/tron-api';
import { erc20Balance, sumBalances } from './token-balances';
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

/** One watched network as the reconciliation reads it: its addresses and a balance reader. */
interface Source {
  network: NetworkName;
  owners: string[];
  hot: string | null;
  balance: (token: string, owner: string) => Promise<bigint>;
}

/**
 * The reconciliation view (issue 21, item 6): per currency, what the platform holds on chain (its hot
 * wallet plus members' deposit addresses not yet swept) beside what the ledger says it owes members. Read
 * live from each watched EVM network and from TRON (decision 69); a node that does not answer is named,
 * not guessed.
 */
export function createReconciliation(deps: {
  db: Db;
  wallet: Pick<WalletForChain, 'depositChannelsView'>;
  ledger: Pick<LedgerService, 'owedToMembers' | 'currencies'>;
  networks: ChainNetworks;
  keys: Pick<ChainKeys, 'hotWallet' | 'tronHotWallet'>;
  now?: () => Date;
}) {
  const { db, ledger, networks } = deps;

  /** A hot wallet's address, or null when the platform runs watch-only (no key to pay from). */
  function hotWalletAddress(family: 'evm' | 'tron'): string | null {
    try {
      return (family === 'evm' ? deps.keys.hotWallet : deps.keys.tronHotWallet)?.address ?? null;
    } catch {
      return null;
    }
  }
  const tronApi = networks.tron
    ? createTronApi(networks.tron.apiUrl, { apiKey: networks.tron.apiKey })
    : null;

  /** One network's holdings per token, in ledger minor units (null hot wallet: watch-only). */
  async function holdingsOn(
    source: Source,
    channels: Channel[],
    decimals: Map<string, number>,
  ): Promise<RawHolding[]> {
    return Promise.all(
      channels.map(async (c) => {
        const token = c.token_address!;
        const ledgerDecimals = decimals.get(c.currency) ?? 0;
        const units = (raw: bigint) => toLedgerUnits(raw, c.token_decimals ?? ledgerDecimals, ledgerDecimals);
        const read = (owners: string[]) => sumBalances(owners, (owner) => source.balance(token, owner));
        const [unswept, hotRaw] = await Promise.all([
          read(source.owners),
          source.hot ? read([source.hot]) : Promise.resolve(null),
        ]);
        return {
          network: c.network,
          currency: c.currency,
          token,
          hotWallet: hotRaw === null ? null : units(hotRaw),
          depositAddresses: units(unswept),
          addresses: source.owners.length,
        };
      }),
    );
  }

  return async function reconcile(): Promise<TReconciliation> {
    const [channels, addressRows, owed, currencies] = await Promise.all([
      db
        .selectFrom(deps.wallet.depositChannelsView(db).as('c'))
        .select(['currency', 'network', 'token_address', 'token_decimals'])
        .where('token_address', 'is not', null)
        .orderBy('currency')
        .orderBy('network')
        .execute(),
      db.selectFrom('deposit_addresses').select(['address', 'family']).execute(),
      ledger.owedToMembers(),
      ledger.currencies(),
    ]);
    const decimals = new Map(currencies.map((c) => [c.code, c.decimals]));
    const ownersOf = (family: 'evm' | 'tron') =>
      addressRows.filter((r) => r.family === family).map((r) => r.address);
    const sources: Source[] = [...networks.evm.values()].map((network) => ({
      network: network.name,
      owners: ownersOf('evm'),
      hot: hotWalletAddress('evm'),
      balance: (token, owner) => erc20Balance(network.client, token, owner),
    }));
    if (tronApi) {
      sources.push({
        network: 'TRC20',
        owners: ownersOf('tron'),
        hot: hotWalletAddress('tron'),
        balance: (token, owner) => trc20Balance(tronApi, token, owner),
      });
    }
    const holdings: RawHolding[] = [];
    const unreadable: NetworkName[] = [];
    await Promise.all(
      sources.map(async (source) => {
        const on = channels.filter((c) => c.network === source.network);
        try {
          holdings.push(...(await holdingsOn(source, on, decimals)));
        } catch {
          unreadable.push(source.network);
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
