import { type Expression, sql } from 'kysely';
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
 * A cheap refusal before the password is unsealed (the lock read through `lockedUntilColumn`): locked
 * members spend no nonce and no argon2 check. `attempt` decides again under the row lock.
 */
export function refuseLocked(until: Date | null): void {
  if (until) throw lockedError(until);
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
 *
 * A right password is settled by one UPDATE of the guard row (decision 83): it waits for the row as a wrong
 * guess's SELECT ... FOR UPDATE does, then works on the row as the guess ahead of it left it (its lock, its
 * `generation`, which it moves on to end the count). Only failures of the current generation are counted.
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

  /** `lockedUntil` as a column of another module's statement (the money request's one read, decision 83). */
  function lockedUntilColumn(memberId: Expression<string>) {
    return sql<Date | null>`(SELECT g.locked_until FROM transaction_password_guards g
      WHERE g.member_id = ${memberId} AND g.locked_until > now())`;
  }

  /** `find` again after making the member's guard row, on the member's first check. */
  async function withGuardRow<T>(on: Db, memberId: string, find: () => Promise<T | undefined>): Promise<T> {
    const found = await find();
    if (found) return found;
    await on
      .insertInto('transaction_password_guards')
      .values({ member_id: memberId, locked_until: null })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();
    const made = await find();
    if (!made) throw new Error(`no transaction password guard row for ${memberId}`);
    return made;
  }

  /**
   * The member's guard row, locked for this transaction, and whether a lock is in force. Nothing else is
   * read in the same statement: a subquery here would see the snapshot taken before waiting for the row,
   * missing the failures the check before this one committed.
   */
  function lockGuard(trx: Db, memberId: string) {
    return withGuardRow(trx, memberId, () =>
      trx
        .selectFrom('transaction_password_guards as g')
        .select([
          'g.locked_until',
          'g.generation',
          sql<boolean>`coalesce(g.locked_until > clock_timestamp(), false)`.as('locked'),
        ])
        .where('g.member_id', '=', memberId)
        .forUpdate('g')
        .executeTakeFirst(),
    );
  }

  /**
   * A right password, in one statement: the guard row moves to a new generation (ending the count), under
   * the row's lock and on the row as the guess ahead of it committed it. RETURNING is computed after the
   * wait, so the lock is judged at the time the guess is settled. A new generation during a lock ends
   * nothing: the lock cleared the failures and none are recorded while it lasts.
   */
  async function settleRight(memberId: string): Promise<Outcome> {
    const guard = await withGuardRow(db, memberId, () =>
      db
        .updateTable('transaction_password_guards')
        .set({ generation: sql<string>`generation + 1` })
        .where('member_id', '=', memberId)
        .returning([
          'locked_until',
          sql<boolean>`coalesce(locked_until > clock_timestamp(), false)`.as('locked'),
        ])
        .executeTakeFirst(),
    );
    return guard.locked && guard.locked_until
      ? { kind: 'locked', until: guard.locked_until }
      : { kind: 'right' };
  }

  /**
   * Runs `verify` (the argon2 check), then settles it as the member's one check in progress: refused while
   * a lock is in force, a wrong answer counted.
   */
  async function attempt(memberId: string, ip: string, verify: () => Promise<boolean>): Promise<void> {
    const outcome = (await verify()) ? await settleRight(memberId) : await settleWrong(memberId, ip);
    if (outcome.kind === 'locked') throw lockedError(outcome.until);
    if (outcome.kind === 'wrong') throw new AppError('TRANSACTION_PASSWORD_WRONG');
  }

  /** A wrong password: recorded and counted under the row lock; the one that reaches the limit locks. */
  function settleWrong(memberId: string, ip: string): Promise<Outcome> {
    return db.transaction().execute(async (trx): Promise<Outcome> => {
      const guard = await lockGuard(trx, memberId);
      if (guard.locked && guard.locked_until) return { kind: 'locked', until: guard.locked_until };

      // Failures of an older generation (before a right password) or older than the window count no more;
      // they go in the statement that records this one.
      const since = sql<Date>`clock_timestamp() - make_interval(mins => ${deps.windowMinutes})`;
      await trx
        .with('stale', (q) =>
          q
            .deleteFrom('transaction_password_failures')
            .where('member_id', '=', memberId)
            .where((eb) => eb.or([eb('generation', '<>', guard.generation), eb('at', '<=', since)])),
        )
        .insertInto('transaction_password_failures')
        .values({ member_id: memberId, at: sql<Date>`clock_timestamp()`, generation: guard.generation })
        .execute();
      const { failures } = await trx
        .selectFrom('transaction_password_failures')
        .select(sql<number>`count(*)::int`.as('failures'))
        .where('member_id', '=', memberId)
        .where('generation', '=', guard.generation)
        .where('at', '>', since)
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

  return { lockedUntil, lockedUntilColumn, attempt, clear };
}

export type TransactionPasswordGuard = ReturnType<typeof createTransactionPasswordGuard>;
