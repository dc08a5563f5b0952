import { figureText } from '../../shared/amounts';
import { dateTimeFormat } from '../../shared/format';

/**
 * A quote-currency figure for a list: two decimals (`minPlaces`), rounded half away from zero, the sign kept,
 * in the member's locale. Tiny fees ("0.0005") keep four decimals to stay visible.
 */
export function amountText(value: string, minPlaces = 2, locale?: string): string {
  const [whole = '0', fraction = ''] = value.replace(/^-/, '').split('.');
  const tiny = whole === '0' && /^00/.test(fraction) && /[1-9]/.test(fraction);
  return figureText(value, tiny ? Math.max(4, minPlaces) : minPlaces, 'half-up', { locale });
}

/** Whether a figure is a gain, a loss or neither (for its colour). */
export const signOf = (value: string): 'up' | 'down' | 'flat' =>
  value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : 'flat';

/** A cycle's duration in parts; `long` when it ran a day or more (days shown, seconds not). */
export function durationParts(seconds: number): {
  long: boolean;
  d: number;
  h: number;
  m: number;
  s: number;
} {
  const m = Math.floor(seconds / 60);
  const d = Math.floor(m / 1440);
  return { long: d > 0, d, h: Math.floor((m % 1440) / 60), m: m % 60, s: seconds % 60 };
}

/** A moment in the reader's language and time zone. */
export const timeText = (iso: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
