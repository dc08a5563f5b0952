import { randomBytes } from 'node:crypto';
import { Limits, type TNonce, type TSealed } from '@app/contracts';
import { z } from 'zod';
import type { Db } from '../../db/database';
import type { SessionRequest } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { RsaKeyPair } from '../../platform/keys';

const ZPlain = z.object({ n: z.string().max(64), v: z.string().max(4096) });

/**
 * The spec's RSA rule: secrets arrive RSA-OAEP sealed together with a one-time nonce issued to the
 * caller's session. Unsealing uses the nonce up, so the same ciphertext sent again is refused.
 */
export function createSealedService(deps: { db: Db; rsa: RsaKeyPair }) {
  const { db, rsa } = deps;

  async function issueNonce(sessionId: string): Promise<TNonce> {
    const nonce = randomBytes(18).toString('base64url');
    const expiresAt = new Date(Date.now() + Limits.nonceTtlSeconds * 1000);
    await db
      .insertInto('crypto_nonces')
      .values({ nonce, session_id: sessionId, expires_at: expiresAt })
      .execute();
    return { nonce, expiresAt: expiresAt.toISOString() };
  }

  async function unseal(from: SessionRequest, sealed: TSealed): Promise<string> {
    if (sealed.keyId !== rsa.keyId) throw new AppError('SEALED_INVALID', 'Sealed with an unknown key');
    let plain: z.infer<typeof ZPlain>;
    try {
      plain = ZPlain.parse(
        JSON.parse(rsa.decrypt(Buffer.from(sealed.ciphertext, 'base64')).toString('utf8')),
      );
    } catch {
      throw new AppError('SEALED_INVALID', 'The sealed value could not be opened');
    }
    // Within an idempotent request the nonce is used up for that request (member and key): the same request
    // run again under its key (after a 5xx, or after its first run died with its process) passes again. The
    // request's hash matched, so it is the same sealed value in the same request: not a replay by another.
    const claim = from.idempotency;
    const usedFor = claim ? `${claim.memberId}:${claim.key}` : null;
    const used = await db
      .updateTable('crypto_nonces')
      .set({ used_at: new Date(), used_for: usedFor })
      .where('nonce', '=', plain.n)
      .where('session_id', '=', from.sessionId)
      .where((eb) => {
        const fresh = eb.and([eb('used_at', 'is', null), eb('expires_at', '>', new Date())]);
        return usedFor ? eb.or([fresh, eb('used_for', '=', usedFor)]) : fresh;
      })
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new AppError('NONCE_INVALID', 'Nonce unknown, expired or used');
    return plain.v;
  }

  return {
    publicKey: () => ({ keyId: rsa.keyId, algorithm: 'RSA-OAEP-256' as const, spki: rsa.spki }),
    issueNonce,
    unseal,
  };
}

export type SealedService = ReturnType<typeof createSealedService>;
