import {
  constants,
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Reads a file kept under DATA_DIR, or makes it once (mode 0600) when it is missing. */
export function readOrCreate(file: string, create: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = create();
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  return value;
}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error('MASTER_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

/**
 * The master key wraps every per-record data key (exchange secrets, TOTP seeds) and keys the HMAC of
 * TAC codes. From configuration in production; generated into DATA_DIR on a first non-production start.
 */
export function loadMasterKey(options: {
  dataDir: string;
  configured?: string;
  production: boolean;
}): Buffer {
  if (options.configured) return decodeKey(options.configured);
  if (options.production) throw new Error('MASTER_KEY is required in production');
  return decodeKey(
    readOrCreate(path.join(options.dataDir, 'master.key'), () => randomBytes(32).toString('base64')),
  );
}

/** A purpose-bound sub-key, so one master key never serves two uses directly. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(`derive:${purpose}`).digest();
}

export interface RsaKeyPair {
  keyId: string;
  /** SubjectPublicKeyInfo DER, base64: what WebCrypto imports as 'spki'. */
  spki: string;
  /** RSA-OAEP with SHA-256 (never PKCS#1 v1.5). Throws on a ciphertext not made with our key. */
  decrypt: (ciphertext: Buffer) => Buffer;
}

/** The RSA key of the spec's "sensitive input encrypted with a public RSA key", kept under DATA_DIR. */
export function loadRsaKeyPair(dataDir: string): RsaKeyPair {
  const pem = readOrCreate(path.join(dataDir, 'rsa-oaep.pem'), () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
    return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  });
  const privateKey: KeyObject = createPrivateKey(pem);
  const spkiDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(spkiDer).digest('hex').slice(0, 16),
    spki: spkiDer.toString('base64'),
    decrypt: (ciphertext) =>
      privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        ciphertext,
      ),
  };
}
