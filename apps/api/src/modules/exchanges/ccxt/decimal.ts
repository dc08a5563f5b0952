/**
 * Exact arithmetic on the decimal strings exchanges use for prices and amounts ("0.001", "64250.5").
 * Values are scaled integers (bigint) at a fixed scale of 18 digits, far beyond any exchange's step, so
 * comparing a request with a market's tick or step never goes through a float.
 */

const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const DECIMAL = /^-?\d+(\.\d+)?$/;

export type Dec = bigint;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Digits after the point, trailing zeros ignored ("0.0100" has 2). */
export function decimalPlaces(text: string): number {
  const fraction = text.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

export function dec(text: string): Dec {
  if (!isDecimal(text)) throw new Error(`not a decimal: ${text}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  if (decimalPlaces(text) > SCALE) throw new Error(`more than ${SCALE} decimals: ${text}`);
  const value = BigInt(whole) * ONE + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
  return negative ? -value : value;
}

export function str(value: Dec): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / ONE;
  const fraction = (abs % ONE).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Product, truncated toward zero at 18 decimals (far below every step, so never visible). */
export function mul(a: Dec, b: Dec): Dec {
  return (a * b) / ONE;
}

/** Quotient, truncated toward zero at 18 decimals. */
export function div(a: Dec, b: Dec): Dec {
  return (a * ONE) / b;
}

export function isMultipleOf(value: Dec, step: Dec): boolean {
  return step === 0n || value % step === 0n;
}

export function min(a: Dec, b: Dec): Dec {
  return a < b ? a : b;
}

export const ZERO: Dec = 0n;
