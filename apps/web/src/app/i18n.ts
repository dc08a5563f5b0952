import { DefaultLanguage, Languages, type TLanguage } from '@app/contracts';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en-US.json?texts=first';
import { readItem, StorageKeys, writeItem } from './storage';

type AntdLocale = typeof enUS;
type OtherLanguage = Exclude<TLanguage, 'en-US'>;
type Texts = { default: Record<string, unknown> };

/**
 * English, the fallback, is in the entry, and of it only the first view's sections (first-view-texts.ts,
 * vite-locale-parts.ts); every other language (its texts and antd-mobile's) is its own chunk, fetched
 * only when it is chosen: the first load carries one language, not five, and of it what the first view
 * shows.
 */
const loaders: Record<OtherLanguage, () => Promise<[Texts, { default: AntdLocale }]>> = {
  'zh-CN': () =>
    Promise.all([import('../../locales/zh-CN.json?texts=first'), import('antd-mobile/es/locales/zh-CN')]),
  'bm-MY': () =>
    Promise.all([import('../../locales/bm-MY.json?texts=first'), import('antd-mobile/es/locales/ms-MY')]),
  de: () =>
    Promise.all([import('../../locales/de.json?texts=first'), import('antd-mobile/es/locales/de-DE')]),
  fr: () =>
    Promise.all([import('../../locales/fr.json?texts=first'), import('antd-mobile/es/locales/fr-FR')]),
};
/** The rest of each language's texts: every section the first view does not show. */
const restLoaders: Record<TLanguage, () => Promise<Texts>> = {
  'en-US': () => import('../../locales/en-US.json?texts=rest'),
  'zh-CN': () => import('../../locales/zh-CN.json?texts=rest'),
  'bm-MY': () => import('../../locales/bm-MY.json?texts=rest'),
  de: () => import('../../locales/de.json?texts=rest'),
  fr: () => import('../../locales/fr.json?texts=rest'),
};
/** Languages whose rest has been added, and the loads under way. */
const restLoads = new Map<TLanguage, Promise<void>>();
/** Once something asked for all texts, a language switch brings all of the new language's too. */
let allTextsWanted = false;

function loadRest(lang: TLanguage): Promise<void> {
  let load = restLoads.get(lang);
  if (!load) {
    load = restLoaders[lang]().then((texts) => {
      i18n.addResourceBundle(lang, 'translation', texts.default, true, false);
    });
    // A failed chunk (offline) may be fetched again by the next page that asks.
    load.catch(() => restLoads.delete(lang));
    restLoads.set(lang, load);
  }
  return load;
}

/**
 * Resolves once every text of the language in use is there (and from then on of any language switched to).
 * Every page but the first view's waits for it (lazy-page.tsx), and so does anything that shows a text of
 * another section (a server error's, after a submit).
 */
export function allTextsReady(): Promise<void> {
  allTextsWanted = true;
  return loadRest(requested);
}

/** antd-mobile's own texts (pickers, dialogs) per language loaded so far. */
const antdLocales: Partial<Record<TLanguage, AntdLocale>> = { 'en-US': enUS };

export function antdLocaleOf(lang: TLanguage): AntdLocale {
  return antdLocales[lang] ?? enUS;
}

/**
 * Fetches a language's texts and antd-mobile locale once: the first view's sections, and the rest too once
 * anything has asked for all texts (`allTextsReady`). English's first view is always there.
 */
export async function loadLanguage(lang: TLanguage): Promise<void> {
  await Promise.all([loadFirstView(lang), allTextsWanted ? loadRest(lang) : undefined]);
}

async function loadFirstView(lang: TLanguage): Promise<void> {
  if (lang === 'en-US' || antdLocales[lang]) return;
  const [texts, antd] = await loaders[lang]();
  i18n.addResourceBundle(lang, 'translation', texts.default, true, false);
  antdLocales[lang] = antd.default;
}

/** Each language under its own name, the same in every locale: people look for their language by it. */
export const languageNames: Record<TLanguage, string> = {
  'en-US': 'English',
  'zh-CN': '中文',
  'bm-MY': 'Bahasa Melayu',
  de: 'Deutsch',
  fr: 'Français',
};

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
  setDefaultConfig({ locale: antdLocaleOf(lang) });
}

const initial = storedLanguage();
/** The language being switched to: calls made while its texts load already ask the server in it. */
let requested: TLanguage = initial;
void i18n.use(initReactI18next).init({
  resources: { [DefaultLanguage]: { translation: en } },
  lng: DefaultLanguage,
  fallbackLng: DefaultLanguage,
  supportedLngs: [...Languages],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyToPage(DefaultLanguage);

/** Resolves once the stored language is loaded and on: the app renders after it, so it never flashes English. */
export const languageReady: Promise<void> = switchTo(initial).catch(() => {
  // Offline or a failed chunk: English, the fallback, is already there.
});

async function switchTo(lang: TLanguage): Promise<void> {
  requested = lang;
  await loadLanguage(lang);
  applyToPage(lang);
  await i18n.changeLanguage(lang);
}

/**
 * The language the server should write its texts in (Accept-Language). At start this is the stored one,
 * before its texts have loaded: the home page's reads go out then (issue 19) and must not come back in
 * English for a German member.
 */
export function requestLanguage(): TLanguage {
  return requested;
}

export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : DefaultLanguage;
}

/** Loads the language if it is new, switches to it and persists the choice under `lang`. */
export async function setLanguage(lang: TLanguage): Promise<void> {
  writeItem(StorageKeys.lang, lang);
  await switchTo(lang);
}

export { i18n };
