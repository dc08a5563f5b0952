/**
 * What profile-page.ts and trace-tasks.ts measure in: the app (one already running at `url`, or started on
 * a database of its own) and a Chromium context with Lighthouse's mobile screen (moto g power), a demo
 * member signed in unless asked otherwise.
 */
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo';
import { startApp } from '../api/processes';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';

export interface PhoneSession {
  base: string;
  context: BrowserContext;
  close: () => Promise<void>;
}

export async function openPhoneSession(options: {
  /** An app already running; else one is started. */
  url?: string;
  /** The demo member to sign in, or none. */
  member?: string;
  databasePrefix: string;
  progress: (text: string) => void;
}): Promise<PhoneSession> {
  let base = options.url;
  let stopApp = async () => {};
  if (!base) {
    const server = await openServer();
    const dbName = `${options.databasePrefix}_${process.pid}`;
    await createDatabase(server, dbName);
    const app = await startApp(server.urlOf(dbName), options.progress);
    base = app.baseUrl;
    stopApp = async () => {
      await app.stop();
      await dropDatabase(server, dbName).catch(() => {});
      await server.stop();
    };
  }
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    // Lighthouse's mobile screen (moto g power): what the page lays out and paints.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (options.member) await signIn(context, base, options.member);
    const opened = browser;
    return {
      base,
      context,
      close: async () => {
        await opened.close();
        await stopApp();
      },
    };
  } catch (error) {
    await browser?.close();
    await stopApp();
    throw error;
  }
}

async function signIn(context: BrowserContext, base: string, member: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${base}/#/pages/login/login`);
  await page.locator('input[autocomplete="username"], #login').first().fill(member);
  await page.locator('input[type="password"]').first().fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((u) => u.hash.startsWith('#/pages/home/home'));
  // Once settled, so the service worker and the HTTP cache hold what a returning member's browser holds.
  await page.waitForLoadState('networkidle');
  await page.close();
}
