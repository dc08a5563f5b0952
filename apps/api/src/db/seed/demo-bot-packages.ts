import type { Db } from '../database';

type Exchange = 'paper' | 'binance' | 'bybit' | 'gate';
type MarketType = 'spot' | 'perpetual';
const REAL: Exchange[] = ['binance', 'bybit', 'gate'];

/** [name, price, days, capital limit, top-up unit, top-up unit price (all USDT), exchanges, market types] */
const packages: Array<[string, number, number, number, number, number, Exchange[], MarketType[]]> = [
  // The paper exchange lets a new member try a bot before binding a key of their own.
  ['Starter', 100, 30, 1_000, 100, 10, ['paper', ...REAL], ['spot']],
  ['Pro', 300, 90, 5_000, 500, 25, REAL, ['perpetual', 'spot']],
  ['Elite', 800, 180, 20_000, 1_000, 30, REAL, ['perpetual', 'spot']],
];

const USDT = 1_000_000n;

/** The demo's bot packages, made once: an admin's later changes are left alone. */
export async function seedDemoBotPackages(db: Db): Promise<void> {
  const any = await db.selectFrom('bot_packages').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('bot_packages')
    .values(
      packages.map(([name, price, days, capital, unit, unitPrice, exchanges, marketTypes], i) => ({
        name,
        price_minor: (BigInt(price) * USDT).toString(),
        currency: 'USDT',
        duration_days: days,
        capital_limit_minor: (BigInt(capital) * USDT).toString(),
        topup_unit_minor: (BigInt(unit) * USDT).toString(),
        topup_unit_price_minor: (BigInt(unitPrice) * USDT).toString(),
        exchanges: [...exchanges].sort(),
        market_types: [...marketTypes].sort(),
        sort: i,
      })),
    )
    .execute();
}
