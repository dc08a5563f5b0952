/**
 * Currency decimals are data: the ledger's `currencies` table holds one row per coin. The constants here
 * are only the facts every part of the product relies on (the stablecoins) and the bounds a row may take.
 */
export const STABLECOIN_DECIMALS = 6;

/** The most decimals a currency row may declare (the database CHECK says the same). */
export const MAX_DECIMALS = 18;

/** Amounts are stored as NUMERIC(38,0): an amount in minor units has at most 38 digits. */
export const MAX_AMOUNT_DIGITS = 38;
export const MAX_MINOR = 10n ** BigInt(MAX_AMOUNT_DIGITS) - 1n;

export interface CurrencyInfo {
  code: string;
  decimals: number;
}

/** Throws on a decimals value no currency row can have: a programming error, not user input. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer in 0..${MAX_DECIMALS}, got ${decimals}`);
  }
}
