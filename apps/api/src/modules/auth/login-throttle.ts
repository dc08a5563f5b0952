import { normalizeIP } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { describeDevice } from './device';

/**
 * Login throttling that cannot be turned against a member (decision 43).
 *
 * - Per (subject, address): the first `freeTries` tries go straight to the password check; after that each
 *   try waits longer before it is even checked (30 s, 60 s, 2 min ... up to 15 min): 429 LOGIN_THROTTLED.
 *   So an attacker's address slows down only itself.
 * - Per subject, from every address: past `accountCeiling` failures in a day, a try from an address that is
 *   not trusted needs an unlock code sent to the member's contact first: 423 LOGIN_UNLOCK_REQUIRED. An
 *   address is trusted for 30 days after a login or an accepted unlock code from it, so the member's own
 *   devices never meet the ceiling, and a stranger's botnet meets it for good.
 *
 * A try is counted when it is let through, before the password is checked, in one transaction that holds
 * the subject's row: N concurrent tries are counted exactly N times, and the (N+1)-th waits.
 */
export const LoginThrottleRules = {
  freeTries: 5,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * 60,
  /** An address's count starts again after a day without a try from it. */
  forgetAfterSeconds: 24 * 3600,
  accountCeiling: 20,
  accountWindowSeconds: 24 * 3600,
  trustSeconds: 30 * 24 * 3600,
} as const;

export type TLoginThrottleRules = { [K in keyof typeof LoginThrottleRules]: number };

/** The wait after the `count`-th try of an address: none for the free tries, then doubling to the cap. */
export function waitAfter(count: number, rules: TLoginThrottleRules = LoginThrottleRules): number {
  if (count < rules.freeTries) return 0;
  return Math.min(rules.firstWaitSeconds * 2 ** (count - rules.freeTries), rules.maxWaitSeconds);
}

/**
 * Whom a try is about: the member, or the login as typed when no member has it (an unknown name is
 * throttled exactly like a known one, so the throttle does not tell which names exist).
 */
export function loginSubject(memberId: string | null, login: string): string {
  return memberId ? `m:${memberId}` : `u:${login.trim().toLowerCase()}`;
}

/** The address a count is kept for: an IPv6 client by its /64, as the rate limiter does. */
export function throttleAddress(ip: string): string {
  return normalizeIP(ip);
}

export interface LoginClient {
  ip: string;
  userAgent: string;
}

/** One counted try: tell it how the password check went. */
/**
 * What the password is asked for: signing in, or a signed-in member's step-up before a credential change
 * (decision 57). Both guess the same password, so both count in the same rows; only the failure's event
 * and error differ.
 */
export type PasswordCheck = 'login' | 'step_up';

export interface LoginAttempt {
  /**
   * Records the failure and throws LOGIN_FAILED, or CURRENT_PASSWORD_WRONG for a step-up (with the wait
   * before the next try, if any).
   */
  failed(): Promise<never>;
  /** The password was right: the address's count starts again and the address is trusted. */
  succeeded(): Promise<void>;
  /** The member is in (past any second factor): the `login` security event, with the device. */
  signedIn(): Promise<void>;
}

interface AccountRow {
  failures: number;
  window_started_at: Date;
}
interface AddressRow {
  failures: number;
  next_try_at: Date;
  last_try_at: Date;
  trusted_until: Date | null;
}

const secondsBetween = (from: Date, to: Date) =>
  Math.max(1, Math.ceil((to.getTime() - from.getTime()) / 1000));

