import { type Address, getAddress } from 'viem';
import type { ChainReader } from '../chain-reader';
import type { EvmNetwork } from '../networks';
import { readBlocks, readTransfers } from './transfer-logs';

/** Blocks per `eth_getLogs` (public nodes cap ranges near 2,000; a local node answers any). */
export const EVM_BATCH_BLOCKS = 2000n;

/** An EVM network read over JSON-RPC through viem (ERC20, BEP20). */
export function createEvmReader(network: EvmNetwork, batchBlocks = EVM_BATCH_BLOCKS): ChainReader {
  const client = network.client;
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
    blocks: (numbers) => readBlocks(client, numbers),
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
