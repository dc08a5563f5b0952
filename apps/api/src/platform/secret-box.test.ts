import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const master = randomBytes(32);
const box = createSecretBox(master);
const secret = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';

describe('secret box', () => {
  it('opens what it sealed for the same record', () => {
    expect(box.open(box.seal(secret, 'exchange_keys:1:secret'), 'exchange_keys:1:secret')).toBe(secret);
  });

  it('never shows the secret in what it stores, and seals the same secret differently each time', () => {
    const a = box.seal(secret, 'exchange_keys:1:secret');
    const b = box.seal(secret, 'exchange_keys:1:secret');
    expect(a.equals(b)).toBe(false);
    expect(a.toString('latin1')).not.toContain(secret.slice(0, 12));
    expect(a.toString('base64')).not.toContain(Buffer.from(secret).toString('base64').slice(0, 12));
  });

  it('refuses a ciphertext moved to another record or column', () => {
    const sealed = box.seal(secret, 'exchange_keys:1:secret');
    expect(() => box.open(sealed, 'exchange_keys:2:secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'exchange_keys:1:passphrase')).toThrow(SecretBoxError);
  });

  it('refuses a tampered ciphertext, a truncated one and another master key', () => {
    const sealed = box.seal(secret, 'r');
    for (const at of [0, 5, 40, 70, sealed.length - 1]) {
      const bad = Buffer.from(sealed);
      bad[at] = (bad[at] ?? 0) ^ 1;
      expect(() => box.open(bad, 'r')).toThrow(SecretBoxError);
    }
    expect(() => box.open(sealed.subarray(0, 20), 'r')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'r')).toThrow(SecretBoxError);
  });

  it('seals an empty secret and a long one', () => {
    expect(box.open(box.seal('', 'r'), 'r')).toBe('');
    const long = 'x'.repeat(10_000);
    expect(box.open(box.seal(long, 'r'), 'r')).toBe(long);
  });
});
