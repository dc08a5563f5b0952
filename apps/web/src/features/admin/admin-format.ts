import { formatAmount, parseAmount } from '@app/money';
import { currentLanguage } from '../../app/i18n';
import { dateTimeFormat } from '../../shared/format';

/** The language for Intl: our Malay is `bm-MY`, which Intl knows as `ms-MY`. */
export function intlLocale(lang: string = currentLanguage()): string {
  return lang === 'bm-MY' ? 'ms-MY' : lang;
}

/** A time in the admin's language: `short` in table cells, `medium` in receipts. */
export function formatDateTime(iso: string, dateStyle: 'short' | 'medium' = 'medium', lang?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(intlLocale(lang), { dateStyle, timeStyle: 'short' }).format(date);
}

const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount from the server ("20.500000": every decimal of its currency) for display in the locale's
 * digits. The text goes straight to minor units as a bigint, never through a float.
 */
export function displayAmount(text: string, lang?: string): string {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const minor = BigInt(`${whole}${fraction}`) * (sign ? -1n : 1n);
  return formatAmount(minor, fraction.length, intlLocale(lang));
}

/**
 * What a typed amount is wrong with for a currency of `decimals` (an `errors.` code), or null when it is
 * a valid positive amount. parseAmount from @app/money: the rules the server applies.
 */
export function amountIssue(text: string, decimals: number | undefined): string | null {
  if (decimals === undefined) return null;
  const parsed = parseAmount(text, decimals);
  return parsed.ok ? null : parsed.error;
}

/** A typed amount as the admin will see it confirmed ("1,000.5"); the text itself when it does not parse. */
export function displayTyped(text: string, decimals: number | undefined, lang?: string): string {
  if (decimals === undefined) return text.trim();
  const parsed = parseAmount(text, decimals);
  return parsed.ok ? formatAmount(parsed.value, decimals, intlLocale(lang)) : text.trim();
}

/** Usernames typed one a line or separated by commas (or spaces), each once whatever its case. */
export function splitUsernames(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of text.split(/[\s,;]+/)) {
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** A long hash or address shortened in the middle; the full text goes in a title or a copy. */
export function shortText(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** An audit entry's detail on one line. */
export function compactJson(value: unknown): string {
  const text = JSON.stringify(value);
  return text === '{}' || text === undefined ? '' : text;
}
