import { AuthEndpoints, type TPublicKey, type TSealed } from '@app/contracts';
import { api } from './api';

// The key changes only when the server rotates it; one fetch per page load is enough.
let keyPromise: Promise<{ keyId: string; key: CryptoKey }> | null = null;

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function importKey(publicKey: TPublicKey): Promise<{ keyId: string; key: CryptoKey }> {
  const key = await crypto.subtle.importKey(
    'spki',
    fromBase64(publicKey.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  return { keyId: publicKey.keyId, key };
}

function serverKey(): Promise<{ keyId: string; key: CryptoKey }> {
  keyPromise ??= api.call(AuthEndpoints.publicKey).then(importKey);
  // A failed fetch must not be cached for the rest of the visit.
  keyPromise.catch(() => {
    keyPromise = null;
  });
  return keyPromise;
}

/**
 * Seals a secret for the server: RSA-OAEP (SHA-256) over `{"n": nonce, "v": value}`. Each value takes a
 * fresh one-time nonce bound to the session, so a captured ciphertext cannot be replayed.
 */
export async function seal(value: string): Promise<TSealed> {
  const [{ keyId, key }, { nonce }] = await Promise.all([serverKey(), api.call(AuthEndpoints.nonce)]);
  const plaintext = new TextEncoder().encode(JSON.stringify({ n: nonce, v: value }));
  const ciphertext = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plaintext);
  return { keyId, ciphertext: toBase64(ciphertext) };
}

/** Tests replace the server key between cases. */
export function forgetServerKey(): void {
  keyPromise = null;
}
