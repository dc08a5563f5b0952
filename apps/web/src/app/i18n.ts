import { DefaultLanguage, Languages, type TLanguage } from '@app/contracts';
import { setDefaultConfig } from 'antd-mobile';
import deDE from 'antd-mobile/es/locales/de-DE';
import enUS from 'antd-mobile/es/locales/en-US';
import frFR from 'antd-mobile/es/locales/fr-FR';
import msMY from 'antd-mobile/es/locales/ms-MY';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import bm from '../../locales/bm-MY.json';
import de from '../../locales/de.json';
import en from '../../locales/en-US.json';
import fr from '../../locales/fr.json';
import zh from '../../locales/zh-CN.json';
import { readItem, StorageKeys, writeItem } from './storage';

/**
 * Every language has the texts of English, key for key, except a count's singular (`<key>_one`), which only
 * languages whose plural rules have one need (not Chinese or Malay); i18next picks it by `count`.
 */
type Locale<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string ? string : Locale<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };

export const locales: Record<TLanguage, Locale<typeof en>> = {
  'en-US': en,
  'zh-CN': zh,
  'bm-MY': bm,
  de,
  fr,
};

/** Each language under its own name, the same in every locale: people look for their language by it. */
export const languageNames: Record<TLanguage, string> = {
  'en-US': 'English',
  'zh-CN': '中文',
  'bm-MY': 'Bahasa Melayu',
  de: 'Deutsch',
  fr: 'Français',
};

/** antd-mobile's own texts (pickers, dialogs) in the same language. */
export const antdLocales = { 'en-US': enUS, 'zh-CN': zhCN, 'bm-MY': msMY, de: deDE, fr: frFR } as const;

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}

function storedLanguage(): TLanguage {
  const stored = readItem(StorageKeys.lang);
  return isLanguage(stored) ? stored : DefaultLanguage;
}

function applyToPage(lang: TLanguage): void {
  document.documentElement.lang = lang;
  // Dialog and Toast opened imperatively render outside the ConfigProvider: they read this default.
  setDefaultConfig({ locale: antdLocales[lang] });
}

const initial = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(locales).map(([lang, translation]) => [lang, { translation }]),
  ),
  lng: initial,
  fallbackLng: DefaultLanguage,
  supportedLngs: [...Languages],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyToPage(initial);

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DefaultLanguage;
}

/** Switches at once and persists the choice under `lang`. */
export async function setLanguage(lang: TLanguage): Promise<void> {
  writeItem(StorageKeys.lang, lang);
  applyToPage(lang);
  await i18n.changeLanguage(lang);
}

export { i18n };
