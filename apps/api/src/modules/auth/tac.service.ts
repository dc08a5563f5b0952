import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Limits, type TTacSent } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { MessageSender } from '../../platform/mail';
import { maskDestination } from '../members/mask';
import { type TacPurpose, tacMessage } from './tac-messages';

const WRONG_CODE = 'The code is wrong, or no code was sent';

export interface TacTarget {
  purpose: TacPurpose;
  /** A lower-case email address, or a mobile number as +<prefix><digits>. */
  destination: string;
  memberId?: string;
  language?: string;
}

/**
 * Six-digit TAC codes: only their HMAC is stored; 10 minutes to live, 5 tries, a resend after 60 s.
 * Only the newest code for a purpose and destination counts. Besides the tries per code, an account gets
 * at most `dailyCap` codes of one purpose in 24 hours (before sign-up, when there is no account yet: a
 * destination), so codes cannot be ground down by asking for new ones (decision 43).
 */
export function createTacService(deps: {
  db: Db;
  hmacKey: Buffer;
  email: MessageSender;
  sms: MessageSender;
  /** TAC_DAILY_CAP: codes of one purpose one account may be sent in 24 hours. */
  dailyCap: number;
}) {
  const { db } = deps;
  const digest = (code: string) => createHmac('sha256', deps.hmacKey).update(code).digest();

  /**
   * Checks the resend wait and the daily cap and stores the new code's hash, under a lock per purpose and
   * account: two requests at once cannot both pass the last free place.
   */
  async function store(target: TacTarget, code: string): Promise<void> {
    const account = target.memberId ? `m:${target.memberId}` : `d:${target.destination}`;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tac:${target.purpose}:${account}`}, 0))`.execute(
        trx,
      );
      const last = await trx
        .selectFrom('tac_codes')
        .select(sql<number>`extract(epoch FROM clock_timestamp() - created_at)::float8`.as('waited'))
        .where('purpose', '=', target.purpose)
        .where('destination', '=', target.destination)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && last.waited < Limits.tacResendSeconds) {
        throw new AppError('TAC_RESEND_TOO_SOON', 'Wait before asking for another code', {
          retryAfterSeconds: Math.max(1, Math.ceil(Limits.tacResendSeconds - last.waited)),
        });
      }
      let day = trx
        .selectFrom('tac_codes')
        .select([
          sql<number>`count(*)::int`.as('sent'),
          sql<
            number | null
          >`extract(epoch FROM min(created_at) + interval '1 day' - clock_timestamp())::float8`.as('freeIn'),
        ])
        .where('purpose', '=', target.purpose)
        .where('created_at', '>', sql<Date>`clock_timestamp() - interval '1 day'`);
      day = target.memberId
        ? day.where('member_id', '=', target.memberId)
        : day.where('destination', '=', target.destination).where('member_id', 'is', null);
      const { sent, freeIn } = await day.executeTakeFirstOrThrow();
      if (sent >= deps.dailyCap) {
        throw new AppError('TAC_DAILY_LIMIT', 'Enough codes were sent for today', {
          retryAfterSeconds: Math.max(1, Math.ceil(freeIn ?? 0)),
        });
      }
      await trx
        .insertInto('tac_codes')
        .values({
          purpose: target.purpose,
          destination: target.destination,
          member_id: target.memberId ?? null,
          code_hash: digest(code),
          expires_at: sql<Date>`clock_timestamp() + make_interval(secs => ${Limits.tacTtlSeconds})`,
          created_at: sql<Date>`clock_timestamp()`,
        })
        .execute();
    });
  }

  async function send(target: TacTarget): Promise<TTacSent> {
    const code = String(randomInt(0, 10 ** Limits.tacLength)).padStart(Limits.tacLength, '0');
    await store(target, code);
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
    // One message for "no code" and "wrong code": which of the two it was must not tell whether a code was
    // asked for this login (and so whether the account exists).
    if (!row) throw new AppError('TAC_INVALID', WRONG_CODE);
    if (row.expires_at.getTime() < Date.now()) throw new AppError('TAC_EXPIRED', 'The code has expired');
    if (row.attempts > Limits.tacMaxAttempts) {
      throw new AppError('TAC_TOO_MANY_ATTEMPTS', 'Too many wrong codes: ask for a new one');
    }
    if (!timingSafeEqual(row.code_hash, digest(code))) throw new AppError('TAC_INVALID', WRONG_CODE);
    const used = await trx
      .updateTable('tac_codes')
      .set({ consumed_at: new Date() })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) throw new AppError('TAC_INVALID', WRONG_CODE);
  }

  return { send, consume };
}

export type TacService = ReturnType<typeof createTacService>;
