import { z } from 'zod';
import { tronAddressOf } from '../keys';
import { type TronTransaction, ZTronTransaction } from './tron-transaction';

/**
 * TRON's full-node HTTP API (the `/wallet/*` endpoints a java-tron node and TronGrid serve), the part the
 * deposit watcher reads: the newest block, a block by number (hash and parent), and the event logs of a
 * block's transactions. No TRON node ships as an npm package, so tests run it against a local mock that
 * answers in the same shapes (test/tron-mock.ts).
 */
const ZBlock = z.object({
  blockID: z.string().regex(/^[0-9a-f]{64}$/),
  /** Left out of a block without transactions. */
  transactions: z.array(z.object({ txID: z.string().regex(/^[0-9a-f]{64}$/) })).default([]),
  block_header: z.object({
    raw_data: z.object({
      number: z.number().int().nonnegative(),
      parentHash: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  }),
});

/** A node answers `{}` for a block it does not have. */
const ZMaybeBlock = z.preprocess(
  (v) => (v && typeof v === 'object' && Object.keys(v).length === 0 ? null : v),
  ZBlock.nullable(),
);

const ZLog = z.object({
  address: z.string().regex(/^[0-9a-f]{40}$/),
  topics: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
  data: z
    .string()
    .regex(/^[0-9a-f]*$/)
    .default(''),
});

const ZTransactionInfo = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  blockNumber: z.number().int().nonnegative(),
  log: z.array(ZLog).default([]),
  receipt: z.object({ result: z.string().optional() }).default({}),
});

/** A node answers `{}` for what it does not know (a transaction id, an account). */
const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (v && typeof v === 'object' && Object.keys(v).length === 0 ? null : v),
    schema.nullable(),
  );

const ZHead = ZBlock.extend({
  block_header: z.object({
    raw_data: z.object({
      number: z.number().int().nonnegative(),
      parentHash: z.string().regex(/^[0-9a-f]{64}$/),
      timestamp: z.number().int(),
    }),
  }),
});

