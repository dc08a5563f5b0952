import { assertDecimals, MAX_AMOUNT_DIGITS } from './currency';

export type AmountErrorCode =
  | 'AMOUNT_INVALID'
  | 'AMOUNT_TOO_PRECISE'
  | 'AMOUNT_NOT_POSITIVE'
  | 'AMOUNT_TOO_LARGE';

export type ParseResult = { ok: true; value: bigint } | { ok: false; error: AmountErrorCode };

// Plain decimal notation only: digits, optionally a point and more digits. No sign, no exponent, no
// grouping separators, no leading or trailing point: what a member typed is either exactly this or refused.
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const NEGATIVE = /^-(\d+)(?:\.(\d+))?$/;
// Long enough for 38 digits, a point and 18 decimals with a few leading zeros; anything longer is
// refused before any work is done on it.
const MAX_TEXT = 80;

/**
 * Parses a decimal string such as "20.5" straight into minor units ("20.5" with 6 decimals is 20500000n).
 * Text never passes through a JS number, so no value is ever rounded on the way in. More fraction digits
 * than the currency has are refused (AMOUNT_TOO_PRECISE), even trailing zeros: one rule, no guessing.
 */
export function parseAmount(text: string, decimals: number): ParseResult {
  assertDecimals(decimals);
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_TEXT) return { ok: false, error: 'AMOUNT_INVALID' };
  if (NEGATIVE.test(trimmed)) return { ok: false, error: 'AMOUNT_NOT_POSITIVE' };
  const match = DECIMAL.exec(trimmed);
  if (!match) return { ok: false, error: 'AMOUNT_INVALID' };
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return { ok: false, error: 'AMOUNT_TOO_PRECISE' };
  const digits = `${whole}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (digits.length === 0) return { ok: false, error: 'AMOUNT_NOT_POSITIVE' };
  if (digits.length > MAX_AMOUNT_DIGITS) return { ok: false, error: 'AMOUNT_TOO_LARGE' };
  return { ok: true, value: BigInt(digits) };
}

/** parseAmount for trusted text (configuration, seeds, tests): throws instead of returning the error. */
export function parseAmountOrThrow(text: string, decimals: number): bigint {
  const parsed = parseAmount(text, decimals);
  if (!parsed.ok) throw new RangeError(`${parsed.error}: "${text}" with ${decimals} decimals`);
  return parsed.value;
}
