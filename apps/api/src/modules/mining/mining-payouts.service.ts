import { MiningPayoutWallet, type TPayoutRun } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { derivedUuid } from '../../platform/idempotency';
import type { LedgerService } from '../ledger/ledger.service';
import { networkYieldMinor } from './network-yield';

/** One unpaid (day, subscription) and what its package's rule needs to price it. */
interface DueRow {
  subscription_id: string;
  member_id: string;
  day: string;
  currency: string;
  hash_rate_ghs: string;
  /** 'fixed' and 'daily': the amount per GH/s that day; null for 'network'. */
  per_unit_minor: string | null;
  difficulty: string | null;
  block_reward_minor: string | null;
}

/** What one (day, subscription) earns, as the run finds it. */
interface Due {
  subscription_id: string;
  member_id: string;
  day: string;
  currency: string;
  amount_minor: bigint;
}

/** The day's amount by the package's rule; rounded down (in the platform's favour) for 'network'. */
export function amountOf(r: DueRow): bigint {
  const hashRateGhs = BigInt(r.hash_rate_ghs);
  if (r.per_unit_minor !== null) return hashRateGhs * BigInt(r.per_unit_minor);
  return networkYieldMinor({
    hashRateGhs,
    difficulty: r.difficulty!,
    blockRewardMinor: BigInt(r.block_reward_minor!),
  });
}

const UNIQUE_VIOLATION = '23505';

/**
 * Daily mining payouts. A run for a day pays every active subscription each day from its start up to that
 * day (before its end) that has no payout yet, so a day the job missed is caught up by the next run. Each
 * (day, subscription) is one transaction: its payout row and its ledger transfer (from the platform's
 * `mining_payouts` account into the member's wallet in the mined coin, with an id derived from the pair),
 * so a re-run, or two runs at once, pay nothing twice. A 'daily' package's day waits for its rate; a
 * 'network' day is priced by the coin's difficulty and block reward in force that day (the latest row
 * effective on or before it) and waits likewise while none is set.
 */
export function createMiningPayoutService(deps: { db: Db; ledger: LedgerService }) {
  const { db, ledger } = deps;

  async function due(day: string): Promise<Due[]> {
    const { rows } = await sql<DueRow>`
      SELECT s.id AS subscription_id, s.member_id, d.day::date::text AS day, p.mined_currency AS currency,
             s.hash_rate_ghs::text AS hash_rate_ghs,
             coalesce(p.yield_per_unit_minor, r.per_unit_minor)::text AS per_unit_minor,
             n.difficulty::text AS difficulty, n.block_reward_minor::text AS block_reward_minor
      FROM mining_subscriptions s
      JOIN mining_packages p ON p.id = s.package_id
      CROSS JOIN LATERAL generate_series(s.starts_on, least(s.ends_on - 1, ${day}::date), interval '1 day') AS d(day)
      LEFT JOIN mining_daily_rates r ON p.yield_rule = 'daily' AND r.package_id = p.id AND r.day = d.day::date
      LEFT JOIN LATERAL (
        SELECT q.difficulty, q.block_reward_minor FROM mining_network_params q
        WHERE p.yield_rule = 'network' AND q.currency = p.mined_currency AND q.effective_from <= d.day::date
        ORDER BY q.effective_from DESC, q.id DESC LIMIT 1) n ON true
      WHERE s.status = 'active' AND s.starts_on <= ${day}::date
        AND (p.yield_rule = 'fixed' OR r.per_unit_minor IS NOT NULL OR n.difficulty IS NOT NULL)
        AND NOT EXISTS (
          SELECT 1 FROM mining_payouts x WHERE x.subscription_id = s.id AND x.day = d.day::date)
      ORDER BY d.day, s.id`.execute(db);
    return rows.map((r) => ({ ...r, amount_minor: amountOf(r) }));
  }

  /** Pays one (day, subscription); false when another run paid it first. */
  async function pay(d: Due): Promise<boolean> {
    const amount = d.amount_minor;
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
