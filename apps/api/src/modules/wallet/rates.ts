import { divide } from '@app/money';

/** Whole `to` units per whole `from` unit, as an exact fraction. */
export interface Rate {
  num: bigint;
  den: bigint;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** "1.0025" -> 10025/10000. The text is checked by the request schema (digits, one optional point). */
export function parseRate(text: string): Rate {
  const [whole = '0', fraction = ''] = text.split('.');
  const num = BigInt(`${whole}${fraction}`);
  if (num <= 0n) throw new RangeError('a rate is positive');
  return { num, den: pow10(fraction.length) };
}

/** A market pair's rate from the two prices (USD micros per whole coin). */
export function marketRate(fromUsdMicros: bigint, toUsdMicros: bigint): Rate | null {
  if (fromUsdMicros <= 0n || toUsdMicros <= 0n) return null;
  return { num: fromUsdMicros, den: toUsdMicros };
}

/**
 * Converts `amount` minor units of the source into minor units of the target, rounded DOWN: the member
 * receives at most what the rate gives, never a fraction of a unit the platform would have to invent.
 */
export function convert(amount: bigint, rate: Rate, fromDecimals: number, toDecimals: number): bigint {
  return divide(amount * rate.num * pow10(toDecimals), rate.den * pow10(fromDecimals), 'down');
}

/** The rate for display: 12 decimals, rounded down, trailing zeros kept off. */
export function rateText(rate: Rate): string {
  const scaled = divide(rate.num * pow10(12), rate.den, 'down');
  const digits = scaled.toString().padStart(13, '0');
  const whole = digits.slice(0, -12);
  const fraction = digits.slice(-12).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** USD micros of a balance: rounded down, a total never shows more than is there. */
export function usdMicrosOf(amount: bigint, decimals: number, usdMicrosPerCoin: bigint): bigint {
  return divide(amount * usdMicrosPerCoin, pow10(decimals), 'down');
}
