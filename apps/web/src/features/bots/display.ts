import { figureText } from '../../shared/amounts';

/** Bots trade USDT-margined markets and USDT spot pairs: every order value is in USDT. */
export const QUOTE = 'USDT';

/**
 * A capital figure for display, in the member's locale: at most two decimals, rounded up (the member never
 * sees less than is needed).
 */
export function capitalText(value: string, locale?: string): string {
  const decimals = value.split('.')[1]?.length ?? 0;
  return figureText(value, Math.min(decimals, 2), 'up', { locale });
}

/** A price or profit for display, in the member's locale: cut (not rounded) to `places` decimals, sign kept. */
export function decimalText(value: string, places = 2, locale?: string): string {
  return figureText(value, places, 'down', { minimumFractionDigits: 0, locale });
}
