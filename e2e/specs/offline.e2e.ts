import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';

// Issue 19, item 4: the app's service worker keeps the app shell. After a first load, a reload without a
// network still shows the app, which says it is offline.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('offline at %s size', (viewport) => {
  it('after a first load, a reload offline shows the shell with an offline note', async () => {
    const { context, page } = await newPerson(browser, viewport, { serviceWorker: true });
    await page.goto(url('/pages/login/login'));
    await page.getByLabel('Username or email').waitFor();
    // The worker is installed and active: the shell is in its cache.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });

    await context.setOffline(true);
    await page.reload();
    // index.html is never cached by the browser (no-cache): only the worker can have answered this reload.
    await page.getByTestId('offline-notice').waitFor();
    await page.getByLabel('Username or email').waitFor();
    await page.screenshot({ path: `/work/shots/web/${viewport}-offline.png` });
    expect(await page.getByTestId('offline-notice').textContent()).toContain('You are offline');
    await context.close();
  });
});