export function createLoginThrottle(deps: { db: Db; rules?: TLoginThrottleRules }) {
  const { db } = deps;
  const rules = deps.rules ?? LoginThrottleRules;

  /**
   * Lets a try through to the password check, or refuses it without one. Counts it when it passes.
   * `memberId` null: no member has this login.
   */
  async function begin(
    who: { memberId: string | null; login: string },
    client: LoginClient,
    check: PasswordCheck = 'login',
  ) {
    const subject = loginSubject(who.memberId, who.login);
    const ip = throttleAddress(client.ip);
    const counted = await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO login_throttle_accounts (subject) VALUES (${subject}) ON CONFLICT DO NOTHING`.execute(
        trx,
      );
      await sql`INSERT INTO login_throttle (subject, ip) VALUES (${subject}, ${ip}) ON CONFLICT DO NOTHING`.execute(
        trx,
      );
      // The account row first, always: every try of this subject queues here, so counts are exact.
      const account = (
        await sql<AccountRow>`
          SELECT failures, window_started_at FROM login_throttle_accounts
          WHERE subject = ${subject} FOR UPDATE`.execute(trx)
      ).rows[0]!;
      const address = (
        await sql<AddressRow>`
          SELECT failures, next_try_at, last_try_at, trusted_until FROM login_throttle
          WHERE subject = ${subject} AND ip = ${ip} FOR UPDATE`.execute(trx)
      ).rows[0]!;
      // The time once the rows are ours (not the transaction's start, which may be before the last holder's).
      const now = (await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(trx)).rows[0]!.now;
      if (address.next_try_at > now) {
        throw new AppError('LOGIN_THROTTLED', 'Too many failed logins from this address: wait', {
          retryAfterSeconds: secondsBetween(now, address.next_try_at),
        });
      }
      const windowEnds = new Date(account.window_started_at.getTime() + rules.accountWindowSeconds * 1000);
      const windowOpen = windowEnds > now;
      const accountFailures = windowOpen ? account.failures : 0;
      const trusted = address.trusted_until !== null && address.trusted_until > now;
      if (!trusted && accountFailures >= rules.accountCeiling) {
        throw new AppError('LOGIN_UNLOCK_REQUIRED', 'Too many failed logins on this account: unlock it', {
          retryAfterSeconds: secondsBetween(now, windowEnds),
        });
      }
      const fresh = address.last_try_at.getTime() + rules.forgetAfterSeconds * 1000 > now.getTime();
      const count = (fresh ? address.failures : 0) + 1;
      const wait = waitAfter(count, rules);
      await sql`
        UPDATE login_throttle
        SET failures = ${count}, last_try_at = ${now},
            next_try_at = ${now}::timestamptz + make_interval(secs => ${wait})
        WHERE subject = ${subject} AND ip = ${ip}`.execute(trx);
      await sql`
        UPDATE login_throttle_accounts
        SET failures = ${accountFailures + 1}, window_started_at = ${windowOpen ? account.window_started_at : now}
        WHERE subject = ${subject}`.execute(trx);
      return { count, wait, accountCount: accountFailures + 1 };
    });

    const event = (
      kind: 'login' | 'login_failed' | 'step_up_failed' | 'login_throttled',
      detail: Record<string, unknown>,
    ) =>
      who.memberId
        ? recordSecurityEvent(db, { memberId: who.memberId, kind, ip: client.ip, detail })
        : Promise.resolve();

    const attempt: LoginAttempt = {
      async failed() {
        await event(check === 'login' ? 'login_failed' : 'step_up_failed', {
          triesFromAddress: counted.count,
          ...(counted.wait > 0 ? { retryAfterSeconds: counted.wait } : {}),
        });
        // The moments the throttle starts: the address's first wait, and the account reaching its ceiling.
        if (counted.count === rules.freeTries) {
          await event('login_throttled', { scope: 'address', retryAfterSeconds: counted.wait });
        }
        if (counted.accountCount === rules.accountCeiling) {
          await event('login_throttled', { scope: 'account' });
        }
        const wait = counted.wait > 0 ? { retryAfterSeconds: counted.wait } : undefined;
        if (check === 'step_up') throw new AppError('CURRENT_PASSWORD_WRONG', 'Wrong login password', wait);
        throw new AppError('LOGIN_FAILED', 'Wrong username or password', wait);
      },
      async succeeded() {
        await sql`
          UPDATE login_throttle
          SET failures = 0, next_try_at = now(),
              trusted_until = now() + make_interval(secs => ${rules.trustSeconds})
          WHERE subject = ${subject} AND ip = ${ip}`.execute(db);
        // The try was counted against the account when it began; it was no failure.
        await sql`
          UPDATE login_throttle_accounts SET failures = greatest(failures - 1, 0)
          WHERE subject = ${subject}`.execute(db);
      },
      async signedIn() {
        await event('login', { device: describeDevice(client.userAgent), userAgent: client.userAgent });
      },
    };
    return attempt;
  }

  /**
   * An accepted unlock code: the member proved their contact from this address, which is trusted from now
   * on and has no wait left.
   */
  async function unlock(memberId: string, client: LoginClient): Promise<void> {
    const subject = loginSubject(memberId, '');
    const ip = throttleAddress(client.ip);
    await sql`
      INSERT INTO login_throttle (subject, ip, trusted_until)
      VALUES (${subject}, ${ip}, now() + make_interval(secs => ${rules.trustSeconds}))
      ON CONFLICT (subject, ip) DO UPDATE
      SET failures = 0, next_try_at = now(), trusted_until = EXCLUDED.trusted_until`.execute(db);
    await recordSecurityEvent(db, { memberId, kind: 'login_unlocked', ip: client.ip });
  }

  /** A new password (reset by code): earlier guesses no longer matter. Trusted addresses stay trusted. */
  async function forgetFailures(memberId: string, ex: Db = db): Promise<void> {
    const subject = loginSubject(memberId, '');
    await ex.deleteFrom('login_throttle_accounts').where('subject', '=', subject).execute();
    await ex
      .updateTable('login_throttle')
      .set({ failures: 0, next_try_at: sql<Date>`now()` })
      .where('subject', '=', subject)
      .execute();
  }

  /** Until when each of these members' logins from untrusted addresses needs an unlock code (admin list). */
  async function unlockRequiredUntil(memberIds: string[]): Promise<Map<string, Date>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('login_throttle_accounts')
      .select([
        'subject',
        sql<Date>`window_started_at + make_interval(secs => ${rules.accountWindowSeconds})`.as('until'),
      ])
      .where(
        'subject',
        'in',
        memberIds.map((id) => loginSubject(id, '')),
      )
      .where('failures', '>=', rules.accountCeiling)
      .where(sql<boolean>`window_started_at + make_interval(secs => ${rules.accountWindowSeconds}) > now()`)
      .execute();
    return new Map(rows.map((r) => [r.subject.slice(2), r.until]));
  }

  /** Rows nobody has tried for a month and that trust nothing any more (a daily job). */
  async function purgeStale(): Promise<number> {
    const addresses = await db
      .deleteFrom('login_throttle')
      .where('last_try_at', '<', sql<Date>`now() - interval '30 days'`)
      .where((eb) => eb.or([eb('trusted_until', 'is', null), eb('trusted_until', '<', sql<Date>`now()`)]))
      .executeTakeFirst();
    const accounts = await db
      .deleteFrom('login_throttle_accounts')
      .where(sql<boolean>`window_started_at + make_interval(secs => ${rules.accountWindowSeconds}) < now()`)
      .executeTakeFirst();
    return Number(addresses.numDeletedRows) + Number(accounts.numDeletedRows);
  }

  return { begin, unlock, forgetFailures, unlockRequiredUntil, purgeStale, rules };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
