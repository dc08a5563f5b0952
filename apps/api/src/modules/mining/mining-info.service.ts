import type { TLanguage, TMiningInfo } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { packageNameColumns, packageNameIn } from '../../platform/package-name';
import { decimalOf } from '../wallet/amounts';

/** getinfob / ginfo: a member's hash rate, earnings and subscriptions, and the platform's hash rate. */
export function createMiningInfoService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Subscriptions name their package in `lang`. */
    async info(memberId: string, lang: TLanguage): Promise<TMiningInfo> {
      const subs = await db
        .selectFrom('mining_subscriptions as s')
        .innerJoin('mining_packages as p', 'p.id', 's.package_id')
        .innerJoin('currencies as c', 'c.code', 'p.mined_currency')
        .select([
          's.id',
          ...packageNameColumns,
          's.units',
          's.hash_rate_ghs',
          'p.mined_currency',
          'c.decimals',
          sql<string>`s.starts_on::text`.as('starts_on'),
          sql<string>`s.ends_on::text`.as('ends_on'),
          's.status',
          sql<string>`(SELECT coalesce(sum(amount_minor), 0) FROM mining_payouts x WHERE x.subscription_id = s.id)::text`.as(
            'earned',
          ),
        ])
        .where('s.member_id', '=', memberId)
        .orderBy('s.status')
        .orderBy('s.id', 'desc')
        .execute();
      const earnings = await db
        .selectFrom('mining_payouts as x')
        .innerJoin('currencies as c', 'c.code', 'x.currency')
        .select([
          'x.currency',
          'c.decimals',
          sql<string>`sum(x.amount_minor)::text`.as('total'),
          sql<string>`coalesce(sum(x.amount_minor) FILTER (
            WHERE x.day = (now() at time zone 'UTC')::date - 1), 0)::text`.as('yesterday'),
        ])
        .where('x.member_id', '=', memberId)
        .groupBy(['x.currency', 'c.decimals'])
        .orderBy('x.currency')
        .execute();
      const platform = await db
        .selectFrom('mining_subscriptions')
        .select(sql<string>`coalesce(sum(hash_rate_ghs), 0)::text`.as('total'))
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const active = subs.filter((s) => s.status === 'active');
      return {
        hashRateGhs: active.reduce((sum, s) => sum + BigInt(s.hash_rate_ghs), 0n).toString(),
        earnings: earnings.map((e) => ({
          currency: e.currency,
          yesterday: decimalOf(BigInt(e.yesterday), e),
          total: decimalOf(BigInt(e.total), e),
        })),
        subscriptions: subs.map((s) => ({
          id: s.id,
          packageName: packageNameIn(s, lang),
          units: s.units,
          hashRateGhs: s.hash_rate_ghs,
          minedCurrency: s.mined_currency,
          startsOn: s.starts_on,
          endsOn: s.ends_on,
          status: s.status,
          earned: decimalOf(BigInt(s.earned), s),
        })),
        platformHashRateGhs: platform.total,
      };
    },
  };
}

export type MiningInfoService = ReturnType<typeof createMiningInfoService>;
