import { formatAmount } from '@app/money';
import { intlLocale } from '../wallet/format';

/** Most decimals we carry: the contracts allow 18 in what a member types. */
const MAX_DECIMALS = 18;

interface Scaled {
  value: bigint;
  decimals: number;
}

/** An exchange's decimal string ("64250.5", "-3.10") as an integer and its scale; null if it is not one. */
export function scaled(text: string | null | undefined): Scaled | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec((text ?? '').trim());
  if (!match) return null;
  const [, sign = '', whole = '0', rawFraction = ''] = match;
  const fraction = rawFraction.slice(0, MAX_DECIMALS);
  const value = BigInt(`${whole}${fraction}` || '0');
  return { value: sign ? -value : value, decimals: fraction.length };
}

/** An exchange's decimal for display in the member's locale, with the decimals it was written with. */
export function decimalText(text: string | null | undefined, minimumFractionDigits = 0): string {
  if (text === null || text === undefined || text === '') return '—';
  const s = scaled(text);
  if (!s) return text;
  return formatAmount(s.value, s.decimals, intlLocale(), { minimumFractionDigits });
}

/** a × b of two decimal strings, exactly; null when either is not a decimal. */
export function multiply(a: string | null | undefined, b: string | null | undefined): Scaled | null {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) return null;
  return { value: x.value * y.value, decimals: x.decimals + y.decimals };
}

/** a + b, or a − b, of two decimal strings, exactly; null when either is not a decimal. */
export function addDecimals(
  a: string | null | undefined,
  b: string | null | undefined,
  subtract = false,
): Scaled | null {
  const x = scaled(a);
  const y = scaled(b);
  if (!x || !y) return null;
  const decimals = Math.max(x.decimals, y.decimals);
  const at = (s: Scaled) => s.value * 10n ** BigInt(decimals - s.decimals);
  return { value: at(x) + (subtract ? -at(y) : at(y)), decimals };
}

/** A product for display, cut (never rounded up) to `maximumFractionDigits`. */
export function scaledText(s: Scaled | null, maximumFractionDigits = 2): string {
  if (!s) return '—';
  // formatAmount takes at most 18 decimals: cut the rest (toward zero) first.
  const extra = Math.max(0, s.decimals - MAX_DECIMALS);
  const value = s.value / 10n ** BigInt(extra);
  return formatAmount(value, s.decimals - extra, intlLocale(), {
    minimumFractionDigits: Math.min(2, s.decimals - extra),
    maximumFractionDigits,
  });
}

/** The sign of a decimal string: -1, 0 or 1 (0 also when it is not a decimal). */
export function signOf(text: string | null | undefined): -1 | 0 | 1 {
  const s = scaled(text);
  if (!s || s.value === 0n) return 0;
  return s.value < 0n ? -1 : 1;
}
