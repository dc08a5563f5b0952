import { sha256 } from '@noble/hashes/sha2.js';
import { z } from 'zod';
import { only, readWire } from './protobuf-wire';

/**
 * A TRC-20 `transfer(to, amount)` as a TRON node builds it (/wallet/triggersmartcontract, visible: false),
 * and the check the payer makes before signing one (decision 69): the node is trusted to pick the
 * reference block and the expiration, never with what is paid, to whom, from which token or at what fee
 * limit. The bytes checked are raw_data_hex (what the id hashes and the signature covers); the JSON
 * raw_data beside them must say the same, since /wallet/broadcasttransaction reads the JSON.
 */
export const ZTronTransaction = z.object({
  txID: z.string().regex(/^[0-9a-f]{64}$/),
  raw_data: z.object({
    contract: z.array(
      z.object({
        parameter: z.object({
          value: z.object({
            data: z.string().optional(),
            owner_address: z.string(),
            contract_address: z.string().optional(),
            call_value: z.number().optional(),
            to_address: z.string().optional(),
            amount: z.number().optional(),
          }),
          type_url: z.string(),
        }),
        type: z.string(),
      }),
    ),
    ref_block_bytes: z.string(),
    ref_block_hash: z.string(),
    expiration: z.number().int(),
    fee_limit: z.number().int().optional(),
    timestamp: z.number().int().optional(),
  }),
  raw_data_hex: z.string().regex(/^([0-9a-f]{2})+$/),
  signature: z.array(z.string()).optional(),
  visible: z.boolean().optional(),
});
export type TronTransaction = z.infer<typeof ZTronTransaction>;

export interface TransferRequest {
  /** 41-prefixed hex addresses. */
  owner: string;
  token: string;
  to: string;
  amount: bigint;
  /** In sun: the most the transaction may burn for energy. */
  feeLimit: number;
}

/** java-tron's ContractType numbers and the type_url each is packed with. */
const CONTRACTS = {
  TransferContract: { type: 1n, url: 'type.googleapis.com/protocol.TransferContract' },
  TriggerSmartContract: { type: 31n, url: 'type.googleapis.com/protocol.TriggerSmartContract' },
} as const;
/** java-tron refuses an expiration more than a day past its head block. */
const MAX_EXPIRATION_MS = 24 * 60 * 60 * 1000;
/** raw_data fields a transfer may carry: ref_block_bytes, ref_block_num, ref_block_hash, expiration, contract, timestamp, fee_limit. */
const RAW_FIELDS = new Set([1, 3, 4, 8, 11, 14, 18]);

/** The ABI call data of `transfer(to, amount)`: selector, then each argument as 32 bytes. */
export function transferCallData(toHex41: string, amount: bigint): string {
  return `a9059cbb${toHex41.slice(2).padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
}

/** The `parameter` of triggersmartcontract for transfer(to, amount): the arguments without the selector. */
export function transferParameter(toHex41: string, amount: bigint): string {
  return transferCallData(toHex41, amount).slice(8);
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

export class UntrustedTransactionError extends Error {
  constructor(message: string) {
    super(`the node's transaction is not the transfer asked for: ${message}`);
    this.name = 'UntrustedTransactionError';
  }
}

type Fields = ReturnType<typeof readWire>;
const fail = (why: string): never => {
  throw new UntrustedTransactionError(why);
};

/**
 * What every transaction the platform signs must be: its id the sha256 of its bytes, exactly one contract of
 * `kind` and nothing else in raw_data (no memo, no permission id), an expiration after `headTime` (the head
 * block's timestamp) and within a day, and JSON raw_data saying the same as the bytes for the fields common
 * to all. Returns the contract's own fields and raw_data's.
 */
