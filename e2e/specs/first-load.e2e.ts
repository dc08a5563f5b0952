import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url } from '../src/browser';
import { logIn, registerViaApi } from '../src/members';

// Issue 19, item 2: on a cold load the login page's chunks are asked for beside the entry, not after it
// has downloaded and run (vite-route-preload.ts), and the brand mark shows before any script has run.
// The entry chunk is held back by the test until the page's chunk has been asked for: without the
// preload that request never comes and the login form never appears.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first load of a landing page', () => {
  it("asks for the login page's chunk before the entry has arrived, showing the brand mark meanwhile", async () => {
    const { context, page } = await newPerson(browser, 'phone');
    let pageChunkAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      pageChunkAsked = resolve;
    });
    page.on('request', (request) => {
      if (/\/assets\/LoginPage-[\w-]+\.js$/.test(request.url())) pageChunkAsked();
    });
    let entryHeld = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      entryHeld = true;
      await asked;
      await route.continue();
    });

    await page.goto(url('/pages/login/login'), { waitUntil: 'commit' });
    // Before the entry has run, index.html's own brand mark is on screen.
    await page.getByRole('img', { name: 'Nova Members' }).waitFor();
    await page.getByLabel('Username or email').waitFor();
    expect(entryHeld).toBe(true);
    await context.close();
  });

  it('names the entry in a handful of files, not one per set of importers', async () => {
    // §89: every module the entry loads statically comes in the entry's chunk (Rolldown's `$initial` group):
    // the entry, Rolldown's runtime, its CSS and the route preload script. Left to Rolldown's automatic
    // splitting it was 27 files, which a phone on slow 4G fetches in rounds of six.
    const html = await (await fetch(url('/'))).text();
    const assets = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
    expect(assets.size).toBeGreaterThan(0);
    expect(assets.size).toBeLessThanOrEqual(5);
  });

  it("starts a member's home in tasks split between its modules, breaking no rule of the page's policy", async () => {
    // §102: the entry and the schema chunks await between modules (vite-module-yields.ts), and zod is told
    // not to try `new Function`, which the Content-Security-Policy refuses (app/zod-jitless.ts).
    const { context, page } = await newPerson(browser, 'phone');
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { violations?: string[] }).violations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const member = await registerViaApi(context.request);
    await logIn(page, member.username, member.password);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const entry = await page.locator('script[type="module"][src*="/assets/index-"]').getAttribute('src');
    const entryCode = await (await fetch(new URL(entry ?? '', url('/')))).text();
    expect(entryCode).toContain('scheduler?.yield?.()');
    expect(await page.evaluate(() => (window as { violations?: string[] }).violations)).toEqual([]);
    await context.close();
  });
});
