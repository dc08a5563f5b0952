import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from './i18n';
import { warmIntl } from './warm-intl';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en-US');
});

// ICU's start for numbers and dates, each in a task of its own before the first page formats anything.
describe('warmIntl', () => {
  it('builds a number and a date formatter in the locale being started in, each in a task of its own', async () => {
    // A stored German whose texts are still loading: the page will format in German.
    const switching = setLanguage('de');
    const { NumberFormat, DateTimeFormat } = Intl;
    // Built for real (the task formats with them), and counted.
    const numberFormat = vi.fn(
      (...args: ConstructorParameters<typeof NumberFormat>) => new NumberFormat(...args),
    );
    const dateTimeFormat = vi.fn(
      (...args: ConstructorParameters<typeof DateTimeFormat>) => new DateTimeFormat(...args),
    );
    // biome-ignore lint/complexity/useArrowFunction: the code calls it with `new`, which an arrow refuses
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      return numberFormat(...args);
    } as typeof NumberFormat);
    // biome-ignore lint/complexity/useArrowFunction: the code calls it with `new`, which an arrow refuses
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      return dateTimeFormat(...args);
    } as typeof DateTimeFormat);
    const tasks: (() => void)[] = [];
    warmIntl((task) => tasks.push(task));
    // Nothing runs in the caller's task (the entry's evaluation).
    expect(tasks).toHaveLength(2);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
    tasks[0]?.();
    expect(numberFormat).toHaveBeenCalledWith('de-DE');
    expect(dateTimeFormat).not.toHaveBeenCalled();
    tasks[1]?.();
    expect(dateTimeFormat).toHaveBeenCalledWith('de-DE', { dateStyle: 'medium' });
    await switching;
  });
});
