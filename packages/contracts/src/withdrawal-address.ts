import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { getAddress, isAddress } from 'viem';
import type { TNetwork } from './networks';

export { Networks, type TNetwork } from './networks';

export type AddressCheck =
  | { ok: true; address: string }
  | { ok: false; code: 'ADDRESS_INVALID' | 'ADDRESS_CHECKSUM_WRONG' };

const base58check = createBase58check(sha256);
/** A Tron address: base58check of 21 bytes, the first 0x41 (so its text starts with T). */
const TRON_TEXT = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_TEXT = /^0x[0-9a-fA-F]{40}$/;

function checkTron(text: string): AddressCheck {
  if (!TRON_TEXT.test(text)) return { ok: false, code: 'ADDRESS_INVALID' };
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    return { ok: false, code: 'ADDRESS_CHECKSUM_WRONG' };
  }
  if (bytes.length !== 21 || bytes[0] !== 0x41) return { ok: false, code: 'ADDRESS_INVALID' };
  return { ok: true, address: text };
}

/**
 * EIP-55: a mixed-case address must carry the right checksum (a mistyped letter is caught). An all-lower
 * or all-upper address carries none; it is accepted and stored in its checksummed form.
 */
function checkEvm(text: string): AddressCheck {
  if (!EVM_TEXT.test(text)) return { ok: false, code: 'ADDRESS_INVALID' };
  const hex = text.slice(2);
  const uniform = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!uniform && !isAddress(text, { strict: true })) return { ok: false, code: 'ADDRESS_CHECKSUM_WRONG' };
  return { ok: true, address: getAddress(`0x${hex.toLowerCase()}`) };
}

/** Checks a withdrawal address for its network's format, the same way in the web app and the server. */
export function checkWithdrawalAddress(network: TNetwork, text: string): AddressCheck {
  const trimmed = text.trim();
  return network === 'TRC20' ? checkTron(trimmed) : checkEvm(trimmed);
}
