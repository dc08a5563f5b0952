import { intlLocale } from './intl-locale';

/**
 * The first number and the first date formatter a page builds start ICU's data for them: 70-150 ms and
 * about 20 ms at Lighthouse's 4x CPU, then 0.1 ms for the next. Inside the render of a member's first page
 * (the home page's prices and amounts) that was part of its longest task (issue 19, decision 101). Built
 * here, each in a task of its own, while the start waits for its chunks and answers, the render finds
 * ICU ready. A visitor's first view formats no numbers and is not asked to pay for it.
 */
export function warmIntl(schedule: (task: () => void) => void = (task) => setTimeout(task)): void {
  schedule(() => new Intl.NumberFormat(intlLocale()).format(1));
  schedule(() => new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' }).format(0));
}
