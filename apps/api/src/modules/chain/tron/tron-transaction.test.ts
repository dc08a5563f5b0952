import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeRawData } from '../../../../test/tron-mock-encoding';
import { type TronTransaction, verifyTransfer } from './tron-transaction';

/**
 * A USDT-style transfer as it is on TRON's main chain (public chain data: a mined transaction with its
 * node-built bytes, id and signature), so the payer's checks and the mock's encoder are held against
 * java-tron's own bytes, not only against each other.
 */
const MAINNET: TronTransaction = {
  txID: '55b9efa905b65be1222b9bf5826aa68329ffec641e59fd9b3af79474334e2ced',
  raw_data: {
    contract: [
      {
        parameter: {
          value: {
            data: 'a9059cbb000000000000000000000000e46cf63b61bea8603421d5b23fba07805451c1470000000000000000000000000000000000000000000000004563918244f40000',
            owner_address: '414ff3a8df95dd76a23819562e6c185d94644a00cd',
            contract_address: '4170082243784dcdf3042034e7b044d6d342a91360',
          },
          type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
        },
        type: 'TriggerSmartContract',
      },
    ],
    ref_block_bytes: 'a972',
    ref_block_hash: '763a263a755e830b',
    expiration: 1702139469000,
    fee_limit: 150000000,
    timestamp: 1702139409876,
  },
  raw_data_hex:
    '0a02a9722208763a263a755e830b40c8b9acfbc4315aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a15414ff3a8df95dd76a23819562e6c185d94644a00cd12154170082243784dcdf3042034e7b044d6d342a913602244a9059cbb000000000000000000000000e46cf63b61bea8603421d5b23fba07805451c1470000000000000000000000000000000000000000000000004563918244f4000070d4eba8fbc431900180a3c347',
  signature: [
    'f7b5e08d26bd53c091ea8463951a3039198514aa991e63e4f9a6550b7d93c1187a9fce4a75370c0c397b88c2de5621316cbcb92ef6520af9f219c348fcccfd421b',
  ],
};
const WANT = {
  owner: '414ff3a8df95dd76a23819562e6c185d94644a00cd',
  token: '4170082243784dcdf3042034e7b044d6d342a91360',
  to: '41e46cf63b61bea8603421d5b23fba07805451c147',
  amount: 0x4563918244f40000n,
  feeLimit: 150000000,
};
const HEAD_TIME = 1702139409000;

describe('a TRON transfer transaction', () => {
  it('is accepted when it is exactly what was asked for (main-chain bytes)', () => {
    expect(verifyTransfer(MAINNET, WANT, HEAD_TIME)).toBe(1702139469000);
  });

  it('is encoded by the mock node byte for byte as java-tron did', () => {
    expect(encodeRawData(MAINNET.raw_data).toString('hex')).toBe(MAINNET.raw_data_hex);
  });

  it('carries a signature r||s||v (v = recovery + 27) that recovers to its owner', () => {
    const sig = Buffer.from(MAINNET.signature![0]!, 'hex');
    expect(sig[64]).toBe(27);
    const recovered = secp256k1.recoverPublicKey(
      Buffer.concat([Buffer.from([sig[64]! - 27]), sig.subarray(0, 64)]),
      Buffer.from(MAINNET.txID, 'hex'),
      { prehash: false },
    );
    const point = secp256k1.Point.fromBytes(recovered).toBytes(false);
    expect(`41${keccak256(toHex(point.slice(1))).slice(-40)}`).toBe(WANT.owner);
  });

  it('is refused for another receiver, amount, token, owner or fee limit', () => {
    const cases = [
      { ...WANT, to: `41${'11'.repeat(20)}` },
      { ...WANT, amount: WANT.amount + 1n },
      { ...WANT, token: `41${'22'.repeat(20)}` },
      { ...WANT, owner: `41${'33'.repeat(20)}` },
      { ...WANT, feeLimit: 1 },
    ];
    for (const want of cases) {
      expect(() => verifyTransfer(MAINNET, want, HEAD_TIME)).toThrow(/not the transfer asked for/);
    }
  });

  it('is refused when its id is not the hash of its bytes, or the JSON says other than the bytes', () => {
    expect(() => verifyTransfer({ ...MAINNET, txID: 'ab'.repeat(32) }, WANT, HEAD_TIME)).toThrow(/txID/);
    const json = structuredClone(MAINNET);
    json.raw_data.contract[0]!.parameter.value.data =
      json.raw_data.contract[0]!.parameter.value.data!.replace('e46cf63b', 'deadbeef');
    expect(() => verifyTransfer(json, WANT, HEAD_TIME)).toThrow(/JSON/);
  });

  it('is refused when it already expired or expires too far ahead', () => {
    expect(() => verifyTransfer(MAINNET, WANT, 1702139469000)).toThrow(/expiration/);
    expect(() => verifyTransfer(MAINNET, WANT, 1702139469000 - 25 * 3600_000)).toThrow(/expiration/);
  });

  it('is refused when its bytes carry more than the transfer (a memo, a second contract)', () => {
    const raw = Buffer.from(MAINNET.raw_data_hex, 'hex');
    // Field 10 (data, a memo): 0x52 = (10 << 3) | 2.
    const withMemo = Buffer.concat([raw, Buffer.from([0x52, 0x02, 0x68, 0x69])]).toString('hex');
    const tx = {
      ...MAINNET,
      raw_data_hex: withMemo,
      txID: Buffer.from(sha256(Buffer.from(withMemo, 'hex'))).toString('hex'),
    };
    expect(() => verifyTransfer(tx, WANT, HEAD_TIME)).toThrow(/field 10/);
  });
});
