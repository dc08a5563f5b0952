import { assertDecimals } from './currency';
import { numberFormat } from './number-format';

/** The canonical decimal string of an amount, for JSON: every decimal written, "-" for negatives. */
export function toDecimalString(minor: bigint, decimals: number): string {
  assertDecimals(decimals);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

export interface FormatOptions {
  /** Fraction digits always shown (zeros kept up to here). Default: 2, or the currency's decimals if fewer. */
  minimumFractionDigits?: number;
  /**
   * Fraction digits shown at most. Default: all the currency has. Digits beyond are cut, never rounded
   * up: a balance on screen must never show more than the member has.
   */
  maximumFractionDigits?: number;
}

/**
 * An amount for display, in the locale's digits and separators (Intl.NumberFormat). No float is ever
 * involved: the whole part is formatted as a bigint, the fraction digits are written as they are (in the
 * locale's digits), and both are put into the locale's pattern for a number of that sign. This does not
 * depend on the engine formatting decimal strings exactly, which older browsers do not.
 */
export function formatAmount(
  minor: bigint,
  decimals: number,
  locale = 'en-US',
  options: FormatOptions = {},
): string {
  assertDecimals(decimals);
  const maxDigits = Math.min(options.maximumFractionDigits ?? decimals, decimals);
  const minDigits = Math.min(options.minimumFractionDigits ?? Math.min(2, decimals), maxDigits);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const scale = 10n ** BigInt(decimals);
  const whole = absolute / scale;
  // Truncate to maxDigits, then drop trailing zeros down to minDigits.
  let fraction = (absolute % scale).toString().padStart(decimals, '0').slice(0, maxDigits);
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // "-0.000000" after truncation would be a negative zero on screen; show it without the sign.
  const signed = negative && (whole > 0n || /[1-9]/.test(fraction));

  const integerFormat = numberFormat(locale, { maximumFractionDigits: 0 });
  const integerText = integerFormat
    .formatToParts(whole)
    .filter((p) => p.type === 'integer' || p.type === 'group')
    .map((p) => p.value)
    .join('');
  const fractionText =
    fraction.length === 0
      ? ''
      : numberFormat(locale, { useGrouping: false, minimumIntegerDigits: fraction.length }).format(
          BigInt(fraction),
        );
  // A template number of the same sign gives the locale's order of sign, digits and separators.
  const template = numberFormat(locale, { minimumFractionDigits: 1 }).formatToParts(signed ? -1.5 : 1.5);
  let out = '';
  for (const part of template) {
    if (part.type === 'integer') out += integerText;
    else if (part.type === 'fraction') out += fractionText;
    else if (part.type === 'decimal') out += fractionText ? part.value : '';
    else out += part.value;
  }
  return out;
}
