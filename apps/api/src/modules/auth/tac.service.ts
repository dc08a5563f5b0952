import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Limits, type TTacSent } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { MessageSender } from '../../platform/mail';
import { maskDestination } from '../members/mask';
import { type TacPurpose, tacMessage } from './tac-messages';

export interface TacTarget {
  purpose: TacPurpose;
  /** A lower-case email address, or a mobile number as +<prefix><digits>. */
  destination: string;
  memberId?: string;
  language?: string;
}

/**
 * Six-digit TAC codes: only their HMAC is stored; 10 minutes to live, 5 tries, a resend after 60 s.
 * Only the newest code for a purpose and destination counts.
 */
export function createTacService(deps: {
  db: Db;
  hmacKey: Buffer;
  email: MessageSender;
  sms: MessageSender;
}) {
  const { db } = deps;
  const digest = (code: string) => createHmac('sha256', deps.hmacKey).update(code).digest();

  async function send(target: TacTarget): Promise<TTacSent> {
    const last = await db
      .selectFrom('tac_codes')
      .select('created_at')
      .where('purpose', '=', target.purpose)
      .where('destination', '=', target.destination)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) {
      const waited = (Date.now() - last.created_at.getTime()) / 1000;
      if (waited < Limits.tacResendSeconds) {
        throw new AppError('TAC_RESEND_TOO_SOON', 'Wait before asking for another code', {
          retryAfterSeconds: Math.ceil(Limits.tacResendSeconds - waited),
        });
      }
    }
    const code = String(randomInt(0, 10 ** Limits.tacLength)).padStart(Limits.tacLength, '0');
    await db
      .insertInto('tac_codes')
      .values({
        purpose: target.purpose,
        destination: target.destination,
        member_id: target.memberId ?? null,
        code_hash: digest(code),
        expires_at: new Date(Date.now() + Limits.tacTtlSeconds * 1000),
      })
      .execute();
    const message = tacMessage(target.language ?? 'en-US', code);
    const channel = target.destination.includes('@') ? 'email' : 'sms';
    await (channel === 'email' ? deps.email : deps.sms).send({ to: target.destination, ...message });
    await db
      .insertInto('mail_log')
      .values({
        member_id: target.memberId ?? null,
        channel,
        destination: target.destination,
        subject: message.subject,
        purpose: target.purpose,
      })
      .execute();
    return {
      destination: maskDestination(target.destination),
      expiresInSeconds: Limits.tacTtlSeconds,
      resendInSeconds: Limits.tacResendSeconds,
    };
  }

  /**
   * Checks a code and uses it up. The try is counted in its own statement first, so a wrong guess
   * counts even when the caller's transaction later rolls back.
   */
  async function consume(target: Omit<TacTarget, 'memberId' | 'language'>, code: string, trx: Db = db) {
    const counted = await sql<{ id: string; code_hash: Buffer; attempts: number; expires_at: Date }>`
      UPDATE tac_codes SET attempts = attempts + 1
      WHERE id = (
        SELECT id FROM tac_codes
        WHERE purpose = ${target.purpose} AND destination = ${target.destination} AND consumed_at IS NULL
        ORDER BY created_at DESC LIMIT 1
      )
      RETURNING id, code_hash, attempts, expires_at`.execute(db);
    const row = counted.rows[0];
    if (!row) throw new AppError('TAC_INVALID', 'No code was sent, or it was used already');
    if (row.expires_at.getTime() < Date.now()) throw new AppError('TAC_EXPIRED', 'The code has expired');
    if (row.attempts > Limits.tacMaxAttempts) {
      throw new AppError('TAC_TOO_MANY_ATTEMPTS', 'Too many wrong codes: ask for a new one');
    }
    if (!timingSafeEqual(row.code_hash, digest(code))) throw new AppError('TAC_INVALID', 'The code is wrong');
    const used = await trx
      .updateTable('tac_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new AppError('TAC_INVALID', 'The code was used already');
  }

  return { send, consume };
}

export type TacService = ReturnType<typeof createTacService>;
