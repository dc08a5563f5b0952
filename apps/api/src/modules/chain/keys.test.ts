import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/secret-box';
import { loadChainKeys, tronAddressOf } from './keys';

const box = createSecretBox(randomBytes(32));

describe('chain keys', () => {
  it('derives the TRON hot and gas wallets and deposit keys at their paths, each signing for its address', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-keys-'));
    const keys = loadChainKeys({ dataDir, production: false, box });
    const seed = box.open(
      Buffer.from(readFileSync(join(dataDir, 'chain-seed.sealed'), 'utf8'), 'base64'),
      'chain:hd-seed',
    );
    const root = HDKey.fromMasterSeed(Buffer.from(seed, 'hex'));
    const tronAt = (path: string) => {
      const pub = secp256k1.getPublicKey(root.derive(path).privateKey!, false);
      return tronAddressOf(`0x${keccak256(toHex(pub.slice(1))).slice(-40)}`);
    };
    expect(keys.tronHotWallet?.address).toBe(tronAt("m/44'/195'/1'/0/0"));
    expect(keys.tronGasWallet?.address).toBe(tronAt("m/44'/195'/2'/0/0"));
    expect(keys.tronDepositSigner(5)?.address).toBe(keys.depositAddress('tron', 5));
    // A signature over a transaction id recovers (v = recovery + 27) to the signer's own address.
    const txId = 'ab'.repeat(32);
    const sig = Buffer.from(keys.tronHotWallet!.signTxId(txId), 'hex');
    expect([27, 28]).toContain(sig[64]);
    const recovered = secp256k1.recoverPublicKey(
      Buffer.concat([Buffer.from([sig[64]! - 27]), sig.subarray(0, 64)]),
      Buffer.from(txId, 'hex'),
      { prehash: false },
    );
    const point = secp256k1.Point.fromBytes(recovered).toBytes(false);
    expect(tronAddressOf(`0x${keccak256(toHex(point.slice(1))).slice(-40)}`)).toBe(
      keys.tronHotWallet!.address,
    );
  });

  it('generates a sealed seed once and derives the same addresses after a restart', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-keys-'));
    const first = loadChainKeys({ dataDir, production: false, box });
    const again = loadChainKeys({ dataDir, production: false, box });
    expect(again.depositAddress('evm', 7)).toBe(first.depositAddress('evm', 7));
    expect(first.depositAddress('evm', 7)).not.toBe(first.depositAddress('evm', 8));
    // The file holds the seed sealed, never in clear: it does not open under another master key.
    const stored = readFileSync(join(dataDir, 'chain-seed.sealed'), 'utf8');
    expect(stored).not.toMatch(/^[0-9a-f]{64}\s*$/);
    expect(() =>
      loadChainKeys({ dataDir, production: false, box: createSecretBox(randomBytes(32)) }),
    ).toThrow();
  });

  it('signs for the address it shows, and a watch-only xpub gives the same addresses but no key', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-keys-'));
    const full = loadChainKeys({ dataDir, production: false, box });
    expect(full.depositSigner(42)?.address).toBe(full.depositAddress('evm', 42));
    expect(full.hotWallet?.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(full.hotWallet?.address).not.toBe(full.depositAddress('evm', 0));

    const seed = box.open(
      Buffer.from(readFileSync(join(dataDir, 'chain-seed.sealed'), 'utf8'), 'base64'),
      'chain:hd-seed',
    );
    const xpub = HDKey.fromMasterSeed(Buffer.from(seed, 'hex')).derive("m/44'/60'/0'").publicExtendedKey;
    const watchOnly = loadChainKeys({
      dataDir: mkdtempSync(join(tmpdir(), 'x-')),
      production: true,
      box,
      evmXpub: xpub,
    });
    expect(watchOnly.depositAddress('evm', 42)).toBe(full.depositAddress('evm', 42));
    expect(watchOnly.depositSigner(42)).toBeNull();
    expect(watchOnly.hotWallet).toBeNull();
  });

  it('refuses production without keys, and indexes out of BIP-32 range', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-keys-'));
    expect(() => loadChainKeys({ dataDir, production: true, box })).toThrow(/CHAIN_SEED_SEALED/);
    const keys = loadChainKeys({ dataDir, production: false, box });
    expect(() => keys.depositAddress('evm', 2 ** 31)).toThrow(/out of range/);
  });

  it('writes TRON addresses in base58check with the 0x41 prefix', () => {
    // The TRON zero address is well known.
    expect(tronAddressOf(`0x${'00'.repeat(20)}`)).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    const keys = loadChainKeys({ dataDir: mkdtempSync(join(tmpdir(), 'k-')), production: false, box });
    // Its own coin type (m/44'/195'): not the EVM address in TRON letters.
    expect(keys.depositAddress('tron', 3)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(keys.depositAddress('tron', 3)).not.toBe(tronAddressOf(keys.depositAddress('evm', 3)));
  });
});
