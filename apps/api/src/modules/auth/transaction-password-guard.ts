import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { NotificationService } from '../notifications/notifications.service';

export interface TransactionPasswordLimits {
  /** TX_PASSWORD_MAX_FAILURES wrong passwords ... */
  maxFailures: number;
  /** ... within TX_PASSWORD_FAILURE_WINDOW_MINUTES ... */
  windowMinutes: number;
  /** ... lock every money action for TX_PASSWORD_LOCK_MINUTES. */
  lockMinutes: number;
}

type Outcome = { kind: 'right' } | { kind: 'wrong' } | { kind: 'locked'; until: Date };

function lockedError(until: Date): AppError {
  return new AppError('TRANSACTION_PASSWORD_LOCKED', 'Too many wrong transaction passwords', {
    until: until.toISOString(),
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  });
}

/**
 * Counts wrong transaction passwords per member, exactly under concurrent guesses (decision 42). Each
 * check's outcome is decided with the member's guard row locked (SELECT ... FOR UPDATE), so a member's
 * checks are settled one after another: each sees the count the one before it left, the guess that reaches
 * the limit sets the lock, and every later one (even the right password) is refused until the lock has
 * passed. The lock, the count and their security events commit together; the refusal is thrown after the
 * commit.
 *
 * The argon2 verification itself runs before the row is locked (decision 78): it is a pure function of the
 * stored hash and the guess, and what a guess answers is still only decided under the lock, so a guess
 * settled after the lock was set learns nothing from its verification. Run inside the transaction, each
 * check held a pooled connection and the row lock while its argon2 waited its turn on the thread pool.
 */
export function createTransactionPasswordGuard(
  deps: { db: Db; notify: NotificationService['notify'] } & TransactionPasswordLimits,
) {
  const { db } = deps;

  async function lockedUntil(memberId: string): Promise<Date | null> {
    const row = await db
      .selectFrom('transaction_password_guards')
      .select('locked_until')
      .where('member_id', '=', memberId)
      .where('locked_until', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.locked_until ?? null;
  }

  /** A cheap refusal before the password is unsealed; `attempt` checks again under the lock. */
  async function assertUnlocked(memberId: string): Promise<void> {
    const until = await lockedUntil(memberId);
    if (until) throw lockedError(until);
  }

  /**
   * The member's guard row, locked for this transaction (made on the member's first check), and whether a
   * lock is in force. Nothing else is read in the same statement: a subquery here would see the snapshot
   * taken before waiting for the row, missing the failures the check before this one committed.
   */
  async function lockGuard(trx: Db, memberId: string) {
    const select = () =>
      trx
        .selectFrom('transaction_password_guards as g')
        .select([
          'g.locked_until',
          sql<boolean>`coalesce(g.locked_until > clock_timestamp(), false)`.as('locked'),
        ])
        .where('g.member_id', '=', memberId)
        .forUpdate('g')
        .executeTakeFirst();
    const found = await select();
    if (found) return found;
    await trx
      .insertInto('transaction_password_guards')
      .values({ member_id: memberId, locked_until: null })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    const made = await select();
    if (!made) throw new Error(`no transaction password guard row for ${memberId}`);
    return made;
  }

  /**
   * Runs `verify` (the argon2 check), then settles it as the member's one check in progress: refused while
   * a lock is in force, a wrong answer counted.
   */
  async function attempt(memberId: string, ip: string, verify: () => Promise<boolean>): Promise<void> {
    const right = await verify();
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const guard = await lockGuard(trx, memberId);
      if (guard.locked && guard.locked_until) return { kind: 'locked', until: guard.locked_until };

      if (right) {
        await trx.deleteFrom('transaction_password_failures').where('member_id', '=', memberId).execute();
        return { kind: 'right' };
      }
      await trx
        .insertInto('transaction_password_failures')
        .values({ member_id: memberId, at: sql<Date>`clock_timestamp()` })
        .execute();
      const { failures } = await trx
        .selectFrom('transaction_password_failures')
        .select(sql<number>`count(*)::int`.as('failures'))
        .where('member_id', '=', memberId)
        .where('at', '>', sql<Date>`clock_timestamp() - make_interval(mins => ${deps.windowMinutes})`)
        .executeTakeFirstOrThrow();
      await recordSecurityEvent(trx, {
        memberId,
        kind: 'transaction_password_failed',
        ip,
        detail: { failures },
      });
      if (failures < deps.maxFailures) return { kind: 'wrong' };

      const locked = await trx
        .updateTable('transaction_password_guards')
        .set({ locked_until: sql<Date>`clock_timestamp() + make_interval(mins => ${deps.lockMinutes})` })
        .where('member_id', '=', memberId)
        .returning('locked_until')
        .executeTakeFirstOrThrow();
      const until = locked.locked_until as Date;
      // The count starts again after the lock: the next wrong guess is the first of a new window.
      await trx.deleteFrom('transaction_password_failures').where('member_id', '=', memberId).execute();
      await recordSecurityEvent(trx, {
        memberId,
        kind: 'transaction_password_locked',
        ip,
        detail: { failures, until: until.toISOString() },
      });
      await deps.notify(trx, {
        memberId,
        kind: 'transaction_password_locked',
        params: { until: until.toISOString() },
      });
      return { kind: 'locked', until };
    });
    if (outcome.kind === 'locked') throw lockedError(outcome.until);
    if (outcome.kind === 'wrong') throw new AppError('TRANSACTION_PASSWORD_WRONG');
  }

  /** A new transaction password starts with a clean count and no lock (inside the change's transaction). */
  async function clear(trx: Db, memberId: string): Promise<void> {
    await trx.deleteFrom('transaction_password_failures').where('member_id', '=', memberId).execute();
    await trx
      .updateTable('transaction_password_guards')
      .set({ locked_until: null })
      .where('member_id', '=', memberId)
      .execute();
  }

  return { lockedUntil, assertUnlocked, attempt, clear };
}

export type TransactionPasswordGuard = ReturnType<typeof createTransactionPasswordGuard>;
