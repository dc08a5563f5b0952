import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Manual trading on the paper exchange in the browser: a resting limit order placed and cancelled, a
// perpetual position opened and closed. Each size uses its own member, so each has its own paper account.
const traders: Record<ViewportName, string> = { phone: 'jacky01', desktop: 'kevin01' };
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Submits the order form and confirms in the sheet (its confirm button repeats the form's action). */
async function placeAndConfirm(page: Page, action: string): Promise<void> {
  await page.getByRole('form', { name: 'Place an order' }).getByRole('button', { name: action }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm the order' });
  await sheet.waitFor();
  await sheet.getByRole('button', { name: action }).click();
  await sheet.waitFor({ state: 'hidden' });
}

/**
 * The segmented switches are styled labels over visually hidden radios: pick one as a tap on it does. The
 * form is built again once the symbol's market has loaded, so tap until the choice holds.
 */
async function chooseSegment(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true });
  for (let tries = 0; tries < 30; tries++) {
    await radio.evaluate((input) => (input as HTMLInputElement).click());
    await page.waitForTimeout(200);
    if (await radio.isChecked()) return;
  }
  throw new Error(`${name} did not switch on`);
}

describe.each<ViewportName>(['phone', 'desktop'])('trading at %s size', (viewport) => {
  it('places and cancels a limit order, opens and closes a perpetual position, on the paper exchange', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await logIn(page, traders[viewport], DEMO_PASSWORD);

    // Spot: a buy far under the market rests, then is cancelled.
    await page.goto(url('/pages/trade/online?exchange=paper&symbol=ETH/USDT'));
    await chooseSegment(page, 'Limit');
    const price = page.getByLabel('Price', { exact: true });
    await price.waitFor();
    // The form fills the price with the last one once the market list has loaded.
    let last = 0;
    await expect
      .poll(async () => {
        last = Number(await price.inputValue());
        return last > 0;
      })
      .toBe(true);
    await price.fill((Math.floor(last * 50) / 100).toFixed(2));
    await page.getByLabel('Amount', { exact: true }).fill('0.1');
    await placeAndConfirm(page, 'Buy ETH');
    const openOrders = page.getByTestId('trade-open-orders');
    await openOrders.getByText('ETH/USDT').first().waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-trade-spot.png`) });
    await openOrders.getByRole('button', { name: 'Cancel' }).first().click();
    await openOrders.getByText('No open order.').waitFor();

    // Perpetual: a market long of 0.01 BTC, then closed at the market.
    await page.goto(url('/pages/trade/online?exchange=paper&symbol=BTC/USDT:USDT'));
    await chooseSegment(page, 'Market');
    await page.getByLabel('Amount', { exact: true }).fill('0.01');
    await placeAndConfirm(page, 'Buy / Long BTC');
    const positions = page.getByTestId('trade-positions');
    await positions.getByText('Long', { exact: true }).first().waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-trade-perpetual.png`) });
    await positions.getByRole('button', { name: 'Close' }).first().click();
    const sheet = page.getByRole('dialog', { name: 'Close this position at the market price?' });
    await sheet.getByRole('button', { name: 'Close position' }).click();
    await positions.getByText('No open position.').waitFor();

    if (failures.length > 0) throw new Error(failures.join('\n'));
    await context.close();
  });
});
