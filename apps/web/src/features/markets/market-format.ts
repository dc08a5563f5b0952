import type { TCandle } from '@app/contracts';
import { numberFormat } from '@app/money';

/** Digits after the point of a decimal string ("64250.50" -> 2). */
export function decimalsOf(value: string): number {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
}

/**
 * A price as the source states it, grouped for the reader's language. Formatted from the string itself
 * (Intl reads decimal strings exactly), so no digit is lost or invented.
 */
export function priceText(value: string, locale: string): string {
  const digits = decimalsOf(value);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value as Intl.StringNumericLiteral);
}

/** "+1.23 %" or "-0.40 %", the sign always shown, in the reader's language. */
export function changeText(percent: string, locale: string): string {
  return numberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(percent) / 100);
}

export type Trend = 'up' | 'down' | 'flat';

export function trendOf(percent: string): Trend {
  const value = Number(percent);
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/** A funding rate given as a fraction ("0.0001") as a percentage with four decimals ("0.0100 %"). */
export function fundingText(rate: string, locale: string): string {
  return numberFormat(locale, {
    style: 'percent',
    signDisplay: 'negative',
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(Number(rate));
}

/** A 24 h traded value, short ("1.8B"). */
export function volumeText(value: string, locale: string): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 }).format(Number(value));
}

const max = (a: string, b: string) => (Number(b) > Number(a) ? b : a);
const min = (a: string, b: string) => (Number(b) < Number(a) ? b : a);

/**
 * The chart's newest candle after a live price at `at`: the price closes the current candle (and may
 * stretch its high or low), or opens the next one once the interval has rolled over.
 */
export function applyTick(last: TCandle, price: string, at: number, intervalMs: number): TCandle {
  const start = Math.floor(at / intervalMs) * intervalMs;
  if (start < last.openTime) return last;
  if (start === last.openTime) {
    return { ...last, close: price, high: max(last.high, price), low: min(last.low, price) };
  }
  return {
    openTime: start,
    open: last.close,
    high: max(last.close, price),
    low: min(last.close, price),
    close: price,
    volume: '0',
  };
}
