import { parseAmount, toDecimalString } from '@app/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../platform/errors';

export interface Currency {
  code: string;
  decimals: number;
  kind: 'stable' | 'coin' | 'promo';
}

/** An active currency, or CURRENCY_UNKNOWN: members never see or move a currency an admin switched off. */
export async function currencyOrFail(ex: Kysely<Database>, code: string): Promise<Currency> {
  const row = await ex
    .selectFrom('currencies')
    .select(['code', 'decimals', 'kind'])
    .where('code', '=', code)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) throw new AppError('CURRENCY_UNKNOWN', `unknown currency ${code}`);
  return row;
}

/** What a member typed, in minor units of the currency; each malformed amount has its own code. */
export function amountOf(text: string, currency: Currency): bigint {
  const parsed = parseAmount(text, currency.decimals);
  if (!parsed.ok) throw new AppError(parsed.error);
  return parsed.value;
}

/** An amount for an answer: every decimal of its currency, so the client can parse it back exactly. */
export const decimalOf = (minor: bigint, currency: Pick<Currency, 'decimals'>) =>
  toDecimalString(minor, currency.decimals);

/** Numeric columns arrive from pg as strings. */
export const big = (value: string | number | bigint) => BigInt(value);
