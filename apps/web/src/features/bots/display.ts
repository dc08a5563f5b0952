/** Bots trade USDT-margined markets and USDT spot pairs: every order value is in USDT. */
export const QUOTE = 'USDT';

/**
 * A capital figure for display: at most two decimals, rounded up (the member never sees less than is needed).
 * Decimal strings stay strings; no float is involved.
 */
export function capitalText(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length <= 2) return fraction ? `${whole}.${fraction}` : whole;
  const cents =
    BigInt(whole) * 100n + BigInt(fraction.slice(0, 2)) + (/[1-9]/.test(fraction.slice(2)) ? 1n : 0n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** A price or profit for display: cut (not rounded) to `places` decimals, sign kept; strings only. */
export function decimalText(value: string, places = 2): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const cut = fraction.slice(0, places).replace(/0+$/, '');
  const text = cut ? `${whole}.${cut}` : whole;
  return text === '-0' ? '0' : text;
}
