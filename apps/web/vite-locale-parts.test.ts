import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_TEXTS } from './src/app/first-view-texts';
import { localePart } from './vite-locale-parts';

describe('locale parts', () => {
  it.each(['en-US', 'de', 'fr', 'zh-CN', 'bm-MY'])(
    'splits %s into the first view and the rest, nothing lost',
    (lang) => {
      const texts = JSON.parse(
        readFileSync(path.join(import.meta.dirname, 'locales', `${lang}.json`), 'utf8'),
      ) as Record<string, unknown>;
      const first = localePart(texts, 'first');
      const rest = localePart(texts, 'rest');
      expect(Object.keys(first).sort()).toEqual([...FIRST_VIEW_TEXTS].sort());
      expect({ ...first, ...rest }).toEqual(texts);
      expect(Object.keys(first).some((section) => section in rest)).toBe(false);
    },
  );
});
