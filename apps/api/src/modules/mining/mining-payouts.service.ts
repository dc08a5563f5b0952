import { MiningPayoutWallet, type TPayoutRun } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { derivedUuid } from '../../platform/idempotency';
import type { LedgerService } from '../ledger/ledger.service';

/** What one (day, subscription) earns, as the run finds it. */
interface Due {
  subscription_id: string;
  member_id: string;
  day: string;
  currency: string;
  amount_minor: string;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Daily mining payouts. A run for a day pays every active subscription each day from its start up to that
 * day (before its end) that has no payout yet, so a day the job missed is caught up by the next run. Each
 * (day, subscription) is one transaction: its payout row and its ledger transfer (from the platform's
 * `mining_payouts` account into the member's wallet in the mined coin, with an id derived from the pair),
 * so a re-run, or two runs at once, pay nothing twice. A 'daily' package's day waits for its rate.
 */
export function createMiningPayoutService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function due(day: string): Promise<Due[]> {
    const { rows } = await sql<Due>`
      SELECT s.id AS subscription_id, s.member_id, d.day::date::text AS day, p.mined_currency AS currency,
             (s.hash_rate_ghs * coalesce(p.yield_per_unit_minor, r.per_unit_minor))::text AS amount_minor
      FROM mining_subscriptions s
      JOIN mining_packages p ON p.id = s.package_id
      CROSS JOIN LATERAL generate_series(s.starts_on, least(s.ends_on - 1, ${day}::date), interval '1 day') AS d(day)
      LEFT JOIN mining_daily_rates r ON r.package_id = p.id AND r.day = d.day::date
      WHERE s.status = 'active' AND s.starts_on <= ${day}::date
        AND (p.yield_rule = 'fixed' OR r.per_unit_minor IS NOT NULL)
        AND NOT EXISTS (
          SELECT 1 FROM mining_payouts x WHERE x.subscription_id = s.id AND x.day = d.day::date)
      ORDER BY d.day, s.id`.execute(db);
    return rows;
  }

  /** Pays one (day, subscription); false when another run paid it first. */
  async function pay(d: Due): Promise<boolean> {
    const amount = BigInt(d.amount_minor);
    const transferId = derivedUuid('mining-payout', d.day, d.subscription_id);
    try {
      await db.transaction().execute(async (trx) => {
        if (amount > 0n) {
          const [from, to] = await Promise.all([
            ledger.systemAccount(trx, 'mining_payouts', d.currency),
            ledger.account(trx, { memberId: d.member_id, wallet: MiningPayoutWallet, currency: d.currency }),
          ]);
          await ledger.transfer(
            [
              {
                id: transferId,
                debitAccountId: from.id,
                creditAccountId: to.id,
                amount,
                currency: d.currency,
                kind: 'mining_payout',
                memo: `mining_payout:${d.day}`,
                meta: { subscriptionId: d.subscription_id, day: d.day },
              },
            ],
            { trx },
          );
        }
        await trx
          .insertInto('mining_payouts')
          .values({
            day: d.day,
            subscription_id: d.subscription_id,
            member_id: d.member_id,
            amount_minor: amount.toString(),
            currency: d.currency,
            transfer_id: amount > 0n ? transferId : null,
          })
          .execute();
      });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }

  return {
    /** Pays every unpaid day up to `day` (a UTC date, not after today) and ends what is fully paid. */
    async runPayouts(day: string): Promise<TPayoutRun> {
      const { ok } = await sql<{ ok: boolean }>`
        SELECT ${day}::date <= (now() at time zone 'UTC')::date AS ok`
        .execute(db)
        .then((r) => r.rows[0]!)
        .catch(() => ({ ok: false }));
      if (!ok) throw new AppError('MINING_DAY_INVALID');
      let paid = 0;
      const days = new Set<string>();
      for (const d of await due(day)) {
        if (await pay(d)) {
          paid++;
          days.add(d.day);
        }
      }
      // Ended once its last day is behind the run and every one of its days is paid.
      await sql`
        UPDATE mining_subscriptions s SET status = 'ended'
        WHERE s.status = 'active' AND s.ends_on - 1 <= ${day}::date
          AND (SELECT count(*) FROM mining_payouts x WHERE x.subscription_id = s.id) = s.ends_on - s.starts_on`.execute(
        db,
      );
      return { paid, days: [...days].sort() };
    },
  };
}

export type MiningPayoutService = ReturnType<typeof createMiningPayoutService>;
