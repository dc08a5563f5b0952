import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Every screen of the foundation, opened as a visitor or a member would, at both sizes. Each must render
// its own heading without an error modal; the pictures land in e2e/artifacts/screens for people to look at.
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

// [file name, route, the heading that proves the page itself rendered (not the one before it)]
const publicScreens = [
  ['intro', '/pages/Intro', 'Trading bots'],
  ['login', '/pages/login/login', 'Log in'],
  ['register', '/pages/register/register', 'Sign up'],
  ['forgot', '/pages/forgotpassword/forgotpassword1', 'Reset password'],
] as const;
const memberScreens = [
  ['home', '/pages/home/home', 'Shortcuts'],
  ['personal', '/pages/personal/personal', 'Me'],
  ['sessions', '/pages/personal/AccountSetting', 'Signed-in devices'],
  ['security-activity', '/pages/personal/security-activity', 'Security activity'],
  ['login-password', '/pages/personal/LoginPassword', 'Login password'],
  // The demo members start with a transaction password (Pay12345), so the page offers to change it.
  ['transaction-password', '/pages/personal/TransactionPassword', 'Change transaction password'],
  ['language', '/pages/personal/lang', 'Language'],
  ['about', '/pages/personal/AboutUs', 'About us'],
  ['markets', '/pages/home/market', 'Markets'],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('screens at %s size', (viewport) => {
  it('renders every public and member screen without an error', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    for (const [name, route, heading] of publicScreens) {
      await page.goto(url(route));
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`) });
    }
    await logIn(page, 'alice01', DEMO_PASSWORD);
    for (const [name, route, heading] of memberScreens) {
      await page.goto(url(route));
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('error_code:404').count(), route).toBe(0);
      await page.screenshot({ path: path.join(shots, `${viewport}-${name}.png`) });
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
