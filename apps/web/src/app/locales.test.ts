import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ErrorCodes, Languages } from '@app/contracts';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { personalMenu } from '../features/account/personal-menu';
import { loadLanguage } from './i18n';
import { locales } from './locales';
import { tabSets } from './tabs';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a locale file as `a.b.c` -> text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of flatten(value, name)) out.set(k, v);
  }
  return out;
}

const flat = Object.fromEntries(Languages.map((lang) => [lang, flatten(locales[lang] as Tree)]));
const english = flat['en-US'] as Map<string, string>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * A count's text is its key (the form for most numbers); a language whose plural rules have a singular
 * ('one': 1 in English and German, 0 and 1 in French) adds `<key>_one`, which i18next picks by `count`.
 * Chinese and Malay have no singular form, so they have no `_one` keys.
 */
const SINGULAR = '_one';
const hasSingular = (lang: string) =>
  new Intl.PluralRules(lang).resolvedOptions().pluralCategories.includes('one');
const keysOf = (lang: string) => [...(flat[lang]?.keys() ?? [])];

describe('locale files', () => {
  it.each(Languages.filter((lang) => lang !== 'en-US'))('%s has exactly the keys of en-US', (lang) => {
    const base = (keys: string[]) => keys.filter((key) => !key.endsWith(SINGULAR)).sort();
    expect(base(keysOf(lang))).toEqual(base(keysOf('en-US')));
  });

  it.each(Languages)(
    '%s has a singular form for each count exactly when its plural rules have one',
    (lang) => {
      const singulars = (l: string) =>
        keysOf(l)
          .filter((key) => key.endsWith(SINGULAR))
          .sort();
      expect(singulars('en-US').length).toBeGreaterThan(0);
      expect(singulars(lang)).toEqual(hasSingular(lang) ? singulars('en-US') : []);
      // Each singular sits beside the text it replaces for one.
      expect(singulars(lang).filter((key) => !flat[lang]?.has(key.slice(0, -SINGULAR.length)))).toEqual([]);
    },
  );

  it('picks the singular for one and the key itself for other counts', async () => {
    // Only the active language loads by itself; the others arrive through the same loader a switch uses.
    await Promise.all(Languages.map(loadLanguage));
    const say = (lang: string, count: number) => i18n.getFixedT(lang)('mining.checkout.done', { count });
    expect([say('en-US', 1), say('en-US', 2), say('en-US', 0)]).toEqual([
      'Bought 1 package.',
      'Bought 2 packages.',
      'Bought 0 packages.',
    ]);
    expect([say('fr', 0), say('fr', 1), say('fr', 2)]).toEqual([
      '0 offre achetée.',
      '1 offre achetée.',
      '2 offres achetées.',
    ]);
    expect([say('zh-CN', 1), say('de', 1)]).toEqual(['已购买 1 个套餐。', '1 Paket gekauft.']);
  });

  it.each(Languages)('%s has no empty text', (lang) => {
    const empty = [...(flat[lang] ?? [])].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(Languages)('%s keeps the placeholders of en-US', (lang) => {
    // Keys the language has (the tests above check which it must have: no singulars in Chinese or Malay).
    const mismatched = [...english].filter(([key, text]) => {
      if (!flat[lang]?.has(key)) return !key.endsWith(SINGULAR);
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      return names(text).join() !== names(flat[lang]?.get(key) ?? '').join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('translates every server error code and the codes of the shared schemas', () => {
    const needed = [...ErrorCodes, 'EMAIL_INVALID', 'MOBILE_INVALID', 'REQUIRED', 'NETWORK_ERROR', 'TIMEOUT'];
    expect(needed.filter((code) => !english.has(`errors.${code}`))).toEqual([]);
  });

  it('has the list texts and messages the spec fixes, word for word', () => {
    expect(english.get('list.pull')).toBe('Scroll Down');
    expect(english.get('list.refreshing')).toBe('Updating');
    expect(english.get('list.loading')).toBe('Loading ...');
    expect(english.get('list.end')).toBe('-- END --');
    expect(english.get('list.empty')).toBe('~ No Record ~');
    expect(english.get('errors.PASSWORD_MISMATCH')).toBe('Password did not match, Please re-enter again');
    expect(english.get('http.notFound')).toBe('error_code:404');
    expect(english.get('http.tooManyRequests')).toBe('Frequent request , Please try it again.');
  });

  it('names every tab of both label sets and every entry of the Me menu', () => {
    const tabKeys = [...tabSets.trade, ...tabSets.mining].map((tab) => `tabs.${tab.id}`);
    const menuKeys = personalMenu.flat().map((entry) => `personal.menu.${entry.id}`);
    expect([...tabKeys, ...menuKeys].filter((key) => !english.has(key))).toEqual([]);
  });

  it('has every key the code asks for by name', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g))
        used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(50);
    // A key named in full must exist as text (not as a group of keys) in the English file.
    expect([...used].filter((key) => !english.has(key))).toEqual([]);
  });
});
