import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { tronAddressOf } from '../keys';

const base58check = createBase58check(sha256);

/**
 * TRON addresses in the two forms its API speaks: base58check (T..., what members and the database see)
 * and hex with the 0x41 prefix (what the payer sends with `visible: false`, and what raw transactions hold).
 */
export function tronHexOf(base58: string): string {
  const bytes = base58check.decode(base58);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`${base58} is not a TRON address`);
  return Buffer.from(bytes).toString('hex');
}

/** 41-prefixed hex (21 bytes) to base58check. */
export function tronBase58Of(hex41: string): string {
  if (!/^41[0-9a-f]{40}$/i.test(hex41)) throw new Error(`${hex41} is not a hex TRON address`);
  return tronAddressOf(`0x${hex41.slice(2)}`);
}
