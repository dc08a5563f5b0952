import type { TTranslations } from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../database';

type Exchange = 'paper' | 'binance' | 'bybit' | 'gate';
type MarketType = 'spot' | 'perpetual';
const REAL: Exchange[] = ['binance', 'bybit', 'gate'];

/** [English name, price, days, capital limit, top-up unit, top-up unit price (all USDT), exchanges, market types] */
const packages: Array<[string, number, number, number, number, number, Exchange[], MarketType[]]> = [
  // The paper exchange lets a new member try a bot before binding a key of their own.
  ['Starter', 100, 30, 1_000, 100, 10, ['paper', ...REAL], ['spot']],
  ['Pro', 300, 90, 5_000, 500, 25, REAL, ['perpetual', 'spot']],
  ['Elite', 800, 180, 20_000, 1_000, 30, REAL, ['perpetual', 'spot']],
];

/** Each demo package's name in the other four languages (decision 74), by its English name. */
const translations: Record<string, TTranslations> = {
  Starter: { 'zh-CN': '入门版', 'bm-MY': 'Permulaan', de: 'Einsteiger', fr: 'Débutant' },
  Pro: { 'zh-CN': '专业版', 'bm-MY': 'Profesional', de: 'Profi', fr: 'Professionnel' },
  Elite: { 'zh-CN': '精英版', 'bm-MY': 'Elit', de: 'Elite', fr: 'Élite' },
};

const USDT = 1_000_000n;

/**
 * The demo's bot packages, made once: an admin's later changes are left alone. Packages seeded before names
 * had languages (migration 0049) get theirs, while no admin has saved them (an admin's save moves updated_at).
 */
export async function seedDemoBotPackages(db: Db): Promise<void> {
  const any = await db.selectFrom('bot_packages').select('id').limit(1).executeTakeFirst();
  if (any) {
    for (const [name, names] of Object.entries(translations)) {
      await db
        .updateTable('bot_packages')
        .set({ name_translations: JSON.stringify(names) })
        .where('name', '=', name)
        .where(sql<boolean>`name_translations = '{}'::jsonb`)
        .where(sql<boolean>`updated_at = created_at`)
        .execute();
    }
    return;
  }
  await db
    .insertInto('bot_packages')
    .values(
      packages.map(([name, price, days, capital, unit, unitPrice, exchanges, marketTypes], i) => ({
        name,
        name_translations: JSON.stringify(translations[name] ?? {}),
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
