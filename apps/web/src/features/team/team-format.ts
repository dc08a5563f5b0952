import { intlLocale } from '../../shared/format';

/** A join date: the day only, in the member's language. */
export function joinDateText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(date);
}

/** A moment (the time leg counts are as of): day and time, in the member's language. */
export function dateTimeText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
