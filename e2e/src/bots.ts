import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { url } from './browser';

/** Demo members' transaction password (seeded with the demo data). */
export const PAY_PASSWORD = 'Pay12345';

/**
 * Rents a bot package from the Trade tab, paying from the wallet with the transaction password; `managed`
 * picks the platform-managed account instead of the member's own key.
 */
export async function rentPackage(page: Page, name: 'Starter' | 'Pro', options: { managed?: boolean } = {}) {
  await page.goto(url('/pages/trade/demo4'));
  const offer = page.locator('[data-testid^="package-"]', { hasText: name });
  await offer.getByRole('button', { name: 'Rent' }).click();
  const sheet = page.getByRole('form', { name: 'Rent a bot package' });
  if (options.managed) await sheet.getByRole('radio', { name: /Platform-managed account/ }).check();
  await sheet.getByTestId('rental-agree').click();
  await sheet.getByRole('button', { name: 'Continue' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt details' });
  await receipt.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await receipt.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('rental-result').getByText('Bot package rented').waitFor();
}

/** The Starter package (spot, paper exchange included) on the member's own account. */
export const rentStarter = (page: Page) => rentPackage(page, 'Starter');

/** The Pro package (perpetuals too) on the platform-managed account: no exchange key needed. */
export const rentProManaged = (page: Page) => rentPackage(page, 'Pro', { managed: true });

/** No dialog or toast left over the page, for a clean picture. */
export async function settled(page: Page): Promise<void> {
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
}

/** Starts a bot with the configuration page's defaults (BTC/USDT spot on the paper exchange). */
export async function startDefaultBot(page: Page): Promise<void> {
  await page.goto(url('/pages/trade/Bot'));
  await page.getByTestId('bot-preview').waitFor();
  await expect.poll(() => page.getByTestId('bot-create').isDisabled()).toBe(false);
  await page.getByTestId('bot-create').click();
  await page.waitForURL(/#\/pages\/personal\/symbol/);
}
