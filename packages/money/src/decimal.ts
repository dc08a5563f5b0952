import { divide, type Rounding } from './rounding';

/**
 * Exact arithmetic on the decimal strings exchanges use for prices, amounts and PnL ("0.001", "64250.5",
 * "-3.1"): one value is a bigint scaled by 10^18, the scale of the paper exchange's NUMERIC(38,18) columns
 * and far beyond any venue's step, so a value read, compared with a tick or step, computed with and written
 * back never passes through a float and never loses a digit. Every rounding is named (see `Rounding`).
 * Ledger amounts are not these: they are integer minor units of a currency (`parseAmount`).
 */

export { divide, type Rounding } from './rounding';

/** A decimal as an integer count of 10^-18. */
export type Decimal = bigint;

export const SCALE = 18;
export const ONE: Decimal = 10n ** BigInt(SCALE);
export const ZERO: Decimal = 0n;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether the text is a plain decimal: an optional minus, digits, optionally a point and digits. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Digits after the point, trailing zeros ignored ("0.0100" has 2). */
export function decimalPlaces(text: string): number {
  const fraction = text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/** The value of a decimal string, or null when it is not one or has more than 18 significant decimals. */
export function tryParse(text: string): Decimal | null {
  if (!isDecimal(text)) return null;
  if (decimalPlaces(text) > SCALE) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole) * ONE + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return negative ? -value : value;
}

/** tryParse for text that must be a decimal (an exchange's answer, a stored column): throws otherwise. */
export function parse(text: string): Decimal {
  const value = tryParse(text);
  if (value === null) throw new Error(`not a decimal of at most ${SCALE} places: ${text}`);
  return value;
}

/** A decimal string without trailing zeros: "10000", "0.0005", "-12.5". */
export function format(value: Decimal): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * a × b at 18 decimals. The default half-up is the paper exchange's; a comparison that must never round a
 * value onto a step (order validation, the mock venues) passes 'down', a cut.
 */
export function mul(a: Decimal, b: Decimal, rounding: Rounding = 'half-up'): Decimal {
  return divide(a * b, ONE, rounding);
}

/** a / b at 18 decimals, rounded as `mul`. */
export function div(a: Decimal, b: Decimal, rounding: Rounding = 'half-up'): Decimal {
  return divide(a * ONE, b, rounding);
}

/** The value rounded to a multiple of step (a tick size): liquidation prices are shown on the tick. */
export function toStep(value: Decimal, step: Decimal, rounding: Rounding): Decimal {
  return divide(value, step, rounding) * step;
}

/** Whether the value is a whole number of steps; every value is when there is no step (0). */
export function isMultipleOf(value: Decimal, step: Decimal): boolean {
  return step === 0n || value % step === 0n;
}

export const min = (a: Decimal, b: Decimal): Decimal => (a < b ? a : b);
export const max = (a: Decimal, b: Decimal): Decimal => (a > b ? a : b);

/** A fee of `bps` basis points (itself a decimal) on a value, rounded up: an exchange never undercharges. */
export function feeOf(value: Decimal, bps: Decimal): Decimal {
  return divide(value * bps, 10_000n * ONE, 'up');
}
