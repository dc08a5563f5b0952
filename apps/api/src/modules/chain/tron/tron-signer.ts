import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak256, toHex } from 'viem';
import { tronAddressOf } from '../keys';
import { tronHexOf } from './tron-address';

/** A TRON account the platform holds the key of: its addresses and a signer of transaction ids. */
export interface TronSigner {
  /** base58check, T... */
  address: string;
  /** The same, hex with the 0x41 prefix. */
  hexAddress: string;
  /**
   * Signs a transaction id (sha256 of raw_data, already a digest: not hashed again) as java-tron checks it:
   * r || s || v, 65 bytes hex, v = recovery id + 27 as TronWeb writes it (the node accepts 27/28 and 0/1).
   */
  signTxId(txId: string): string;
}

export function tronSignerOf(privateKey: Uint8Array): TronSigner {
  const uncompressed = secp256k1.getPublicKey(privateKey, false);
  const address = tronAddressOf(`0x${keccak256(toHex(uncompressed.slice(1))).slice(-40)}`);
  return {
    address,
    hexAddress: tronHexOf(address),
    signTxId(txId) {
      if (!/^[0-9a-f]{64}$/.test(txId)) throw new Error('a TRON transaction id is 32 bytes hex');
      // 'recovered' puts the recovery id first: TRON wants it last, offset by 27.
      const sig = secp256k1.sign(Buffer.from(txId, 'hex'), privateKey, {
        prehash: false,
        format: 'recovered',
      });
      return Buffer.concat([sig.subarray(1), Buffer.from([sig[0]! + 27])]).toString('hex');
    },
  };
}
