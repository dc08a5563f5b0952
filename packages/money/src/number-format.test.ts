import { describe, expect, it } from 'vitest';
import { formatAmount } from './format';
import { keptFormat, numberFormat } from './number-format';

describe('numberFormat', () => {
  it('keeps one formatter per locale and options', () => {
    expect(numberFormat('de', { maximumFractionDigits: 0 })).toBe(
      numberFormat('de', { maximumFractionDigits: 0 }),
    );
    expect(numberFormat('de', { maximumFractionDigits: 0 })).not.toBe(
      numberFormat('fr', { maximumFractionDigits: 0 }),
    );
    expect(numberFormat('de', { maximumFractionDigits: 0 })).not.toBe(
      numberFormat('de', { maximumFractionDigits: 1 }),
    );
  });

  it('keeps two kinds of formatter apart for the same locale and options', () => {
    const date = keptFormat('date', 'de', {}, () => new Intl.DateTimeFormat('de'));
    expect(date).toBeInstanceOf(Intl.DateTimeFormat);
    expect(numberFormat('de', {})).toBeInstanceOf(Intl.NumberFormat);
    expect(keptFormat('date', 'de', {}, () => new Intl.DateTimeFormat('de'))).toBe(date);
  });

  it('formats as a new formatter would', () => {
    const options = { notation: 'compact', maximumFractionDigits: 2 } as const;
    expect(numberFormat('de', options).format(1_834_000_000)).toBe(
      new Intl.NumberFormat('de', options).format(1_834_000_000),
    );
  });

  it('leaves amounts as they were, in each language, after other formats were kept', () => {
    numberFormat('de', { minimumFractionDigits: 1 });
    expect(formatAmount(-123456789n, 6, 'de')).toBe('-123,456789');
    expect(formatAmount(1234567890n, 2, 'fr')).toBe(`12\u202f345\u202f678,90`);
    expect(formatAmount(1234567890n, 2, 'en-US')).toBe('12,345,678.90');
  });
});
