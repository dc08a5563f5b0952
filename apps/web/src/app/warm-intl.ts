import { requestLanguage } from './i18n';
import { intlLocaleOf } from './intl-locale';

/**
 * The first number and the first date formatter a page builds start ICU's data for them: 70-150 ms and
 * about 20 ms at Lighthouse's 4x CPU, then 0.1 ms for the next. Inside the render of a member's first page
 * (the home page's prices and amounts) that was part of its longest task (issue 19, decision 101). Built
 * here, each in a task of its own, while the start waits for its chunks and answers, the render finds
 * ICU ready. A visitor's first view formats no numbers and is not asked to pay for it. The locale is the
 * one the app is starting in (`requestLanguage`): a stored German is not on yet while its texts load, and
 * the page will format in it.
 */
export function warmIntl(schedule: (task: () => void) => void = (task) => setTimeout(task)): void {
  const locale = intlLocaleOf(requestLanguage());
  schedule(() => new Intl.NumberFormat(locale).format(1));
  schedule(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0));
}
