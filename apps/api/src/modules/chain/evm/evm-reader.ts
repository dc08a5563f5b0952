import { type Address, createPublicClient, getAddress, http, type PublicClient } from 'viem';
import type { ChainReader } from '../chain-reader';
import type { EvmNetwork } from '../networks';
import { readBlocks, readTransfers } from './transfer-logs';

/** Blocks per `eth_getLogs` (public nodes cap ranges near 2,000; a local node answers any). */
export const EVM_BATCH_BLOCKS = 2000n;

/** Most requests one JSON-RPC batch carries (public nodes refuse batches of some hundreds). */
export const EVM_REQUESTS_PER_BATCH = 64;

/** An EVM network read over JSON-RPC through viem (ERC20, BEP20). */
export function createEvmReader(network: EvmNetwork, batchBlocks = EVM_BATCH_BLOCKS): ChainReader {
  const client = network.client;
  // Headers asked side by side (a range's ends, the recent 64 blocks) go out as one batch: one HTTP
  // request instead of 66, each of which cost this process more than the node's answer (decision 70).
  const headers = createPublicClient({
    transport: http(network.rpcUrl, { batch: { batchSize: EVM_REQUESTS_PER_BATCH }, retryCount: 2 }),
    cacheTime: 0,
  }) as PublicClient;
  let genesisHash: string | null = null;
  return {
    network: network.name,
    family: 'evm',
    batchBlocks,
    head: () => client.getBlockNumber(),
    async identity() {
      genesisHash ??= (await client.getBlock({ blockNumber: 0n })).hash;
      return { chainId: network.chainId, genesisHash };
    },
    blocks: (numbers) => readBlocks(headers, numbers),
    async transfers(p) {
      const transfers = await readTransfers(client, {
        tokens: p.tokens as Address[],
        from: p.from,
        to: p.to,
        recipients: p.recipients as Address[] | null,
      });
      return { transfers, headers: [] };
    },
    normalize: (address) => getAddress(address),
  };
}
