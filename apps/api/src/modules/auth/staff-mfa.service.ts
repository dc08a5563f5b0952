import { createHmac, randomInt } from 'node:crypto';
import {
  isStaffRole,
  type TRole,
  type TTotpEnrolled,
  type TTotpEnrolmentStart,
  type TTotpProof,
  type TTotpStatus,
} from '@app/contracts';
import { sql } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import type { SessionService } from './session.service';

/**
 * The second factor of staff (admins and support), decision 45: TOTP (RFC 6238) through otplib, secrets
 * sealed with the secret box, each time step accepted once, wrong codes counted per member and locking
 * the factor for a while, ten one-time recovery codes. A staff session that has passed no second factor
 * (no `staff_sessions` row) can only enrol one; a money action needs a code given within the step-up time.
 */

/** RFC 6238 defaults that authenticator apps expect: SHA-1, 6 digits, 30 s. One step either side is accepted. */
const STEP_SECONDS = 30;
const TOLERANCE_SECONDS = STEP_SECONDS;
/** Wrong codes within the window that lock the factor (login and step-up alike) for the lock time. */
export const TOTP_MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
const LOCK_MINUTES = 15;
export const RECOVERY_CODE_COUNT = 10;
/** What authenticator apps show beside the account name (the web app's default brand). */
export const TOTP_ISSUER = 'Nova Members';
/** 32 symbols without look-alikes (no 0/O, 1/I): 10 of them are 50 bits, far beyond guessing. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type LoginFactor = 'verified' | 'enrol' | null;

export interface StaffMfaDeps {
  db: Db;
  box: SecretBox;
  sessions: SessionService;
  /** HMAC key of the recovery codes (derived from the master key). */
  recoveryKey: Buffer;
  stepUpMinutes: number;
  /** The name authenticator apps show beside the account. */
  issuer: string;
  /** Milliseconds since the epoch for TOTP steps; tests inject one that moves a step per login. */
  now?: () => number;
}

