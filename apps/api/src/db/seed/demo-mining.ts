import type { Db } from '../database';

const USDT = 1_000_000n;

/** [name, price (USDT), GH/s, days, MCOIN per GH/s per day in minor units (8 decimals), limit per member] */
const packages: Array<[string, number, number, number, number, number | null]> = [
  ['Cloud S19 · 10 GH/s', 100, 10, 30, 100_000, 10],
  ['Cloud S21 · 50 GH/s', 450, 50, 90, 110_000, 5],
  ['Cloud farm · 200 GH/s', 1_600, 200, 180, 120_000, null],
];

/** The demo's mining category and packages (fixed yields in MCOIN), made once: admins' changes stay. */
export async function seedDemoMining(db: Db): Promise<void> {
  const any = await db.selectFrom('mining_packages').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const category = await db
    .insertInto('mining_categories')
    .values({ name: 'MCOIN', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mining_packages')
    .values(
      packages.map(([name, price, ghs, days, perUnit, limit], i) => ({
        category_id: category.id,
        name,
        price_minor: (BigInt(price) * USDT).toString(),
        currency: 'USDT',
        hash_rate_ghs: String(ghs),
        duration_days: days,
        mined_currency: 'MCOIN',
        yield_rule: 'fixed' as const,
        yield_per_unit_minor: String(perUnit),
        per_member_limit: limit,
        sort: i,
      })),
    )
    .execute();
}
