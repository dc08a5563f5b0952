import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { logInStaff } from '../src/staff';

// investsavecompany in a real platform: the operator gives a member a sub-account on an exchange through
// the admin area. The server tries its key on the local Binance mock (the server's EXCHANGE_API_URLS
// points there) and lists it with the key masked; replacing it asks first. Each size has a member of its own.
const API_KEY = 'mgdAZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duMGD1';
const SECRET = 'mgdSmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATMGD1';
const MASKED = 'mgdA****MGD1';
const members: Record<ViewportName, string> = { phone: 'paula01', desktop: 'quinn01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-admin-managed-${name}.png`), fullPage: true });

let browser: Browser;
let binance: MockExchange;
beforeAll(async () => {
  binance = await startMockExchange(
    'binance',
    { apiKey: API_KEY, secret: SECRET },
    inject('binanceMockPort'),
  );
  binance.setKeyRights({
    withdraw: false,
    internalTransfer: false,
    universalTransfer: false,
    ipWhitelist: [],
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await binance?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])(
  'managed accounts in the admin area at %s size',
  (viewport) => {
    it('assigns a member a sub-account, lists it with the key masked, and asks before replacing it', async () => {
      const member = members[viewport];
      const { context, page } = await newPerson(browser, viewport);
      await logInStaff(page);
      await page.goto(url('/admin/managed-accounts'));
      await page.getByRole('heading', { name: 'Managed accounts' }).waitFor();

      await page.getByRole('button', { name: 'Assign a sub-account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign a sub-account' });
      await dialog.getByLabel('Member').fill(member);
      await dialog.getByText('Binance', { exact: true }).click();
      await dialog.getByLabel('API key').fill(API_KEY);
      await dialog.getByLabel('Secret key').fill(SECRET);
      expect(await dialog.getByLabel('Secret key').getAttribute('type')).toBe('password');
      await shot(page, viewport, 'assign');
      await dialog.getByRole('button', { name: 'Save key' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`${member} now trades a sub-account on Binance.`).waitFor({ state: 'hidden' });

      await page.getByRole('searchbox', { name: 'Member' }).fill(member);
      const row = page.getByRole('row').filter({ hasText: member });
      await row.getByText(MASKED).waitFor();
      await row.getByText('Sub-account').waitFor();
      // The member's row only: the other size's member, assigned before, is filtered out.
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      // The secret never comes back to the page, not even in its text.
      expect(await page.content()).not.toContain(SECRET);
      await shot(page, viewport, 'listed');

      // Replacing a key asks first; cancelling changes nothing.
      await row.getByRole('button', { name: 'Replace key' }).click();
      const replace = page.getByRole('dialog', { name: "Replace the sub-account's key" });
      await replace.getByLabel('API key').fill(API_KEY);
      await replace.getByLabel('Secret key').fill(SECRET);
      await replace.getByRole('button', { name: 'Save key' }).click();
      await page.getByText(`Replace ${member}'s sub-account key ${MASKED} on Binance?`).waitFor();
      // The confirmation fades in: picture it once it rests.
      await atRest(page);
      await shot(page, viewport, 'confirm-replace');
      await page.getByRole('button', { name: 'Cancel' }).last().click();
      await replace.getByRole('button', { name: 'Cancel' }).click();
      await row.getByText(MASKED).waitFor();
      await context.close();
    });
  },
);
