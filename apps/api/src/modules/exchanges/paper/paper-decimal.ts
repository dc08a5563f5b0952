/**
 * The paper exchange's arithmetic: decimal strings as bigints scaled by 10^18, the scale of its NUMERIC(38,18)
 * columns, so a value read from the database, computed with and written back never loses a digit and never
 * passes through a float. Every rounding says its direction; the exchange rounds in its own favour (fees and
 * margin up, released margin down), as real exchanges do.
 */

export const SCALE = 18;
export const ONE = 10n ** BigInt(SCALE);
const DECIMAL = /^-?\d+(\.\d+)?$/;

export type Rounding = 'down' | 'up' | 'half-up';

/** The value of a decimal string, or null when it is not one or has more than 18 significant decimals. */
export function tryParse(text: string): bigint | null {
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > SCALE) return null;
  const value = BigInt(whole) * ONE + BigInt(significant.padEnd(SCALE, '0') || '0');
  return negative ? -value : value;
}

export function parse(text: string): bigint {
  const value = tryParse(text);
  if (value === null) throw new Error(`not a decimal of at most ${SCALE} places: ${text}`);
  return value;
}

/** A decimal string without trailing zeros: "10000", "0.0005", "-12.5". */
export function format(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** n / d rounded as asked; 'up' and 'down' are away from and toward zero. */
export function divide(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d === 0n) throw new Error('division by zero');
  const negative = n < 0n !== d < 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  let q = an / ad;
  const r = an % ad;
  if (r !== 0n && (rounding === 'up' || (rounding === 'half-up' && 2n * r >= ad))) q += 1n;
  return negative ? -q : q;
}

export function mul(a: bigint, b: bigint, rounding: Rounding = 'half-up'): bigint {
  return divide(a * b, ONE, rounding);
}

export function div(a: bigint, b: bigint, rounding: Rounding = 'half-up'): bigint {
  return divide(a * ONE, b, rounding);
}

/** Rounds to a multiple of step (a tick size): liquidation prices are shown on the tick. */
export function toStep(value: bigint, step: bigint, rounding: Rounding): bigint {
  return divide(value, step, rounding) * step;
}

export const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
export const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** A fee of `bps` basis points on a value, rounded up: the exchange never undercharges. */
export function feeOf(value: bigint, bps: bigint): bigint {
  return divide(value * bps, 10_000n * ONE, 'up');
}
