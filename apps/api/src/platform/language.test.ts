import { describe, expect, it } from 'vitest';
import { languageOfHeader } from './language';

describe('languageOfHeader', () => {
  it('reads the language the web sends', () => {
    expect(languageOfHeader('de')).toBe('de');
    expect(languageOfHeader('zh-CN')).toBe('zh-CN');
    expect(languageOfHeader('bm-MY')).toBe('bm-MY');
  });

  it('honours q-values and bare tags', () => {
    expect(languageOfHeader('es;q=1, fr;q=0.5, de;q=0.4')).toBe('fr');
    expect(languageOfHeader('zh;q=0.9')).toBe('zh-CN');
  });

  it('is English for nothing, nonsense or an unknown language', () => {
    expect(languageOfHeader(undefined)).toBe('en-US');
    expect(languageOfHeader('')).toBe('en-US');
    expect(languageOfHeader('xx-YY')).toBe('en-US');
    expect(languageOfHeader(';;;=,')).toBe('en-US');
  });
});
