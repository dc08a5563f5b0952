import { intlLocale } from '../../shared/format';

/** A publication date as the member's locale writes it (no time: news is dated by the day). */
export function dayText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(date);
}
