import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

let ipCounter = 1;
/** A valid, distinct IPv4 address per person and per test process. */
function personIp(n: number): string {
  return `10.${process.pid % 250}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/**
 * A fresh person: own cookies, own screen size, own client IP (for the per-IP rate limits). The app's
 * service worker is blocked unless `serviceWorker` is set: requests it answered would bypass page.route,
 * and only the offline spec is about it.
 */
export async function newPerson(
  browser: Browser,
  viewport: ViewportName,
  { serviceWorker = false }: { serviceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  ipCounter++;
  const context = await browser.newContext({
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    baseURL: inject('baseUrl'),
    viewport: viewports[viewport],
    extraHTTPHeaders: { 'X-Forwarded-For': personIp(ipCounter) },
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export function url(hashPath: string): string {
  return `${inject('baseUrl')}/#${hashPath}`;
}

/**
 * The newest 6-digit code the server's SMTP catcher received for `to` (the dev outbox). With `unlike`,
 * waits for a code other than that one (the mail of a later request).
 */
export async function codeSentTo(to: string, unlike?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${inject('baseUrl')}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const { items } = (await res.json()) as { items: Array<{ text: string }> };
    const code = items[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code && code !== unlike) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code reached ${to}`);
}

let seq = 0;
/** A username nobody has yet: 5 to 15 letters and digits. */
export function uniqueUsername(prefix = 'e2e'): string {
  seq++;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 15);
}
