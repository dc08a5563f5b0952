import { type Address, getAddress, type PublicClient, parseAbiItem } from 'viem';
import type { TokenTransfer } from '../chain-reader';
import type { BlockRef } from './block-window';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Up to this many addresses go into the `eth_getLogs` topic filter; more, and the range is read whole. */
export const TOPIC_FILTER_MAX = 200;

/**
 * The token contracts' Transfer logs in [from, to]: with few member addresses, only those sent to them
 * (the node filters by the indexed `to` topic); with many, all of them, and the caller looks the
 * recipients up in one query (a topic list of 10,000 is slower on nodes than the logs themselves).
 */
export async function readTransfers(
  client: PublicClient,
  p: { tokens: readonly Address[]; from: bigint; to: bigint; recipients: readonly Address[] | null },
): Promise<TokenTransfer[]> {
  const logs = await client.getLogs({
    address: [...p.tokens],
    event: TRANSFER,
    args: p.recipients ? { to: [...p.recipients] } : undefined,
    fromBlock: p.from,
    toBlock: p.to,
    strict: true,
  });
  return logs
    .filter((l) => !l.removed)
    .map((l) => ({
      token: getAddress(l.address),
      to: getAddress(l.args.to),
      value: l.args.value,
      txHash: l.transactionHash,
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      blockHash: l.blockHash,
    }));
}

/** Block headers by number, asked side by side (eth_getBlockByNumber without transactions). */
export async function readBlocks(client: PublicClient, numbers: readonly bigint[]): Promise<BlockRef[]> {
  return Promise.all(
    numbers.map(async (blockNumber) => {
      const block = await client.getBlock({ blockNumber });
      return { number: blockNumber, hash: block.hash, parentHash: block.parentHash };
    }),
  );
}