/** What a sealed secret is bound to: its own row, so a ciphertext copied to another member does not open. */
export const staffTotpBinding = (memberId: string) => `staff_totp:${memberId}:secret`;
const binding = staffTotpBinding;

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function createStaffMfa(deps: StaffMfaDeps) {
  const { db, box, sessions, recoveryKey, stepUpMinutes, issuer } = deps;
  const now = deps.now ?? Date.now;

  const recoveryHash = (memberId: string, code: string) =>
    createHmac('sha256', recoveryKey)
      .update(`${memberId}:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`)
      .digest();

  /** The time step `code` belongs to for this secret (±1 step of now), or null when it is wrong. */
  async function stepOf(sealed: Buffer, memberId: string, code: string): Promise<number | null> {
    const secret = box.open(sealed, binding(memberId));
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    // otplib's functional verify answers for HOTP and TOTP alike; a TOTP match carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  function assertNotLocked(row: { locked_until: Date | null }): void {
    const until = row.locked_until?.getTime() ?? 0;
    if (until > Date.now()) {
      throw new AppError('TOTP_LOCKED', 'Too many wrong codes', {
        retryAfterSeconds: Math.ceil((until - Date.now()) / 1000),
      });
    }
  }

  /**
   * Counts a wrong code in one statement (exact under concurrent guesses), records `totp_failed`, and
   * throws: TOTP_LOCKED when this one reached the limit, else TOTP_INVALID. Outside any transaction, so
   * the count stays whatever the request does next.
   */
  async function fail(memberId: string, ip: string, reason: string): Promise<never> {
    const inWindow = sql`failed_since > now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`;
    const next = sql`CASE WHEN ${inWindow} THEN failed_count + 1 ELSE 1 END`;
    const row = await db
      .updateTable('staff_totp')
      .set({
        failed_count: sql`CASE WHEN ${next} >= ${TOTP_MAX_FAILURES} THEN 0 ELSE ${next} END`,
        failed_since: sql`CASE WHEN ${next} >= ${TOTP_MAX_FAILURES} THEN NULL WHEN ${inWindow} THEN failed_since ELSE now() END`,
        locked_until: sql`CASE WHEN ${next} >= ${TOTP_MAX_FAILURES} THEN now() + make_interval(mins => ${LOCK_MINUTES}) ELSE locked_until END`,
      })
      .where('member_id', '=', memberId)
      .returning(['failed_count', 'locked_until'])
      .executeTakeFirst();
    const locked = Boolean(row?.locked_until && row.locked_until.getTime() > Date.now());
    await recordSecurityEvent(db, {
      memberId,
      kind: 'totp_failed',
      ip,
      detail: { reason, locked },
    });
    if (locked) {
      throw new AppError('TOTP_LOCKED', 'Too many wrong codes', { retryAfterSeconds: LOCK_MINUTES * 60 });
    }
    throw new AppError('TOTP_INVALID', 'Wrong code');
  }

  /**
   * Checks a second factor of an enrolled staff member: a TOTP code whose time step is newer than the last
   * one accepted (claimed in one UPDATE, so two requests with one code cannot both pass), or an unused
   * recovery code (used up in one UPDATE).
   */
  async function verifyProof(memberId: string, proof: TTotpProof, ip: string): Promise<void> {
    const row = await db
      .selectFrom('staff_totp')
      .select(['secret_sealed', 'confirmed_at', 'locked_until'])
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row?.confirmed_at) throw new AppError('TOTP_ENROLMENT_REQUIRED');
    assertNotLocked(row);
    if (proof.code !== undefined) {
      const step = await stepOf(row.secret_sealed, memberId, proof.code);
      if (step === null) return fail(memberId, ip, 'wrong_code');
      const claimed = await db
        .updateTable('staff_totp')
        .set({ last_step: String(step), failed_count: 0, failed_since: null })
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
        .returning('member_id')
        .executeTakeFirst();
      if (!claimed) {
        // A right code of a step already used: seen before (over a shoulder, in a log), never accepted twice.
        await recordSecurityEvent(db, { memberId, kind: 'totp_failed', ip, detail: { reason: 'replayed' } });
        throw new AppError('TOTP_CODE_USED', 'This code was used already; wait for the next one');
      }
      return;
    }
    const code = proof.recoveryCode ?? '';
    const used = await db
      .updateTable('staff_recovery_codes')
      .set({ used_at: new Date() })
      .where('member_id', '=', memberId)
      .where('code_hash', '=', recoveryHash(memberId, code))
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) return fail(memberId, ip, 'wrong_recovery_code');
    await db
      .updateTable('staff_totp')
      .set({ failed_count: 0, failed_since: null })
      .where('member_id', '=', memberId)
      .execute();
    const left = await recoveryCodesLeft(memberId);
    await recordSecurityEvent(db, { memberId, kind: 'recovery_code_used', ip, detail: { left } });
  }

  async function recoveryCodesLeft(memberId: string): Promise<number> {
    const { n } = await db
      .selectFrom('staff_recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('member_id', '=', memberId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return n;
  }

  async function isEnrolled(memberId: string): Promise<boolean> {
    const row = await db
      .selectFrom('staff_totp')
      .select('confirmed_at')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Boolean(row?.confirmed_at);
  }

  const freshUntil = (stepUpAt: Date) => new Date(stepUpAt.getTime() + stepUpMinutes * 60_000);

  return {
    /**
     * The login's second step, called once the password is right. Members: null (nothing to do). Staff
     * without a second factor: 'enrol' (the session will only enrol one). Enrolled staff: the code or a
     * recovery code must come with the password (TOTP_REQUIRED without one), then 'verified'.
     */
    async atLogin(
      member: { id: string; role: TRole },
      input: { code?: string | undefined; recoveryCode?: string | undefined },
      ip: string,
    ): Promise<LoginFactor> {
      if (!isStaffRole(member.role)) return null;
      if (!(await isEnrolled(member.id))) return 'enrol';
      if (input.code === undefined && input.recoveryCode === undefined) {
        throw new AppError('TOTP_REQUIRED', 'An authenticator code is needed');
      }
      await verifyProof(
        member.id,
        input.code !== undefined ? { code: input.code } : { recoveryCode: input.recoveryCode },
        ip,
      );
      return 'verified';
    },

    /** After the login made its session: a verified one is marked as having passed the second factor. */
    async sessionOpened(token: string, factor: LoginFactor): Promise<{ totpEnrolment?: true }> {
      if (factor === null) return {};
      if (factor === 'enrol') return { totpEnrolment: true };
      const session = await sessions.resolve(token);
      if (!session) throw new AppError('SESSION_INVALID');
      await db
        .insertInto('staff_sessions')
        .values({ session_id: session.sessionId, member_id: session.memberId })
        .execute();
      return {};
    },

    /** What the access hook needs of a staff caller's session. */
    async sessionState(sessionId: string, memberId: string) {
      const { rows } = await sql<{ enrolled: boolean; verified: boolean; step_up_at: Date | null }>`
        SELECT EXISTS (
                 SELECT 1 FROM staff_totp WHERE member_id = ${memberId} AND confirmed_at IS NOT NULL
               ) AS enrolled,
               s.session_id IS NOT NULL AS verified, s.step_up_at
        FROM (SELECT 1) AS one
        LEFT JOIN staff_sessions s ON s.session_id = ${sessionId} AND s.member_id = ${memberId}`.execute(db);
      const row = rows[0]!;
      return { enrolled: row.enrolled, verified: row.verified, stepUpAt: row.step_up_at };
    },

    /** A money action may run: this session gave a step-up code within ADMIN_STEP_UP_MINUTES. */
    isFresh: (stepUpAt: Date | null): boolean =>
      stepUpAt !== null && freshUntil(stepUpAt).getTime() > Date.now(),

    async status(memberId: string, sessionId: string): Promise<TTotpStatus> {
      const [enrolled, left, session] = await Promise.all([
        isEnrolled(memberId),
        recoveryCodesLeft(memberId),
        db
          .selectFrom('staff_sessions')
          .select('step_up_at')
          .where('session_id', '=', sessionId)
          .executeTakeFirst(),
      ]);
      const fresh = session?.step_up_at ? freshUntil(session.step_up_at) : null;
      return {
        enrolled,
        recoveryCodesLeft: left,
        stepUpFreshUntil: fresh && fresh.getTime() > Date.now() ? fresh.toISOString() : null,
      };
    },

    /** A new secret to scan. Starting again before confirming replaces it; an enrolled member is refused. */
    async startEnrolment(member: {
      id: string;
      username: string;
      role: TRole;
    }): Promise<TTotpEnrolmentStart> {
      if (!isStaffRole(member.role)) throw new AppError('FORBIDDEN', 'Staff only');
      const secret = generateSecret();
      const sealed = box.seal(secret, binding(member.id));
      const row = await db
        .insertInto('staff_totp')
        .values({ member_id: member.id, secret_sealed: sealed })
        .onConflict((oc) =>
          oc
            .column('member_id')
            .doUpdateSet({ secret_sealed: sealed, last_step: null, created_at: new Date() })
            .where('staff_totp.confirmed_at', 'is', null),
        )
        .returning('member_id')
        .executeTakeFirst();
      if (!row) throw new AppError('TOTP_ALREADY_ENROLLED');
      return { secret, otpauthUri: generateURI({ issuer, label: member.username, secret }) };
    },

    /**
     * The first code proves the app holds the secret: the factor is on, ten recovery codes are made (shown
     * this once), this session has passed the second factor and every other session of the member ends.
     */
    async confirmEnrolment(
      member: { id: string; role: TRole },
      sessionId: string,
      code: string,
      ip: string,
    ): Promise<TTotpEnrolled> {
      if (!isStaffRole(member.role)) throw new AppError('FORBIDDEN', 'Staff only');
      const row = await db
        .selectFrom('staff_totp')
        .select(['secret_sealed', 'confirmed_at', 'locked_until'])
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      if (row?.confirmed_at) throw new AppError('TOTP_ALREADY_ENROLLED');
      if (!row) throw new AppError('TOTP_INVALID', 'No enrolment was started');
      assertNotLocked(row);
      const step = await stepOf(row.secret_sealed, member.id, code);
      if (step === null) return fail(member.id, ip, 'wrong_code');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction().execute(async (trx) => {
        const confirmed = await trx
          .updateTable('staff_totp')
          .set({ confirmed_at: new Date(), last_step: String(step), failed_count: 0, failed_since: null })
          .where('member_id', '=', member.id)
          .where('confirmed_at', 'is', null)
          .where('secret_sealed', '=', row.secret_sealed)
          .returning('member_id')
          .executeTakeFirst();
        if (!confirmed) throw new AppError('TOTP_ALREADY_ENROLLED');
        await trx.deleteFrom('staff_recovery_codes').where('member_id', '=', member.id).execute();
        await trx
          .insertInto('staff_recovery_codes')
          .values(codes.map((c) => ({ member_id: member.id, code_hash: recoveryHash(member.id, c) })))
          .execute();
        await trx
          .insertInto('staff_sessions')
          .values({ session_id: sessionId, member_id: member.id })
          .onConflict((oc) => oc.column('session_id').doUpdateSet({ verified_at: new Date() }))
          .execute();
        await sessions.endAllOf(member.id, 'totp_enrolled', sessionId, trx);
        await recordSecurityEvent(trx, { memberId: member.id, kind: 'totp_enrolled', ip });
      });
      return { recoveryCodes: codes };
    },

    /** A fresh code for money actions: this session may move money for ADMIN_STEP_UP_MINUTES. */
    async stepUp(memberId: string, sessionId: string, proof: TTotpProof, ip: string) {
      await verifyProof(memberId, proof, ip);
      const row = await db
        .updateTable('staff_sessions')
        .set({ step_up_at: new Date() })
        .where('session_id', '=', sessionId)
        .where('member_id', '=', memberId)
        .returning('step_up_at')
        .executeTakeFirst();
      if (!row?.step_up_at) throw new AppError('TOTP_ENROLMENT_REQUIRED');
      return { freshUntil: freshUntil(row.step_up_at).toISOString() };
    },
  };
}

export type StaffMfa = ReturnType<typeof createStaffMfa>;
