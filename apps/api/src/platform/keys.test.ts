import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { deriveKey, loadMasterKey, loadRsaKeyPair } from './keys';

describe('keys kept under DATA_DIR', () => {
  it('generates a master key once, private to the owner, and reads the same one back', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keys-'));
    const first = loadMasterKey({ dataDir: dir, production: false });
    const again = loadMasterKey({ dataDir: dir, production: false });
    expect(first.equals(again)).toBe(true);
    expect(first.length).toBe(32);
    expect(statSync(path.join(dir, 'master.key')).mode & 0o077).toBe(0);
  });

  it('takes a configured key in hex or base64, and refuses a short one', () => {
    const hex = 'ab'.repeat(32);
    expect(
      loadMasterKey({ dataDir: '/nonexistent', configured: hex, production: true }).toString('hex'),
    ).toBe(hex);
    expect(() =>
      loadMasterKey({ dataDir: '/nonexistent', configured: 'c2hvcnQ=', production: true }),
    ).toThrow(/32 bytes/);
    expect(() => loadMasterKey({ dataDir: '/nonexistent', production: true })).toThrow(/required/);
  });

  it('derives different sub-keys per purpose', () => {
    const master = Buffer.alloc(32, 1);
    expect(deriveKey(master, 'tac').equals(deriveKey(master, 'exchange-keys'))).toBe(false);
  });

  it('decrypts RSA-OAEP(SHA-256) from its public key, and refuses PKCS#1 v1.5 ciphertext', () => {
    const rsa = loadRsaKeyPair(inject('keysDir'));
    const key = { key: Buffer.from(rsa.spki, 'base64'), format: 'der' as const, type: 'spki' as const };
    const oaep = publicEncrypt(
      { ...key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('hello'),
    );
    expect(rsa.decrypt(oaep).toString()).toBe('hello');
    const pkcs1 = publicEncrypt({ ...key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('hello'));
    expect(() => rsa.decrypt(pkcs1)).toThrow();
  });
});
