import type { TLanguage } from '@app/contracts';
import { currentLanguage } from './i18n';

// Our language tags name the app's languages; Intl needs the locale of each ("bm" is Bambara to Intl).
const intlLocales: Record<TLanguage, string> = {
  'en-US': 'en-US',
  'zh-CN': 'zh-CN',
  'bm-MY': 'ms-MY',
  de: 'de-DE',
  fr: 'fr-FR',
};

/** The Intl locale of one of the app's languages. */
export function intlLocaleOf(lang: TLanguage): string {
  return intlLocales[lang];
}

/** The Intl locale of the language the member reads the app in. */
export function intlLocale(): string {
  return intlLocaleOf(currentLanguage());
}
