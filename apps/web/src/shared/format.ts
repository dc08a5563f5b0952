import { keptFormat } from '@app/money';
import { intlLocale } from '../app/intl-locale';

export { intlLocale };

/** One `Intl.DateTimeFormat` per locale and options, kept (lists format a date per row and render, §86). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return keptFormat('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** A server timestamp as the member's locale writes a date and time. */
export function dateTimeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A day (a publication or join date) as the member's locale writes it, without the time. */
export function dayText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(date);
}
