import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import Fastify from 'fastify';
import { keccak256, toBytes, toHex } from 'viem';
import { tronAddressOf } from '../src/modules/chain/keys';
import { encodeRawData, type MockRawData } from './tron-mock-encoding';

/**
 * A local stand-in for a TRON full node's HTTP API (no TRON node ships as an npm package): the `/wallet/*`
 * endpoints the deposit watcher reads, answering in java-tron's shapes, including its quirks: a block past
 * the head is `{}`, a malformed number is HTTP 200 with `{ "Error": ... }`, ids are hex without 0x, a
 * block id starts with the block number. Blocks are made only when the test calls `mine`, and `reorg`
 * replaces the newest blocks, as a real chain's fork choice can.
 *
 * For the payer (decision 69) it also keeps TRX and TRC-20 balances and builds, checks and executes
 * `transfer` calls as java-tron does: /wallet/triggersmartcontract builds an unsigned transaction (ref
 * block, expiration 60 s of chain time past the head, fee limit); /wallet/broadcasttransaction re-encodes
 * the JSON raw_data, hashes it, and refuses a duplicate, an expired transaction or a signature that does not
 * recover to the owner, in java-tron's shapes; `mine` executes broadcast transfers into the block (a
 * Transfer log when it succeeds; REVERT when the balance is short; OUT_OF_ENERGY when the TRX for the
 * energy is). Tests can make the next broadcast revert or vanish, or tamper with the next build.
 */
interface MockLog {
  address: string;
  topics: string[];
  data: string;
}
type TxResult = 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
interface MockTx {
  id: string;
  log: MockLog[];
  result: TxResult;
  /** A broadcast transaction (null for a test's deposit transfer). */
  signed?: SignedTx;
}
interface SignedTx {
  txID: string;
  raw_data: MockRawData;
  raw_data_hex: string;
  signature?: string[];
}
/** What a broadcast transaction does when mined, decided by the test beforehand. */
type Fate = 'execute' | 'revert' | 'drop';
interface MockBlock {
  number: number;
  hash: string;
  parentHash: string;
  txs: MockTx[];
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
/** Sun a mined transfer burns for its energy (about 14k energy at 420 sun, TRON's 2025 price). */
export const TRON_MOCK_ENERGY_FEE = 5_900_000n;
const GENESIS_TIME = 1_700_000_000_000;
/** Sun burnt when a TRX transfer creates the receiving account (TRON's 1 TRX). */
export const ACCOUNT_CREATION_FEE = 1_000_000n;
const hexText = (text: string) => Buffer.from(text).toString('hex');
const selectorOf = (signature: string) => keccak256(toBytes(signature)).slice(2, 10);

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
  const blockTime = (number: number) => GENESIS_TIME + number * 3000;
  /** TRX in sun and TRC-20 balances, by 41-hex address (token contract, then holder). */
  const trx = new Map<string, bigint>();
  const tokenBalances = new Map<string, Map<string, bigint>>();
  const fates: Fate[] = [];
  let tamper: ((tx: SignedTx) => void) | null = null;
  const tokenOf = (hex41: string) => tokenBalances.get(hex41.toLowerCase());
  const balanceOf = (token: string, holder: string) => tokenOf(token)?.get(holder.toLowerCase()) ?? 0n;
  const hex41 = (base58: string) => Buffer.from(createBase58check(sha256).decode(base58)).toString('hex');
  const minedTx = (id: string) => {
    for (const block of blocks) {
      const tx = block.txs.find((t) => t.id === id);
      if (tx) return { block, tx };
    }
    return null;
  };

