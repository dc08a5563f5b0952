import type { NetworkName } from '@app/contracts';
import { type AnyDb, own } from '../../../db/tables';
import type { WalletForChain } from '../../wallet/wallet-for-chain';

/** A deposit channel the watcher follows on its network: which token, and what a deposit must meet. */
export interface WatchedChannel {
  currency: string;
  /** In the reader's address form (EIP-55 on EVM chains, base58 on TRON). */
  token: string;
  tokenDecimals: number;
  /** The currency's decimals in the ledger. */
  decimals: number;
  /** In the currency's minor units. */
  minAmount: bigint;
  confirmations: number;
}

/** The network's enabled channels with a token contract, read each pass so a changed setting applies. */
export async function watchedChannels(
  db: AnyDb,
  wallet: Pick<WalletForChain, 'depositChannelsView'>,
  network: NetworkName,
  normalize: (address: string) => string,
): Promise<WatchedChannel[]> {
  const rows = await own<'currencies'>(db)
    .selectFrom(wallet.depositChannelsView(db).as('c'))
    .innerJoin('currencies as cur', 'cur.code', 'c.currency')
    .select([
      'c.currency',
      'c.token_address',
      'c.token_decimals',
      'c.min_amount',
      'c.confirmations',
      'cur.decimals',
    ])
    .where('c.network', '=', network)
    .where('c.enabled', '=', true)
    .where('c.token_address', 'is not', null)
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    token: normalize(r.token_address!),
    tokenDecimals: r.token_decimals,
    decimals: r.decimals,
    minAmount: BigInt(r.min_amount),
    confirmations: r.confirmations,
  }));
}

/**
 * A token amount in the currency's minor units. A token with more decimals than the ledger (BEP-20 USDT:
 * 18 against 6) loses what is below the currency's smallest unit: dust the member cannot spend anyway.
 */
export function toCurrencyUnits(value: bigint, tokenDecimals: number, decimals: number): bigint {
  return tokenDecimals >= decimals
    ? value / 10n ** BigInt(tokenDecimals - decimals)
    : value * 10n ** BigInt(decimals - tokenDecimals);
}
