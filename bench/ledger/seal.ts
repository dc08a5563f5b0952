import { constants, type KeyObject, publicEncrypt } from 'node:crypto';

/** Seals as the web app does: RSA-OAEP(SHA-256) over {"n": nonce, "v": value}, base64. */
export function seal(key: { keyId: string; publicKey: KeyObject }, nonce: string, value: string) {
  const ciphertext = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ n: nonce, v: value })),
  ).toString('base64');
  return { keyId: key.keyId, ciphertext };
}
