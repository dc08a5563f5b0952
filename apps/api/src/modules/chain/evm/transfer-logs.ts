import {
  type Address,
  BlockNotFoundError,
  encodeEventTopics,
  hexToBigInt,
  hexToNumber,
  numberToHex,
  type PublicClient,
  parseAbiItem,
} from 'viem';
import type { TokenTransfer } from '../chain-reader';
import type { BlockRef } from './block-window';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const [TRANSFER_TOPIC] = encodeEventTopics({ abi: [TRANSFER], eventName: 'Transfer' });

/** Up to this many addresses go into the `eth_getLogs` topic filter; more, and the range is read whole. */
export const TOPIC_FILTER_MAX = 200;

/**
 * The token contracts' Transfer logs in [from, to]: with few member addresses, only those sent to them
 * (the node filters by the indexed `to` topic); with many, all of them, and the caller looks the
 * recipients up in one query (a topic list of 10,000 is slower on nodes than the logs themselves).
 *
 * The logs are taken as the node sends them, not through viem's event decoding: that gives every address
 * its EIP-55 form, a keccak hash each (about 20 µs here), and a busy range holds thousands of transfers to
 * strangers whose form nobody needs (decision 70). ERC-20 fixes a Transfer's layout: the recipient is the
 * last 20 bytes of the third topic, the value the 32 bytes of data; a log of another layout under the same
 * signature (ERC-721's, its token id indexed) is skipped, as viem's strict decoding skipped it. `to` is
 * lowercase, as the node gives it; `token` is the caller's own spelling of the contract.
 */
export async function readTransfers(
  client: PublicClient,
  p: { tokens: readonly Address[]; from: bigint; to: bigint; recipients: readonly Address[] | null },
): Promise<TokenTransfer[]> {
  const tokenOf = new Map(p.tokens.map((t) => [t.toLowerCase(), t]));
  const topics = p.recipients
    ? encodeEventTopics({ abi: [TRANSFER], eventName: 'Transfer', args: { to: [...p.recipients] } })
    : [TRANSFER_TOPIC];
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [{ address: [...p.tokens], topics, fromBlock: numberToHex(p.from), toBlock: numberToHex(p.to) }],
  });
  const transfers: TokenTransfer[] = [];
  for (const l of logs) {
    const token = tokenOf.get(l.address.toLowerCase());
    const recipient = l.topics[2];
    if (l.removed || !token || l.topics.length !== 3 || l.topics[0] !== TRANSFER_TOPIC) continue;
    if (!recipient || l.data.length !== 66 || !l.blockNumber || !l.blockHash || !l.transactionHash) continue;
    if (l.logIndex === null) continue;
    transfers.push({
      token,
      to: `0x${recipient.slice(26).toLowerCase()}`,
      value: hexToBigInt(l.data),
      txHash: l.transactionHash,
      logIndex: hexToNumber(l.logIndex),
      blockNumber: hexToBigInt(l.blockNumber),
      blockHash: l.blockHash,
    });
  }
  return transfers;
}

/**
 * Block headers by number, asked side by side (eth_getBlockByNumber without transactions) and taken as the
 * node sends them: the watcher keeps a header's hash and parent hash, and formatting the whole block (as
 * viem's getBlock does) for 64 headers a pass was work for nothing. Asked through a batching client, the
 * side-by-side requests go out as one JSON-RPC batch (evm-reader.ts).
 */
export async function readBlocks(client: PublicClient, numbers: readonly bigint[]): Promise<BlockRef[]> {
  return Promise.all(
    numbers.map(async (blockNumber) => {
      const block = await client.request({
        method: 'eth_getBlockByNumber',
        params: [numberToHex(blockNumber), false],
      });
      if (!block?.hash) throw new BlockNotFoundError({ blockNumber });
      return { number: blockNumber, hash: block.hash, parentHash: block.parentHash };
    }),
  );
}