function checkEnvelope(tx: TronTransaction, kind: keyof typeof CONTRACTS, headTime: number) {
  const bytes = Buffer.from(tx.raw_data_hex, 'hex');
  if (hex(sha256(bytes)) !== tx.txID) fail('txID is not sha256(raw_data_hex)');
  let raw: Fields;
  let contract: Fields;
  let typeUrl: string;
  let value: Fields;
  try {
    raw = readWire(bytes);
    const contracts = raw.filter((f) => f.field === 11);
    if (contracts.length !== 1) fail(`${contracts.length} contracts`);
    contract = readWire(contracts[0]!.value as Uint8Array);
    const any = readWire(only<Uint8Array>(contract, 2, 'bytes'));
    typeUrl = Buffer.from(only<Uint8Array>(any, 1, 'bytes')).toString('utf8');
    value = readWire(only<Uint8Array>(any, 2, 'bytes'));
  } catch (error) {
    if (error instanceof UntrustedTransactionError) throw error;
    return fail(`raw_data_hex does not decode (${(error as Error).message})`);
  }
  const unexpected = raw.find((f) => !RAW_FIELDS.has(f.field));
  if (unexpected) fail(`raw_data carries field ${unexpected.field}`);
  if (contract.some((f) => f.field !== 1 && f.field !== 2)) fail('the contract carries extra fields');
  if (only<bigint>(contract, 1, 'varint') !== CONTRACTS[kind].type) fail(`not a ${kind}`);
  if (typeUrl !== CONTRACTS[kind].url) fail(`type_url ${typeUrl}`);
  const expiration = Number(only<bigint>(raw, 8, 'varint'));
  if (expiration <= headTime || expiration > headTime + MAX_EXPIRATION_MS) fail(`expiration ${expiration}`);
  const j = tx.raw_data;
  const agrees =
    j.contract.length === 1 &&
    j.contract[0]!.type === kind &&
    j.expiration === expiration &&
    j.ref_block_bytes === hex(only<Uint8Array>(raw, 1, 'bytes')) &&
    j.ref_block_hash === hex(only<Uint8Array>(raw, 4, 'bytes')) &&
    (j.timestamp ?? 0) === Number(raw.find((f) => f.field === 14)?.value ?? 0n) &&
    (j.fee_limit ?? 0) === Number(raw.find((f) => f.field === 18)?.value ?? 0n);
  if (!agrees) fail('raw_data (JSON) and raw_data_hex differ');
  return { raw, value, expiration, json: j.contract[0]!.parameter.value };
}

/**
 * Throws UntrustedTransactionError unless `tx` is exactly the TRC-20 transfer asked for (see
 * checkEnvelope for what every transaction must be). Returns its expiration (ms).
 */
export function verifyTransfer(tx: TronTransaction, want: TransferRequest, headTime: number): number {
  const { raw, value: t, expiration, json } = checkEnvelope(tx, 'TriggerSmartContract', headTime);
  if (t.some((f) => f.field !== 1 && f.field !== 2 && f.field !== 4))
    fail('the call sends TRX or tokens along');
  const owner = hex(only<Uint8Array>(t, 1, 'bytes'));
  const token = hex(only<Uint8Array>(t, 2, 'bytes'));
  const data = hex(only<Uint8Array>(t, 4, 'bytes'));
  if (owner !== want.owner.toLowerCase()) fail(`owner ${owner}`);
  if (token !== want.token.toLowerCase()) fail(`contract ${token}`);
  if (data !== transferCallData(want.to.toLowerCase(), want.amount)) fail(`call data ${data}`);
  const feeLimit = Number(raw.find((f) => f.field === 18)?.value ?? 0n);
  if (feeLimit !== want.feeLimit) fail(`fee_limit ${feeLimit}`);
  const agrees =
    json.owner_address.toLowerCase() === owner &&
    json.contract_address?.toLowerCase() === token &&
    json.data?.toLowerCase() === data &&
    (json.call_value ?? 0) === 0;
  if (!agrees) fail('raw_data (JSON) and raw_data_hex differ');
  return expiration;
}

/** The same for a plain TRX transfer (a sweep's fee top-up): owner, receiver and amount in sun, exactly. */
export function verifyTrxTransfer(
  tx: TronTransaction,
  want: { owner: string; to: string; amount: bigint },
  headTime: number,
): number {
  const { raw, value: t, expiration, json } = checkEnvelope(tx, 'TransferContract', headTime);
  if (t.some((f) => f.field < 1 || f.field > 3)) fail('the transfer carries extra fields');
  if (raw.some((f) => f.field === 18)) fail('a TRX transfer has no fee limit');
  const owner = hex(only<Uint8Array>(t, 1, 'bytes'));
  const to = hex(only<Uint8Array>(t, 2, 'bytes'));
  const amount = only<bigint>(t, 3, 'varint');
  if (owner !== want.owner.toLowerCase()) fail(`owner ${owner}`);
  if (to !== want.to.toLowerCase()) fail(`to ${to}`);
  if (amount !== want.amount) fail(`amount ${amount}`);
  const agrees =
    json.owner_address.toLowerCase() === owner &&
    json.to_address?.toLowerCase() === to &&
    BigInt(json.amount ?? -1) === amount;
  if (!agrees) fail('raw_data (JSON) and raw_data_hex differ');
  return expiration;
}
