import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_TEXTS } from './src/app/first-view-texts';
import { localePart } from './vite-locale-parts';

type Texts = Record<string, unknown>;

/** Every text by its dotted key. */
function flat(texts: Texts, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]) =>
      value !== null && typeof value === 'object'
        ? Object.entries(flat(value as Texts, `${prefix}${key}.`))
        : [[`${prefix}${key}`, value]],
    ),
  );
}

describe('locale parts', () => {
  it.each(['en-US', 'de', 'fr', 'zh-CN', 'bm-MY'])(
    'splits %s into the first view and the rest, nothing lost, nothing twice',
    (lang) => {
      const texts = JSON.parse(
        readFileSync(path.join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8'),
      ) as Texts;
      const first = flat(localePart(texts, 'first'));
      const rest = flat(localePart(texts, 'rest'));
      for (const name of FIRST_VIEW_TEXTS) {
        expect(Object.keys(first).some((key) => key === name || key.startsWith(`${name}.`))).toBe(true);
      }
      expect(Object.keys(first).some((key) => key in rest)).toBe(false);
      expect({ ...first, ...rest }).toEqual(flat(texts));
    },
  );

  it('leaves the file it splits as it was', () => {
    const texts = { errors: { INTERNAL: 'x', OTHER: 'y' }, login: { title: 't' } };
    localePart(texts, 'rest');
    expect(texts).toEqual({ errors: { INTERNAL: 'x', OTHER: 'y' }, login: { title: 't' } });
    expect(localePart(texts, 'first')).toEqual({ errors: { INTERNAL: 'x' }, login: { title: 't' } });
    expect(localePart(texts, 'rest')).toEqual({ errors: { OTHER: 'y' } });
  });
});
