import { ChainChangedError, type ChainReader, type TokenTransfer } from '../chain-reader';
import type { BlockRef } from '../evm/block-window';
import type { TronApi } from './tron-api';

/** Blocks per range: TRON's API answers per block, so a range is this many request pairs (3 s blocks). */
export const TRON_BATCH_BLOCKS = 100n;
/** Blocks asked for side by side (TronGrid's free tier allows about 15 requests a second per key). */
const PARALLEL = 4;

/**
 * TRON read through its full-node HTTP API (decision 67): the head from /wallet/getnowblock, headers from
 * /wallet/getblockbynum, TRC-20 Transfer logs per block from /wallet/gettransactioninfobyblocknum. The
 * two requests for a block could straddle a fork switch: the transaction infos must belong to the block
 * read (their ids among its transaction ids), or the range is reported as changed. The chain id is what
 * TRON's TVM answers to CHAINID: the last four bytes of the genesis block id.
 */
export function createTronReader(api: TronApi, batchBlocks = TRON_BATCH_BLOCKS): ChainReader {
  let genesisHash: string | null = null;

  async function header(n: bigint) {
    const block = await api.block(Number(n));
    if (!block) throw new ChainChangedError(`TRON block ${n} is not on the node (past its head)`);
    return block;
  }

  return {
    network: 'TRC20',
    family: 'tron',
    batchBlocks,
    head: async () => BigInt((await api.head()).number),
    async identity() {
      genesisHash ??= (await header(0n)).hash;
      return { chainId: Number.parseInt(genesisHash.slice(-8), 16), genesisHash };
    },
    async blocks(numbers) {
      const found: BlockRef[] = [];
      for (let i = 0; i < numbers.length; i += PARALLEL) {
        const part = await Promise.all(numbers.slice(i, i + PARALLEL).map(header));
        for (const b of part)
          found.push({ number: BigInt(b.number), hash: b.hash, parentHash: b.parentHash });
      }
      return found;
    },
    async transfers(p) {
      const tokens = new Set(p.tokens);
      const transfers: TokenTransfer[] = [];
      const headers: BlockRef[] = [];
      const numbers: bigint[] = [];
      for (let n = p.from; n <= p.to; n++) numbers.push(n);
      for (let i = 0; i < numbers.length; i += PARALLEL) {
        const part = await Promise.all(
          numbers.slice(i, i + PARALLEL).map(async (n) => {
            const [block, infos] = await Promise.all([header(n), api.blockTransfers(Number(n), tokens)]);
            const inBlock = new Set(block.txIds);
            if (infos.txIds.some((id) => !inBlock.has(id))) {
              throw new ChainChangedError(`TRON block ${n} changed while it was read`);
            }
            return { block, found: infos.transfers };
          }),
        );
        for (const { block, found } of part) {
          const number = BigInt(block.number);
          headers.push({ number, hash: block.hash, parentHash: block.parentHash });
          for (const t of found) {
            transfers.push({
              token: t.token,
              to: t.to,
              value: t.amount,
              txHash: t.txHash,
              logIndex: t.logIndex,
              blockNumber: number,
              blockHash: block.hash,
            });
          }
        }
      }
      return { transfers, headers };
    },
    normalize: (address) => address,
  };
}
