import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_VIEW_TEXTS } from './src/app/first-view-texts';

const PREFIX = '\0locale-part:';
const PART = /^(.+\.json)\?texts=(first|rest)$/;

type Texts = Record<string, unknown>;

/**
 * One part of a locale file: the first view's texts (first-view-texts.ts: whole sections, or single
 * `section.key` texts) or everything else. A section split between the parts is whole again once the rest
 * is added (i18next merges bundles deeply).
 */
export function localePart(texts: Texts, part: 'first' | 'rest'): Texts {
  const first: Texts = {};
  const rest: Texts = structuredClone(texts);
  for (const name of FIRST_VIEW_TEXTS) {
    const [section = '', key] = name.split('.');
    if (!(section in rest)) continue;
    if (key === undefined) {
      first[section] = rest[section];
      delete rest[section];
      continue;
    }
    const from = rest[section] as Texts;
    if (!(key in from)) continue;
    first[section] = { ...(first[section] as Texts | undefined), [key]: from[key] };
    delete from[key];
  }
  return part === 'first' ? first : rest;
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
    resolveId(source, importer) {
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