  /** Executes a broadcast transfer in the block being mined: java-tron's receipt and, on success, the log. */
  function execute(signed: SignedTx, fate: Fate): MockTx {
    const call = signed.raw_data.contract[0]!.parameter.value;
    if (signed.raw_data.contract[0]!.type === 'TransferContract') {
      // Checked at broadcast (as java-tron validates a transfer before it enters the pool).
      const from = call.owner_address.toLowerCase();
      const to = call.to_address!.toLowerCase();
      const amount = BigInt(call.amount!);
      const creation = trx.has(to) ? 0n : ACCOUNT_CREATION_FEE;
      trx.set(from, (trx.get(from) ?? 0n) - amount - creation);
      trx.set(to, (trx.get(to) ?? 0n) + amount);
      return { id: signed.txID, log: [], result: 'SUCCESS', signed };
    }
    const owner = call.owner_address.toLowerCase();
    const token = call.contract_address!.toLowerCase();
    const data = call.data!;
    const to = `41${data.slice(8 + 24, 8 + 64)}`;
    const amount = BigInt(`0x${data.slice(8 + 64, 8 + 128)}`);
    const id = signed.txID;
    const fee = TRON_MOCK_ENERGY_FEE < BigInt(signed.raw_data.fee_limit ?? 0) ? TRON_MOCK_ENERGY_FEE : 0n;
    const sun = trx.get(owner) ?? 0n;
    if (fee === 0n || sun < fee) {
      trx.set(owner, 0n);
      return { id, log: [], result: 'OUT_OF_ENERGY', signed };
    }
    trx.set(owner, sun - fee);
    if (fate === 'revert' || balanceOf(token, owner) < amount)
      return { id, log: [], result: 'REVERT', signed };
    const balances = tokenOf(token)!;
    balances.set(owner, balanceOf(token, owner) - amount);
    balances.set(to, balanceOf(token, to) + amount);
    return {
      id,
      result: 'SUCCESS',
      signed,
      log: [
        {
          address: token.slice(2),
          topics: [TRANSFER_TOPIC, `${'0'.repeat(24)}${owner.slice(2)}`, `${'0'.repeat(24)}${to.slice(2)}`],
          data: amount.toString(16).padStart(64, '0'),
        },
      ],
    };
  }
  /** Broadcast transactions waiting for the next block, with what they will do. */
  let broadcastPool: { signed: SignedTx; fate: Fate }[] = [];
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
        timestamp: blockTime(b.number),
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
      blockTimeStamp: blockTime(block.number),
      contractResult: [''],
      log: tx.log,
      receipt: { result: tx.result, energy_usage_total: 13_345 },
    }));
  });
  app.post('/wallet/triggersmartcontract', async (request) => {
    const body = request.body as Record<string, unknown>;
    const owner = String(body.owner_address ?? '').toLowerCase();
    const contract = String(body.contract_address ?? '').toLowerCase();
    if (!/^41[0-9a-f]{40}$/.test(owner) || !/^41[0-9a-f]{40}$/.test(contract)) {
      return { result: { code: 'OTHER_ERROR', message: hexText('Invalid address') } };
    }
    if (!tokenOf(contract)) {
      return {
        result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexText('No contract or not a smart contract') },
      };
    }
    const h = head();
    const raw: MockRawData = {
      contract: [
        {
          parameter: {
            value: {
              data: selectorOf(String(body.function_selector)) + String(body.parameter ?? ''),
              owner_address: owner,
              contract_address: contract,
            },
            type_url: TRIGGER_TYPE_URL,
          },
          type: 'TriggerSmartContract',
        },
      ],
      ref_block_bytes: (h.number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: h.hash.slice(16, 32),
      expiration: blockTime(h.number) + 60_000,
      fee_limit: Number(body.fee_limit ?? 0),
      timestamp: blockTime(h.number),
    };
    const rawHex = encodeRawData(raw).toString('hex');
    const tx: SignedTx = {
      txID: Buffer.from(sha256(Buffer.from(rawHex, 'hex'))).toString('hex'),
      raw_data: raw,
      raw_data_hex: rawHex,
    };
    if (tamper) {
      tamper(tx);
      tamper = null;
    }
    return { result: { result: true }, transaction: { visible: false, ...tx } };
  });
  app.post('/wallet/createtransaction', async (request) => {
    const body = request.body as Record<string, unknown>;
    const owner = String(body.owner_address ?? '').toLowerCase();
    const to = String(body.to_address ?? '').toLowerCase();
    const amount = Number(body.amount);
    if (!/^41[0-9a-f]{40}$/.test(owner) || !/^41[0-9a-f]{40}$/.test(to)) return { Error: 'Invalid address' };
    if (!Number.isSafeInteger(amount) || amount <= 0) return { Error: 'Amount must be greater than 0.' };
    const h = head();
    const raw: MockRawData = {
      contract: [
        {
          parameter: {
            value: { amount, owner_address: owner, to_address: to },
            type_url: 'type.googleapis.com/protocol.TransferContract',
          },
          type: 'TransferContract',
        },
      ],
      ref_block_bytes: (h.number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: h.hash.slice(16, 32),
      expiration: blockTime(h.number) + 60_000,
      timestamp: blockTime(h.number),
    };
    const rawHex = encodeRawData(raw).toString('hex');
    return {
      visible: false,
      txID: Buffer.from(sha256(Buffer.from(rawHex, 'hex'))).toString('hex'),
      raw_data: raw,
      raw_data_hex: rawHex,
    };
  });
  app.post('/wallet/broadcasttransaction', async (request) => {
    const tx = request.body as SignedTx;
    // As java-tron: the id is the hash of raw_data as the node encodes it, whatever txID the JSON claims.
    const id = Buffer.from(sha256(encodeRawData(tx.raw_data))).toString('hex');
    const refuse = (code: string, message: string) => ({ code, txid: id, message: hexText(message) });
    if (minedTx(id) || broadcastPool.some((p) => p.signed.txID === id)) {
      return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    }
    if (tx.raw_data.expiration <= blockTime(head().number)) {
      return refuse('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
    }
    const owner = tx.raw_data.contract[0]?.parameter.value.owner_address.toLowerCase();
    const sig = tx.signature?.[0];
    let signer: string | null = null;
    if (sig && /^[0-9a-f]{130}$/i.test(sig)) {
      const bytes = Buffer.from(sig, 'hex');
      const v = bytes[64]! >= 27 ? bytes[64]! - 27 : bytes[64]!;
      try {
        const recovered = secp256k1.recoverPublicKey(
          Buffer.concat([Buffer.from([v]), bytes.subarray(0, 64)]),
          Buffer.from(id, 'hex'),
          { prehash: false },
        );
        const point = secp256k1.Point.fromBytes(recovered).toBytes(false);
        signer = `41${keccak256(toHex(point.slice(1))).slice(-40)}`;
      } catch {
        signer = null;
      }
    }
    if (!owner || signer !== owner) {
      return refuse('SIGERROR', `Validate signature error: ${signer ?? 'none'} is signed by another key`);
    }
    const call = tx.raw_data.contract[0]!;
    if (call.type === 'TransferContract') {
      const to = call.parameter.value.to_address!.toLowerCase();
      const needed = BigInt(call.parameter.value.amount ?? 0) + (trx.has(to) ? 0n : ACCOUNT_CREATION_FEE);
      if ((trx.get(owner) ?? 0n) < needed) {
        return refuse(
          'CONTRACT_VALIDATE_ERROR',
          'Contract validate error : Validate TransferContract error, balance is not sufficient.',
        );
      }
    }
    broadcastPool.push({ signed: { ...tx, txID: id }, fate: fates.shift() ?? 'execute' });
    return { result: true, txid: id };
  });
  app.post('/wallet/gettransactioninfobyid', async (request) => {
    const found = minedTx(String((request.body as { value?: unknown }).value ?? ''));
    if (!found) return {};
    const { block, tx } = found;
    return {
      id: tx.id,
      fee: Number(TRON_MOCK_ENERGY_FEE),
      blockNumber: block.number,
      blockTimeStamp: blockTime(block.number),
      contractResult: [''],
      receipt: { energy_usage_total: 13_345, result: tx.result },
      log: tx.log,
      ...(tx.result === 'SUCCESS'
        ? {}
        : {
            result: 'FAILED',
            resMessage: hexText(tx.result === 'REVERT' ? 'REVERT opcode executed' : 'Not enough energy'),
          }),
    };
  });
  app.post('/wallet/gettransactionbyid', async (request) => {
    const found = minedTx(String((request.body as { value?: unknown }).value ?? ''));
    if (!found?.tx.signed) return found ? { txID: found.tx.id } : {};
    return { ...found.tx.signed, ret: [{ contractRet: found.tx.result }] };
  });
  app.post('/wallet/getaccount', async (request) => {
    const address = String((request.body as { address?: unknown }).address ?? '').toLowerCase();
    const balance = trx.get(address);
    return balance === undefined ? {} : { address, balance: Number(balance), create_time: GENESIS_TIME };
  });
  app.post('/wallet/triggerconstantcontract', async (request) => {
    const body = request.body as Record<string, unknown>;
    const contract = String(body.contract_address ?? '').toLowerCase();
    if (!tokenOf(contract) || body.function_selector !== 'balanceOf(address)') {
      return {
        result: { code: 'CONTRACT_VALIDATE_ERROR', message: hexText('No contract or not a smart contract') },
      };
    }
    const holder = `41${String(body.parameter ?? '').slice(24, 64)}`;
    return {
      result: { result: true },
      energy_used: 935,
      constant_result: [balanceOf(contract, holder).toString(16).padStart(64, '0')],
    };
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
    transfer(token: string, to: string, amount: bigint, result: TxResult = 'SUCCESS'): string {
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
        const number = parent.number + 1;
        // A transaction past its expiration by this block's time can never be included: it is gone.
        const executed = broadcastPool
          .filter((p) => p.fate !== 'drop' && p.signed.raw_data.expiration > blockTime(number))
          .map((p) => execute(p.signed, p.fate));
        blocks.push({
          number,
          hash: blockId(number),
          parentHash: parent.hash,
          txs: [...pending, ...executed],
        });
        pending = [];
        broadcastPool = [];
      }
    },
    /** A TRC-20 token contract the node runs (transfers, balanceOf); base58. */
    deployToken(seed: string): string {
      const address = this.addressOf(seed);
      tokenBalances.set(hex41(address), new Map());
      return address;
    },
    /** Credits `amount` of a token (minted out of nothing, as a test faucet). */
    mint(token: string, holder: string, amount: bigint) {
      const balances = tokenOf(hex41(token));
      if (!balances) throw new Error(`${token} is not a deployed token`);
      balances.set(hex41(holder), balanceOf(hex41(token), hex41(holder)) + amount);
    },
    tokenBalance: (token: string, holder: string) => balanceOf(hex41(token), hex41(holder)),
    setTrx(holder: string, sun: bigint) {
      trx.set(hex41(holder), sun);
    },
    trxBalance: (holder: string) => trx.get(hex41(holder)) ?? 0n,
    /** What the next accepted broadcasts do when mined: revert, or vanish (a node that lost them). */
    fateOfNextBroadcast(fate: Fate) {
      fates.push(fate);
    },
    /** Changes the next transaction triggersmartcontract builds (a node that is not to be trusted). */
    tamperNextBuild(change: (tx: SignedTx) => void) {
      tamper = change;
    },
    /** Sets raw_data_hex and txID from raw_data again (after a test changed it). */
    rehash(tx: SignedTx) {
      tx.raw_data_hex = encodeRawData(tx.raw_data).toString('hex');
      tx.txID = Buffer.from(sha256(Buffer.from(tx.raw_data_hex, 'hex'))).toString('hex');
    },
    /** Transactions broadcast and not yet mined. */
    pendingBroadcasts: () => broadcastPool.map((p) => p.signed.txID),
    /** The receipt result of a mined transaction, or null. */
    resultOf: (id: string) => minedTx(id)?.tx.result ?? null,
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
