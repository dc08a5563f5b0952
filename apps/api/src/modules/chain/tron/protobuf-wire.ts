/**
 * Reads protobuf's wire format (varints and length-delimited fields, all a TRON transaction's raw_data
 * uses) so the payer can check the bytes it signs, not the JSON a node sent beside them. A reader of
 * three field kinds, not a protobuf library: no schema, no writer; unknown wire types are refused.
 */
export interface WireField {
  field: number;
  /** A varint's value, or a length-delimited field's bytes. */
  value: bigint | Uint8Array;
}

function varint(bytes: Uint8Array, at: number): [bigint, number] {
  let result = 0n;
  for (let shift = 0n, i = at; i < bytes.length && shift < 70n; i++, shift += 7n) {
    const b = bytes[i]!;
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return [result, i + 1];
  }
  throw new Error('truncated or overlong varint');
}

export function readWire(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [key, afterKey] = varint(bytes, at);
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [value, next] = varint(bytes, afterKey);
      fields.push({ field, value });
      at = next;
    } else if (wire === 2) {
      const [length, start] = varint(bytes, afterKey);
      const end = start + Number(length);
      if (end > bytes.length) throw new Error('length-delimited field runs past the end');
      fields.push({ field, value: bytes.subarray(start, end) });
      at = end;
    } else {
      throw new Error(`wire type ${wire} is not expected in a TRON transaction`);
    }
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
