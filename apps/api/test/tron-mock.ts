import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import Fastify from 'fastify';
import { tronAddressOf } from '../src/modules/chain/keys';

/**
 * A local stand-in for a TRON full node's HTTP API (no TRON node ships as an npm package): the `/wallet/*`
 * endpoints the deposit watcher reads, answering in java-tron's shapes, including its quirks: a block past
 * the head is `{}`, a malformed number is HTTP 200 with `{ "Error": ... }`, ids are hex without 0x, a
 * block id starts with the block number. Blocks are made only when the test calls `mine`, and `reorg`
 * replaces the newest blocks, as a real chain's fork choice can.
 */
interface MockLog {
  address: string;
  topics: string[];
  data: string;
}
interface MockTx {
  id: string;
  log: MockLog[];
  result: 'SUCCESS' | 'REVERT';
}
interface MockBlock {
  number: number;
  hash: string;
  parentHash: string;
  txs: MockTx[];
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** base58 T... to the 20-byte hex TRON logs carry. */
function hexOf(address: string, table: Map<string, string>): string {
  const hex = table.get(address);
  if (!hex) throw new Error(`unknown TRON address ${address}: register it with addressOf`);
  return hex;
}

function blockId(number: number): string {
  return number.toString(16).padStart(16, '0') + randomBytes(24).toString('hex');
}

export async function startTronMock() {
  const blocks: MockBlock[] = [{ number: 0, hash: blockId(0), parentHash: '0'.repeat(64), txs: [] }];
  let pending: MockTx[] = [];
  const known = new Map<string, string>(); // base58 -> hex
  const requests: string[] = [];
  /** The TronGrid key each request carried (TRON-PRO-API-KEY), '' for none. */
  const apiKeys: string[] = [];

  const head = () => blocks[blocks.length - 1]!;
  // As java-tron: `transactions` is left out of a block without any.
  const blockJson = (b: MockBlock) => ({
    blockID: b.hash,
    ...(b.txs.length > 0
      ? {
          transactions: b.txs.map((tx) => ({
            ret: [{ contractRet: tx.result }],
            txID: tx.id,
            raw_data: { contract: [{ type: 'TriggerSmartContract' }], timestamp: 1_700_000_000_000 },
          })),
        }
      : {}),
    block_header: {
      raw_data: {
        number: b.number,
        parentHash: b.parentHash,
        timestamp: 1_700_000_000_000 + b.number * 3000,
      },
    },
  });
  const numberOf = (body: unknown): number | null => {
    const num = (body as { num?: unknown } | null)?.num;
    return typeof num === 'number' && Number.isInteger(num) && num >= 0 ? num : null;
  };

  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    requests.push(request.url);
    apiKeys.push(String(request.headers['tron-pro-api-key'] ?? ''));
  });
  app.post('/wallet/getnowblock', async () => blockJson(head()));
  app.post('/wallet/getblockbynum', async (request) => {
    const num = numberOf(request.body);
    if (num === null) return { Error: 'class java.lang.NumberFormatException : For input string' };
    const block = blocks[num];
    return block ? blockJson(block) : {};
  });
  app.post('/wallet/gettransactioninfobyblocknum', async (request) => {
    const num = numberOf(request.body);
    if (num === null) return { Error: 'class java.lang.NumberFormatException : For input string' };
    const block = blocks[num];
    if (!block) return [];
    return block.txs.map((tx) => ({
      id: tx.id,
      blockNumber: block.number,
      blockTimeStamp: 1_700_000_000_000 + block.number * 3000,
      contractResult: [''],
      log: tx.log,
      receipt: { result: tx.result, energy_usage_total: 13_345 },
    }));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    requests,
    apiKeys,
    /** A TRON address for tests, known to the mock (so it can write it into logs). */
    addressOf(seed: string): string {
      const hex = Buffer.from(seed.padEnd(20, '.').slice(0, 20)).toString('hex');
      const base58 = tronAddressOf(`0x${hex}`);
      known.set(base58, hex);
      return base58;
    },
    /** Registers an address made elsewhere (a member's deposit address). */
    know(base58: string, evmHex: string) {
      known.set(base58, evmHex.replace(/^0x/, '').toLowerCase());
    },
    /** Registers a base58 address made elsewhere (a member's deposit address), decoding it. */
    watch(base58: string) {
      const bytes = createBase58check(sha256).decode(base58);
      known.set(base58, Buffer.from(bytes.subarray(1)).toString('hex'));
    },
    /** A TRC-20 transfer, pending until the next block. Returns its transaction id. */
    transfer(token: string, to: string, amount: bigint, result: 'SUCCESS' | 'REVERT' = 'SUCCESS'): string {
      const id = randomBytes(32).toString('hex');
      pending.push({
        id,
        result,
        log: [
          {
            address: hexOf(token, known),
            topics: [TRANSFER_TOPIC, '0'.repeat(24) + 'ab'.repeat(20), '0'.repeat(24) + hexOf(to, known)],
            data: amount.toString(16).padStart(64, '0'),
          },
        ],
      });
      return id;
    },
    mine(count = 1) {
      for (let i = 0; i < count; i++) {
        const parent = head();
        blocks.push({
          number: parent.number + 1,
          hash: blockId(parent.number + 1),
          parentHash: parent.hash,
          txs: pending,
        });
        pending = [];
      }
    },
    /** Drops the newest `depth` blocks (their transactions are gone) and mines `length` empty ones instead. */
    reorg(depth: number, length: number) {
      blocks.splice(blocks.length - depth, depth);
      pending = [];
      this.mine(length);
    },
    head: () => head().number,
    close: () => app.close(),
  };
}

export type TronMock = Awaited<ReturnType<typeof startTronMock>>;
