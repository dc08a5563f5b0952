import type { NetworkName } from '@app/contracts';
import { type Address, createPublicClient, http, type PublicClient, type WalletClient } from 'viem';

/**
 * The chains the platform is connected to (decision 53): EVM networks through viem over JSON-RPC (ERC-20
 * and BEP-20 share one code path and differ only in chain id, RPC and token addresses), TRON through its
 * HTTP API. A network without an endpoint is not watched; its deposits stay manual.
 */
export type EvmNetworkName = Extract<NetworkName, 'ERC20' | 'BEP20'>;

export interface EvmNetwork {
  name: EvmNetworkName;
  chainId: number;
  rpcUrl: string;
  client: PublicClient;
}

export interface DevChainHandle {
  url: string;
  tokens: { USDT: Address; USDC: Address };
  /** The development chain's first test account, which holds the test tokens. */
  funder: WalletClient;
}

export interface ChainNetworks {
  evm: ReadonlyMap<EvmNetworkName, EvmNetwork>;
  tron: { apiUrl: string; apiKey?: string | undefined } | null;
  /** The local development chain, when `npm start` runs one (it serves as ERC20). */
  dev: DevChainHandle | null;
}

export const noChainNetworks: ChainNetworks = { evm: new Map(), tron: null, dev: null };

export function isWatched(networks: ChainNetworks, network: NetworkName): boolean {
  return network === 'TRC20' ? networks.tron !== null : networks.evm.has(network);
}

/** Connects to each configured RPC and asks its chain id (a wrong URL fails the start, not the first deposit). */
export async function connectChainNetworks(options: {
  rpcUrls: Partial<Record<EvmNetworkName, string>>;
  tronApiUrl?: string | undefined;
  tronApiKey?: string | undefined;
  dev?: DevChainHandle | null;
}): Promise<ChainNetworks> {
  const evm = new Map<EvmNetworkName, EvmNetwork>();
  for (const [name, rpcUrl] of Object.entries(options.rpcUrls) as [EvmNetworkName, string | undefined][]) {
    if (!rpcUrl) continue;
    // cacheTime 0: the watcher asks for the newest block each pass and must not get a cached number.
    const client = createPublicClient({
      transport: http(rpcUrl, { retryCount: 2 }),
      cacheTime: 0,
    }) as PublicClient;
    let chainId: number;
    try {
      chainId = await client.getChainId();
    } catch (error) {
      throw new Error(`${name} RPC at ${rpcUrl} does not answer: ${(error as Error).message.split('\n')[0]}`);
    }
    evm.set(name, { name, chainId, rpcUrl, client });
  }
  return {
    evm,
    tron: options.tronApiUrl ? { apiUrl: options.tronApiUrl, apiKey: options.tronApiKey } : null,
    dev: options.dev ?? null,
  };
}
