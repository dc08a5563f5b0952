import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Binding an exchange API key through the browser: the server tries it on a local Binance mock (the
// server's EXCHANGE_API_URLS points there), refuses it while the mock reports withdrawal rights, keeps it
// once they are off, and unbinds it. Each size has a member of its own.
const API_KEY = 'e2eKZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duE2e2';
const SECRET = 'e2eSmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATe2e2';
const PAY_PASSWORD = 'Pay12345';
const members: Record<ViewportName, string> = { phone: 'jacky01', desktop: 'kevin01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
let binance: MockExchange;
beforeAll(async () => {
  binance = await startMockExchange(
    'binance',
    { apiKey: API_KEY, secret: SECRET },
    inject('binanceMockPort'),
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await binance?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('exchange API key at %s size', (viewport) => {
  it('refuses a key with withdrawal rights, binds a trade-only one, then unbinds it', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    binance.setKeyRights({ withdraw: true, ipWhitelist: [] });

    await page.goto(url('/pages/personal/trader'));
    const form = page.getByRole('form', { name: 'Connect an exchange' });
    await form.getByRole('radio', { name: 'Binance' }).check();
    await form.getByLabel('API key').fill(API_KEY);
    await form.getByLabel('Secret key').fill(SECRET);
    await form.getByRole('button', { name: 'Continue' }).click();
    const popup = page.getByRole('dialog', { name: 'Connect this key?' });
    await popup.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await popup.getByRole('button', { name: 'Confirm' }).click();
    await popup.getByText(/This key may withdraw funds/).waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-key-refused.png`) });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('key-binance').count()).toBe(0);

    binance.setKeyRights({ withdraw: false });
    await form.getByRole('button', { name: 'Continue' }).click();
    await popup.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await popup.getByRole('button', { name: 'Confirm' }).click();
    const card = page.getByTestId('key-binance');
    await card.waitFor();
    expect(await card.getByTestId('receipt-row-apiKey').textContent()).toBe('e2eK****E2e2');
    await card.getByText('Active').waitFor();
    await card.getByText(/not restricted to IP addresses/).waitFor();
    // The secret is never shown again, not even in the page's text.
    expect(await page.content()).not.toContain(SECRET);
    await page.screenshot({ path: path.join(shots, `${viewport}-key-bound.png`), fullPage: true });

    await card.getByRole('link', { name: 'Unbind' }).click();
    await page.waitForURL(/#\/pages\/personal\/Unbindapi/);
    await page.getByText(/open orders and positions on the exchange stay as they are/).waitFor();
    await page.getByRole('button', { name: 'Unbind' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unbind this key?' });
    await confirm.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('No exchange API key is bound.').waitFor();
    await context.close();
  });
});
