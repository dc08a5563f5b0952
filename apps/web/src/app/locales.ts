import type { TLanguage } from '@app/contracts';
import bm from '../../locales/bm-MY.json';
import de from '../../locales/de.json';
import en from '../../locales/en-US.json';
import fr from '../../locales/fr.json';
import zh from '../../locales/zh-CN.json';

/**
 * Every language has the texts of English, key for key, except a count's singular (`<key>_one`), which only
 * languages whose plural rules have one need (not Chinese or Malay); i18next picks it by `count`.
 */
type Locale<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : Locale<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

/**
 * All five locale files at once, for the type check above and for tests. The app never imports this
 * module: it loads only the active language (app/i18n.ts), so the other four stay out of the first load.
 */
export const locales: Record<TLanguage, Locale<typeof en>> = {
  'en-US': en,
  'zh-CN': zh,
  'bm-MY': bm,
  de,
  fr,
};