/** java-tron's `{ result: { result: true } }` or `{ result: { code, message(hex) } }`. */
const ZReturn = z.object({
  result: z.boolean().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

const ZTrigger = z.object({ result: ZReturn, transaction: ZTronTransaction.optional() });
const ZConstant = z.object({ result: ZReturn, constant_result: z.array(z.string()).optional() });
const ZBroadcast = z.object({
  result: z.boolean().optional(),
  code: z.string().optional(),
  txid: z.string().optional(),
  message: z.string().optional(),
});

/** What a node knows of a mined transaction: its block and, for a contract call, the receipt's result. */
const ZTxInfo = z.object({
  id: z.string(),
  blockNumber: z.number().int().nonnegative(),
  blockTimeStamp: z.number().int().optional(),
  receipt: z.object({ result: z.string().optional() }).default({}),
  result: z.string().optional(),
  resMessage: z.string().optional(),
});
export type TronTxInfo = z.infer<typeof ZTxInfo>;

/** The node's message, sent as hex of UTF-8 text. */
export function tronMessage(hexText: string | undefined): string {
  if (!hexText) return '';
  return /^([0-9a-f]{2})+$/i.test(hexText) ? Buffer.from(hexText, 'hex').toString('utf8') : hexText;
}

export type TronBroadcastResult = { ok: true } | { ok: false; code: string; message: string };

export interface TronBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** The ids of the block's transactions. */
  txIds: string[];
}

export interface TronTransfer {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  /** The token contract, base58 (T...). */
  token: string;
  /** The receiver, base58 (T...). */
  to: string;
  amount: bigint;
}

/** keccak256("Transfer(address,address,uint256)"), as TRON writes topics: hex without 0x. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export class TronApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'TronApiError';
  }
}

export function createTronApi(
  apiUrl: string,
  options: { fetch?: typeof fetch; apiKey?: string | undefined } = {},
) {
  const fetchImpl = options.fetch ?? fetch;
  async function post<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const response = await fetchImpl(new URL(path, apiUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new TronApiError(`${path} answered ${response.status}`, response.status);
    const json = await response.json();
    if (json && typeof json === 'object' && 'Error' in json) {
      throw new TronApiError(`${path}: ${String((json as { Error: unknown }).Error)}`, response.status);
    }
    return schema.parse(json);
  }

  const toBlock = (b: z.infer<typeof ZBlock>): TronBlock => ({
    number: b.block_header.raw_data.number,
    hash: b.blockID,
    parentHash: b.block_header.raw_data.parentHash,
    txIds: b.transactions.map((t) => t.txID),
  });

  return {
    async head(): Promise<TronBlock> {
      return toBlock(await post('/wallet/getnowblock', {}, ZBlock));
    },

    /** The head's number and timestamp (ms): a transaction expires against the chain's time, not ours. */
    async headTime(): Promise<{ number: bigint; timestamp: number }> {
      const b = await post('/wallet/getnowblock', {}, ZHead);
      return { number: BigInt(b.block_header.raw_data.number), timestamp: b.block_header.raw_data.timestamp };
    },

    /** Asks the node to build a contract call (not signed, not sent). Addresses 41-prefixed hex. */
    async triggerSmartContract(p: {
      owner: string;
      contract: string;
      selector: string;
      parameter: string;
      feeLimit: number;
    }): Promise<TronTransaction> {
      const answer = await post(
        '/wallet/triggersmartcontract',
        {
          owner_address: p.owner,
          contract_address: p.contract,
          function_selector: p.selector,
          parameter: p.parameter,
          fee_limit: p.feeLimit,
          call_value: 0,
          visible: false,
        },
        ZTrigger,
      );
      if (answer.result.result !== true || !answer.transaction) {
        throw new TronApiError(
          `triggersmartcontract: ${answer.result.code ?? 'no transaction'} ${tronMessage(answer.result.message)}`,
          200,
        );
      }
      return answer.transaction;
    },

    /** Asks the node to build a TRX transfer in sun (not signed, not sent). Addresses 41-prefixed hex. */
    async createTransaction(p: { owner: string; to: string; amount: bigint }): Promise<TronTransaction> {
      // A refusal comes back as `{ "Error": ... }`, which post() turns into a TronApiError.
      return post(
        '/wallet/createtransaction',
        { owner_address: p.owner, to_address: p.to, amount: Number(p.amount), visible: false },
        ZTronTransaction,
      );
    },

    /** A read-only call's first 32-byte result (e.g. balanceOf), as a number. */
    async callConstant(p: { owner: string; contract: string; selector: string; parameter: string }) {
      const answer = await post(
        '/wallet/triggerconstantcontract',
        {
          owner_address: p.owner,
          contract_address: p.contract,
          function_selector: p.selector,
          parameter: p.parameter,
          visible: false,
        },
        ZConstant,
      );
      const word = answer.constant_result?.[0];
      if (answer.result.result !== true || !word || !/^[0-9a-f]{64}/i.test(word)) {
        throw new TronApiError(`triggerconstantcontract: ${tronMessage(answer.result.message)}`, 200);
      }
      return BigInt(`0x${word.slice(0, 64)}`);
    },

    /** An account's TRX in sun; 0 for an account the chain has never seen (the node answers `{}`). */
    async trxBalance(hexAddress: string): Promise<bigint> {
      const account = await post(
        '/wallet/getaccount',
        { address: hexAddress, visible: false },
        emptyAsNull(z.object({ balance: z.number().int().nonnegative().default(0) })),
      );
      return BigInt(account?.balance ?? 0);
    },

    async broadcast(tx: TronTransaction): Promise<TronBroadcastResult> {
      const answer = await post('/wallet/broadcasttransaction', tx, ZBroadcast);
      if (answer.result === true) return { ok: true };
      return { ok: false, code: answer.code ?? 'UNKNOWN', message: tronMessage(answer.message) };
    },

    /** The info of a mined transaction; null while the node knows it only as pending, or not at all. */
    async transactionInfo(txId: string): Promise<TronTxInfo | null> {
      return post('/wallet/gettransactioninfobyid', { value: txId }, emptyAsNull(ZTxInfo));
    },

    /** Whether the node knows the transaction at all (in a block). */
    async knowsTransaction(txId: string): Promise<boolean> {
      const tx = await post(
        '/wallet/gettransactionbyid',
        { value: txId },
        emptyAsNull(z.object({ txID: z.string() }).loose()),
      );
      return tx !== null;
    },

    /** A block by number; null past the head (the node answers `{}`). */
    async block(num: number): Promise<TronBlock | null> {
      const answer = await post('/wallet/getblockbynum', { num }, ZMaybeBlock);
      return answer ? toBlock(answer) : null;
    },

    /** The TRC-20 Transfer logs of successful transactions in one block, of the tokens asked for. */
    async transfers(num: number, tokens: ReadonlySet<string>): Promise<TronTransfer[]> {
      return (await this.blockTransfers(num, tokens)).transfers;
    },

    /**
     * The same, with the ids of every transaction the node gave an info for: the watcher checks them
     * against the block it read (the two requests could straddle a fork switch).
     */
    async blockTransfers(
      num: number,
      tokens: ReadonlySet<string>,
    ): Promise<{ txIds: string[]; transfers: TronTransfer[] }> {
      const infos = await post('/wallet/gettransactioninfobyblocknum', { num }, z.array(ZTransactionInfo));
      const found: TronTransfer[] = [];
      for (const info of infos) {
        if (info.receipt.result !== undefined && info.receipt.result !== 'SUCCESS') continue;
        info.log.forEach((log, logIndex) => {
          const token = tronAddressOf(`0x${log.address}`);
          if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || !tokens.has(token)) return;
          found.push({
            txHash: info.id,
            logIndex,
            blockNumber: info.blockNumber,
            token,
            to: tronAddressOf(`0x${log.topics[2]!.slice(24)}`),
            amount: BigInt(`0x${log.data || '0'}`),
          });
        });
      }
      return { txIds: infos.map((i) => i.id), transfers: found };
    },
  };
}

export type TronApi = ReturnType<typeof createTronApi>;
