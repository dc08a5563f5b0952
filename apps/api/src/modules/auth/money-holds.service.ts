import type { TMoneyHold, TMoneyHoldReason } from '@app/contracts';
import { type Expression, sql } from 'kysely';
import type { Db } from '../../db/database';
import { recordSecurityEvent } from '../../platform/audit';
import { AppError } from '../../platform/errors';

/**
 * The money hold after a credential change (decision 42): for `hours` (SECURITY_HOLD_HOURS) money leaving
 * the member is refused with MONEY_HELD, so that a member whose credentials someone else changed has time
 * to hear of it (the notice to the old contact, the bell, their sessions ending) before anything can go.
 * A later change during a hold starts a hold of its own; the one ending last is the one in force.
 */
export function createMoneyHolds(deps: { db: Db; hours: number }) {
  const { db } = deps;

  /** Inside the transaction of the change: the hold and its security event commit with it. */
  async function start(
    trx: Db,
    hold: { memberId: string; reason: TMoneyHoldReason; ip: string },
  ): Promise<Date | null> {
    if (deps.hours <= 0) return null;
    const row = await trx
      .insertInto('money_holds')
      .values({
        member_id: hold.memberId,
        reason: hold.reason,
        ends_at: sql<Date>`now() + make_interval(secs => ${deps.hours * 3600})`,
      })
      .returning('ends_at')
      .executeTakeFirstOrThrow();
    await recordSecurityEvent(trx, {
      memberId: hold.memberId,
      kind: 'money_hold_started',
      ip: hold.ip,
      detail: { reason: hold.reason, until: row.ends_at.toISOString() },
    });
    return row.ends_at;
  }

  async function current(memberId: string): Promise<TMoneyHold | null> {
    const row = await db
      .selectFrom('money_holds')
      .select(['reason', 'ends_at'])
      .where('member_id', '=', memberId)
      .where('ends_at', '>', sql<Date>`now()`)
      .orderBy('ends_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { reason: row.reason, until: row.ends_at.toISOString() } : null;
  }

  /**
   * `current` as columns of another module's statement (`hold_reason`, `hold_until`), for the money
   * request's one read of what its password check needs (decision 83); `refuseHeld(holdOf(row))` then.
   */
  function columnsOf(memberId: Expression<string>) {
    const inForce = <T>(column: 'reason' | 'ends_at') =>
      sql<T>`(SELECT ${sql.ref(`h.${column}`)} FROM money_holds h WHERE h.member_id = ${memberId}
        AND h.ends_at > now() ORDER BY h.ends_at DESC LIMIT 1)`;
    return {
      hold_reason: inForce<TMoneyHoldReason | null>('reason'),
      hold_until: inForce<Date | null>('ends_at'),
    };
  }

  return { hours: deps.hours, start, current, columnsOf };
}

/** The hold read through `columnsOf`, as `current` answers it. */
export function holdOf(row: {
  hold_reason: TMoneyHoldReason | null;
  hold_until: Date | null;
}): TMoneyHold | null {
  return row.hold_reason && row.hold_until
    ? { reason: row.hold_reason, until: row.hold_until.toISOString() }
    : null;
}

/** Refuses money leaving the member while `hold` runs: MONEY_HELD (decision 42). */
export function refuseHeld(hold: TMoneyHold | null): void {
  if (!hold) return;
  throw new AppError('MONEY_HELD', 'Money leaving the account is held after a credential change', {
    reason: hold.reason,
    until: hold.until,
    retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(hold.until) - Date.now()) / 1000)),
  });
}

export type MoneyHolds = ReturnType<typeof createMoneyHolds>;
