import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

/**
 * Reads protobuf's wire format so the payer can check the bytes it signs, not the JSON a node sent beside
 * them. A TRON transaction's raw_data uses only varints (int64 fields) and length-delimited fields; any other
 * wire type is refused rather than skipped, so nothing in the signed bytes goes unread. The decoding itself
 * is @bufbuild/protobuf's reader (decision 69); without java-tron's .proto files there is no schema, so the
 * fields are read by number.
 */
export interface WireField {
  field: number;
  /** A varint's value (as int64), or a length-delimited field's bytes. */
  value: bigint | Uint8Array;
}

export function readWire(bytes: Uint8Array): WireField[] {
  const reader = new BinaryReader(bytes);
  const fields: WireField[] = [];
  while (reader.pos < reader.len) {
    const [field, wire] = reader.tag();
    if (wire === WireType.Varint) fields.push({ field, value: BigInt(reader.int64()) });
    else if (wire === WireType.LengthDelimited) fields.push({ field, value: reader.bytes() });
    else throw new Error(`wire type ${wire} is not expected in a TRON transaction`);
  }
  return fields;
}

/** The one value of `field`; throws when it is missing, repeated or of the other kind. */
export function only<T extends bigint | Uint8Array>(
  fields: WireField[],
  field: number,
  kind: 'varint' | 'bytes',
): T {
  const found = fields.filter((f) => f.field === field);
  if (found.length !== 1) throw new Error(`field ${field} appears ${found.length} times`);
  const value = found[0]!.value;
  if ((kind === 'varint') !== (typeof value === 'bigint')) throw new Error(`field ${field} is not a ${kind}`);
  return value as T;
}
