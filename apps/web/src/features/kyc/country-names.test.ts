import { KycCountries } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { countryOptions, searchCountries } from './country-names';

describe('the KYC country list', () => {
  it('names every country in the language asked for, sorted by that name', () => {
    const english = countryOptions('en-US');
    expect(english).toHaveLength(KycCountries.length);
    expect(english.find((c) => c.code === 'MY')?.name).toBe('Malaysia');
    expect(countryOptions('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(countryOptions('zh-CN').find((c) => c.code === 'CN')?.name).toBe('中国');
    const names = english.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en-US').compare));
  });

  it('finds countries by part of the name, ignoring case and accents, or by the exact code', () => {
    const english = countryOptions('en-US');
    expect(searchCountries(english, 'MALA', 'en-US').map((c) => c.code)).toEqual(['GT', 'MW', 'MY']);
    expect(searchCountries(english, 'my', 'en-US').map((c) => c.code)).toContain('MY');
    const french = countryOptions('fr');
    expect(searchCountries(french, 'etats', 'fr').map((c) => c.code)).toContain('US');
    expect(searchCountries(english, '  ', 'en-US')).toHaveLength(KycCountries.length);
    expect(searchCountries(english, 'zzzz', 'en-US')).toEqual([]);
  });
});
