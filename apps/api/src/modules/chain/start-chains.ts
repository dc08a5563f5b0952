import type { Config } from '../../config';
import { type DevChain, startDevChain } from './evm/dev-chain';
import { type ChainNetworks, connectChainNetworks } from './networks';

export interface StartedChains {
  networks: ChainNetworks;
  /** The local development chain, when one was started (no ERC20_RPC_URL, not production). */
  devChain: DevChain | null;
  /** What the bot worker (which runs the watchers and the payer) needs to reach the same chains. */
  workerEnv: Record<string, string>;
}

/**
 * The chains `npm start` connects to: the RPCs configured, or, outside production with no ERC20_RPC_URL,
 * a development chain started here (DEV_CHAIN=false turns it off) that serves as ERC20.
 */
export async function startChains(config: Config): Promise<StartedChains> {
  const wantDevChain = !config.isProduction && !config.ERC20_RPC_URL && config.DEV_CHAIN !== false;
  const devChain = wantDevChain ? await startDevChain({ blockIntervalMs: config.DEV_CHAIN_BLOCK_MS }) : null;
  const erc20 = config.ERC20_RPC_URL ?? devChain?.url;
  const networks = await connectChainNetworks({
    rpcUrls: { ERC20: erc20, BEP20: config.BEP20_RPC_URL },
    tronApiUrl: config.TRON_API_URL,
    tronApiKey: config.TRON_API_KEY,
    dev: devChain ? { url: devChain.url, tokens: devChain.tokens, funder: devChain.funder } : null,
  });
  return {
    networks,
    devChain,
    workerEnv: erc20 && devChain ? { ERC20_RPC_URL: erc20, DEV_CHAIN: 'false' } : {},
  };
}
