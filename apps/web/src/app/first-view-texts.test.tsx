import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { localePart } from '../../vite-locale-parts';
import IntroPage from '../features/auth/IntroPage';
import LoginPage from '../features/auth/LoginPage';
import { DelayedLoading } from '../shared/DelayedLoading';
import { renderPage } from '../test/render-page';

/** An i18next holding only the entry's texts (first-view-texts.ts), noting every key it lacks. */
function firstViewOnly(lang: string, texts: Record<string, unknown>): { instance: I18n; missing: string[] } {
  const missing: string[] = [];
  const instance = i18next.createInstance();
  void instance.init({
    resources: { [lang]: { translation: texts } },
    lng: lang,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => missing.push(key),
  });
  return { instance, missing };
}

function renderWith(instance: I18n, path: string, page: ReactElement) {
  renderPage(path, path, <I18nextProvider i18n={instance}>{page}</I18nextProvider>);
}

/** The entry's part, from the file (the app's module object has had the rest added to it by now). */
function firstPartOf(lang: string): Record<string, unknown> {
  const file = path.join(import.meta.dirname, '../../locales', `${lang}.json`);
  return localePart(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>, 'first');
}

describe.each(['en-US', 'de', 'fr', 'zh-CN', 'bm-MY'])(
  'the first view with the entry texts alone (%s)',
  (lang) => {
    const texts = firstPartOf(lang);
    it('draws the login page without a missing text', async () => {
      const { instance, missing } = firstViewOnly(lang, texts);
      renderWith(instance, '/pages/login/login', <LoginPage />);
      await screen.findAllByRole('button');
      expect(missing).toEqual([]);
    });

    it('draws the intro page and the loading view without a missing text', async () => {
      const { instance, missing } = firstViewOnly(lang, texts);
      renderWith(
        instance,
        '/pages/Intro',
        <>
          <IntroPage />
          <DelayedLoading delayMs={0} />
        </>,
      );
      await screen.findAllByRole('button');
      expect(missing).toEqual([]);
    });

    it('holds a small part of the language', () => {
      expect(Object.keys(texts).length).toBeLessThan(10);
    });
  },
);
