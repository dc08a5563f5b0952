import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys';

/**
 * Envelope encryption of secrets at rest (exchange API secrets and the like): AES-256-GCM under a fresh
 * data key per record; the data key is itself wrapped with AES-256-GCM under a key derived from the master
 * key. Both layers authenticate `binding` (say `exchange_keys:<id>:secret`), so a ciphertext copied into
 * another row, or another column, does not open. Rotating the master key re-wraps data keys only.
 *
 * Layout (one bytea): version(1) | wrap iv(12) | wrap tag(16) | wrapped key(32) | iv(12) | tag(16) | data.
 */
const VERSION = 1;
const IV = 12;
const TAG = 16;
const KEY = 32;
const HEADER = 1 + IV + TAG + KEY + IV + TAG;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

function seal(key: Buffer, plaintext: Buffer, binding: Buffer): { iv: Buffer; tag: Buffer; data: Buffer } {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(binding);
  const data = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

function open(key: Buffer, iv: Buffer, tag: Buffer, data: Buffer, binding: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(binding);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export function createSecretBox(masterKey: Buffer) {
  const wrappingKey = deriveKey(masterKey, 'secret-box:wrap');

  return {
    /** Encrypts `plaintext` for the record named by `binding`. Each call uses a new data key and IVs. */
    seal(plaintext: string, binding: string): Buffer {
      const aad = Buffer.from(binding, 'utf8');
      const dataKey = randomBytes(KEY);
      try {
        const wrapped = seal(wrappingKey, dataKey, aad);
        const body = seal(dataKey, Buffer.from(plaintext, 'utf8'), aad);
        return Buffer.concat([
          Buffer.from([VERSION]),
          wrapped.iv,
          wrapped.tag,
          wrapped.data,
          body.iv,
          body.tag,
          body.data,
        ]);
      } finally {
        dataKey.fill(0);
      }
    },

    /** Decrypts what `seal` made for the same binding; anything else (tampered, moved, other key) throws. */
    open(sealed: Buffer, binding: string): string {
      if (sealed.length < HEADER || sealed[0] !== VERSION) throw new SecretBoxError('not a sealed secret');
      const aad = Buffer.from(binding, 'utf8');
      let at = 1;
      const take = (n: number) => {
        const part = sealed.subarray(at, at + n);
        at += n;
        return part;
      };
      const wrapIv = take(IV);
      const wrapTag = take(TAG);
      const wrappedKey = take(KEY);
      const iv = take(IV);
      const tag = take(TAG);
      const data = sealed.subarray(at);
      let dataKey: Buffer | undefined;
      try {
        dataKey = open(wrappingKey, wrapIv, wrapTag, wrappedKey, aad);
        return open(dataKey, iv, tag, data, aad).toString('utf8');
      } catch {
        throw new SecretBoxError('secret does not open: wrong key, wrong record, or tampered');
      } finally {
        dataKey?.fill(0);
      }
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
