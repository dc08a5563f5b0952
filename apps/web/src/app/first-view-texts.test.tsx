import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localePart } from '../../vite-locale-parts';
import IntroPage from '../features/auth/IntroPage';
import LoginPage from '../features/auth/LoginPage';
import { ActivityBar } from '../features/shell/ActivityBar';
import { OfflineNotice, UpdatePrompt } from '../features/shell/AppStatus';
import { DelayedLoading } from '../shared/DelayedLoading';
import { renderPage } from '../test/render-page';
import { activity } from './activity';

// A new version waiting, so the update prompt draws its texts.
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    needRefresh: [true, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: async () => {},
  }),
}));

afterEach(() => {
  vi.restoreAllMocks();
});

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

    it('draws the frame around every page (request bar, offline and update notes) without a missing text', async () => {
      const { instance, missing } = firstViewOnly(lang, texts);
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const done = activity.start();
      try {
        renderWith(
          instance,
          '/pages/login/login',
          <>
            <ActivityBar />
            <OfflineNotice />
            <UpdatePrompt />
          </>,
        );
        await screen.findByTestId('update-prompt');
        screen.getByTestId('offline-notice');
        screen.getByTestId('activity-bar');
      } finally {
        done();
      }
      expect(missing).toEqual([]);
    });

    it('holds the texts a failed call shows before the rest has arrived', () => {
      const { instance } = firstViewOnly(lang, texts);
      // api.ts's own code when fetch fails, errorText's fallback, and api-reactions' 404 and 429 notes.
      for (const key of [
        'errors.NETWORK_ERROR',
        'errors.INTERNAL',
        'errors.RATE_LIMITED',
        'http.notFound',
        'http.tooManyRequests',
      ]) {
        expect(instance.exists(key), key).toBe(true);
      }
    });

    it('holds a small part of the language', () => {
      expect(Object.keys(texts).length).toBeLessThan(10);
    });
  },
);
