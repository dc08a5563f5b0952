/**
 * `npm run bench:web`: Lighthouse (its npm package, mobile defaults: a mid-range phone on slow 4G) with
 * Debian's Chromium, on the login page and on the signed-in home of the built app started as `npm start`
 * starts it. Prints performance, accessibility, LCP and bytes beside the budget of issue 19. Needs
 * `npm run build` first. See bench/README.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed/demo';
import { startApp } from '../api/processes';
import { createDatabase, dropDatabase, openServer } from '../ledger/postgres';

const BUDGET = { performance: 0.9, accessibility: 0.95, lcpMs: 2500 };
const MEMBER = process.env.BENCH_MEMBER ?? 'alice01';
const progress = (text: string) => process.stderr.write(`${text}\n`);
/** `BENCH_WEB_REPORTS=<dir>`: also write each page's full Lighthouse report there (`<page>.json`). */
const REPORTS = process.env.BENCH_WEB_REPORTS;

interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  bytes: number;
}

async function audit(url: string, port: number, page: string): Promise<Figures> {
  // The signed-in run keeps the session the browser holds (cookie and the app's login flag).
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(join(REPORTS, `${page}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  return {
    page,
    performance: categories.performance?.score ?? 0,
    accessibility: categories.accessibility?.score ?? 0,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    bytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
  };
}

function report(rows: Figures[]): void {
  const mark = (ok: boolean) => (ok ? 'ok ' : 'OVER');
  console.log(
    `\nLighthouse mobile defaults; budget: performance >= ${BUDGET.performance}, accessibility >= ${BUDGET.accessibility}, LCP < ${BUDGET.lcpMs / 1000} s`,
  );
  console.log('page        performance     accessibility   LCP              bytes');
  for (const r of rows) {
    console.log(
      [
        r.page.padEnd(11),
        `${r.performance.toFixed(2)} ${mark(r.performance >= BUDGET.performance)}`.padEnd(15),
        `${r.accessibility.toFixed(2)} ${mark(r.accessibility >= BUDGET.accessibility)}`.padEnd(15),
        `${(r.lcpMs / 1000).toFixed(2)} s ${mark(r.lcpMs < BUDGET.lcpMs)}`.padEnd(16),
        `${Math.round(r.bytes / 1024)} KiB`,
      ].join(' '),
    );
  }
}

async function main(): Promise<void> {
  const server = await openServer();
  const dbName = `bench_web_${process.pid}`;
  await createDatabase(server, dbName);
  const app = await startApp(server.urlOf(dbName), progress);
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const rows: Figures[] = [];
    progress('login page…');
    rows.push(await audit(`${app.baseUrl}/#/pages/login/login`, chrome.port, 'login'));

    // Sign in once in the same browser, as a member does, then audit the home page with that session.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/#/pages/login/login`);
    await page.locator('input[autocomplete="username"], #login').fill(MEMBER);
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => location.hash.startsWith('#/pages/home/home'));
    await page.close();
    await browser.disconnect();
    progress('signed-in home…');
    rows.push(await audit(`${app.baseUrl}/#/pages/home/home`, chrome.port, 'home'));
    report(rows);
  } finally {
    chrome.kill();
    await app.stop();
    await dropDatabase(server, dbName).catch(() => {});
    await server.stop();
  }
}

await main();
