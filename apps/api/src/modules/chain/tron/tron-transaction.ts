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

const TRIGGER_SMART_CONTRACT = 31n;
const TRIGGER_TYPE_URL = 'type.googleapis.com/protocol.TriggerSmartContract';
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

/**
 * Throws UntrustedTransactionError unless `tx` is exactly the transfer asked for, its id is the sha256
 * of its bytes, and it expires after `headTime` (the head block's timestamp) but within a day. Returns its
 * expiration (ms).
 */
export function verifyTransfer(tx: TronTransaction, want: TransferRequest, headTime: number): number {
  const fail = (why: string): never => {
    throw new UntrustedTransactionError(why);
  };
  const bytes = Buffer.from(tx.raw_data_hex, 'hex');
  if (hex(sha256(bytes)) !== tx.txID) fail('txID is not sha256(raw_data_hex)');
  let raw: ReturnType<typeof readWire>;
  let parts: {
    contract: ReturnType<typeof readWire>;
    trigger: ReturnType<typeof readWire>;
    typeUrl: string;
  };
  try {
    raw = readWire(bytes);
    const contracts = raw.filter((f) => f.field === 11);
    if (contracts.length !== 1) fail(`${contracts.length} contracts`);
    const contract = readWire(contracts[0]!.value as Uint8Array);
    const any = readWire(only<Uint8Array>(contract, 2, 'bytes'));
    parts = {
      contract,
      typeUrl: Buffer.from(only<Uint8Array>(any, 1, 'bytes')).toString('utf8'),
      trigger: readWire(only<Uint8Array>(any, 2, 'bytes')),
    };
  } catch (error) {
    if (error instanceof UntrustedTransactionError) throw error;
    return fail(`raw_data_hex does not decode (${(error as Error).message})`);
  }
  const unexpected = raw.find((f) => !RAW_FIELDS.has(f.field));
  if (unexpected) fail(`raw_data carries field ${unexpected.field}`);
  if (parts.contract.some((f) => f.field !== 1 && f.field !== 2)) fail('the contract carries extra fields');
  if (only<bigint>(parts.contract, 1, 'varint') !== TRIGGER_SMART_CONTRACT)
    fail('not a TriggerSmartContract');
  if (parts.typeUrl !== TRIGGER_TYPE_URL) fail(`type_url ${parts.typeUrl}`);
  const t = parts.trigger;
  if (t.some((f) => f.field !== 1 && f.field !== 2 && f.field !== 4))
    fail('the call sends TRX or tokens along');
  const owner = hex(only<Uint8Array>(t, 1, 'bytes'));
  const token = hex(only<Uint8Array>(t, 2, 'bytes'));
  const data = hex(only<Uint8Array>(t, 4, 'bytes'));
  if (owner !== want.owner.toLowerCase()) fail(`owner ${owner}`);
  if (token !== want.token.toLowerCase()) fail(`contract ${token}`);
  if (data !== transferCallData(want.to.toLowerCase(), want.amount)) fail(`call data ${data}`);
  const feeLimit = Number(only<bigint>(raw, 18, 'varint'));
  if (feeLimit !== want.feeLimit) fail(`fee_limit ${feeLimit}`);
  const expiration = Number(only<bigint>(raw, 8, 'varint'));
  if (expiration <= headTime || expiration > headTime + MAX_EXPIRATION_MS) fail(`expiration ${expiration}`);

  // The JSON the node will read back on broadcast says the same as the bytes signed.
  const j = tx.raw_data;
  const value = j.contract[0]?.parameter.value;
  const agrees =
    j.contract.length === 1 &&
    value?.owner_address.toLowerCase() === owner &&
    value.contract_address?.toLowerCase() === token &&
    value.data?.toLowerCase() === data &&
    (value.call_value ?? 0) === 0 &&
    j.expiration === expiration &&
    j.fee_limit === feeLimit &&
    j.ref_block_bytes === hex(only<Uint8Array>(raw, 1, 'bytes')) &&
    j.ref_block_hash === hex(only<Uint8Array>(raw, 4, 'bytes')) &&
    (j.timestamp ?? 0) === Number(raw.find((f) => f.field === 14)?.value ?? 0n);
  if (!agrees) fail('raw_data (JSON) and raw_data_hex differ');
  return expiration;
}
