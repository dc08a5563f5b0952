import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_VIEW_TEXTS } from './src/app/first-view-texts';

const PREFIX = '\0locale-part:';
const PART = /^(.+\.json)\?texts=(first|rest)$/;

/** The sections of a locale file in one part: the first view's (first-view-texts.ts) or all the others. */
export function localePart(texts: Record<string, unknown>, part: 'first' | 'rest'): Record<string, unknown> {
  const first = new Set(FIRST_VIEW_TEXTS);
  return Object.fromEntries(
    Object.entries(texts).filter(([section]) => first.has(section) === (part === 'first')),
  );
}

/**
 * `import texts from '../../locales/de.json?texts=first'` (or `=rest`): one part of a locale file, so the
 * entry carries the first view's texts and not the whole language (issue 19, §92). Translators still edit
 * one file per language. The part is a module of its own (a virtual id, which Vite's JSON plugin leaves
 * alone), written as `JSON.parse` of a string: parsed faster than an object literal.
 */
export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART.exec(source);
      if (!match?.[1]) return null;
      const file = importer ? path.resolve(path.dirname(importer), match[1]) : path.resolve(match[1]);
      return `${PREFIX}${file}?texts=${match[2]}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const match = PART.exec(id.slice(PREFIX.length));
      if (!match?.[1]) return null;
      this.addWatchFile(match[1]);
      const texts = JSON.parse(readFileSync(match[1], 'utf8')) as Record<string, unknown>;
      const part = localePart(texts, match[2] as 'first' | 'rest');
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
