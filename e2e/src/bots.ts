import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { url } from './browser';

/** Demo members' transaction password (seeded with the demo data). */
export const PAY_PASSWORD = 'Pay12345';

/** Rents the Starter package from the Trade tab, paying from the wallet with the transaction password. */
export async function rentStarter(page: Page): Promise<void> {
  await page.goto(url('/pages/trade/demo4'));
  const starter = page.locator('[data-testid^="package-"]', { hasText: 'Starter' });
  await starter.getByRole('button', { name: 'Rent' }).click();
  const sheet = page.getByRole('form', { name: 'Rent a bot package' });
  await sheet.getByTestId('rental-agree').click();
  await sheet.getByRole('button', { name: 'Continue' }).click();
  const receipt = page.getByRole('dialog', { name: 'Receipt details' });
  await receipt.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await receipt.getByRole('button', { name: 'Confirm' }).click();
  await page.getByTestId('rental-result').getByText('Bot package rented').waitFor();
}

/** Starts a bot with the configuration page's defaults (BTC/USDT spot on the paper exchange). */
export async function startDefaultBot(page: Page): Promise<void> {
  await page.goto(url('/pages/trade/Bot'));
  await page.getByTestId('bot-preview').waitFor();
  await expect.poll(() => page.getByTestId('bot-create').isDisabled()).toBe(false);
  await page.getByTestId('bot-create').click();
  await page.waitForURL(/#\/pages\/personal\/symbol/);
}
