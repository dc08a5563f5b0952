import { z } from 'zod';

/** The RSA-OAEP (SHA-256) public key the web app seals sensitive input with. */
export const ZPublicKey = z.object({
  keyId: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
  /** SubjectPublicKeyInfo, DER, base64: what WebCrypto's importKey('spki') takes. */
  spki: z.string(),
});
export type TPublicKey = z.infer<typeof ZPublicKey>;

export const ZNonce = z.object({ nonce: z.string(), expiresAt: z.string() });
export type TNonce = z.infer<typeof ZNonce>;

/**
 * A secret sealed for the server: RSA-OAEP(SHA-256) over the UTF-8 JSON `{"n": nonce, "v": value}`,
 * base64. The nonce is one-time and bound to the caller's session, so a captured ciphertext cannot be
 * replayed.
 */
export const ZSealed = z.object({
  keyId: z.string().max(64),
  ciphertext: z.string().min(16).max(2048),
});
export type TSealed = z.infer<typeof ZSealed>;
