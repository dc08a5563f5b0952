/**
 * The mock node's own protobuf writer for a TriggerSmartContract transaction's raw_data (java-tron's
 * Transaction.raw, fields in number order as protobuf writes them). Written independently of the payer's
 * reader (src/.../protobuf-wire.ts) so that a mistake in one is not hidden by the same mistake in the other.
 */
function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire));
const int = (field: number, value: number | bigint) => [...tag(field, 0), ...varint(BigInt(value))];
const bytes = (field: number, value: Uint8Array | number[]) => [
  ...tag(field, 2),
  ...varint(BigInt(value.length)),
  ...value,
];
const fromHex = (hex: string) => [...Buffer.from(hex, 'hex')];

export interface MockRawData {
  contract: {
    parameter: {
      value: {
        owner_address: string;
        contract_address?: string;
        data?: string;
        call_value?: number;
        to_address?: string;
        amount?: number;
      };
      type_url: string;
    };
    type: string;
  }[];
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  fee_limit?: number;
  timestamp?: number;
}

/** raw_data (JSON, visible: false) to its protobuf bytes, as the node does before hashing and checking. */
export function encodeRawData(raw: MockRawData): Buffer {
  const contracts = raw.contract.map((c) => {
    const v = c.parameter.value;
    if (c.type === 'TransferContract') {
      const transfer = [
        ...bytes(1, fromHex(v.owner_address)),
        ...bytes(2, fromHex(v.to_address ?? '')),
        ...int(3, v.amount ?? 0),
      ];
      const any = [...bytes(1, [...Buffer.from(c.parameter.type_url)]), ...bytes(2, transfer)];
      return bytes(11, [...int(1, 1), ...bytes(2, any)]);
    }
    if (c.type !== 'TriggerSmartContract') throw new Error(`the mock builds no ${c.type}`);
    const trigger = [
      ...bytes(1, fromHex(v.owner_address)),
      ...(v.contract_address ? bytes(2, fromHex(v.contract_address)) : []),
      ...(v.call_value ? int(3, v.call_value) : []),
      ...(v.data ? bytes(4, fromHex(v.data)) : []),
    ];
    const any = [...bytes(1, [...Buffer.from(c.parameter.type_url)]), ...bytes(2, trigger)];
    return bytes(11, [...int(1, 31), ...bytes(2, any)]);
  });
  return Buffer.from([
    ...bytes(1, fromHex(raw.ref_block_bytes)),
    ...bytes(4, fromHex(raw.ref_block_hash)),
    ...int(8, raw.expiration),
    ...contracts.flat(),
    ...(raw.timestamp ? int(14, raw.timestamp) : []),
    ...(raw.fee_limit ? int(18, raw.fee_limit) : []),
  ]);
}
