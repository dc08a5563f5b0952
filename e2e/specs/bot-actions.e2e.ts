import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { rentProManaged, settled } from '../src/bots';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Acting on a bot by hand (issue 5, item 5): a member rents the Pro package in managed mode, starts a long
// bot on a perpetual, sees the worker open its cycle, reverses it from the receipt popup (close at the
// market, open the short side), and switches perpetuals off and on again for the exchange. Each size has a
// demo member of its own, seeded for this spec.
const members: Record<ViewportName, string> = { phone: 'actsm01', desktop: 'actsd01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-bot-actions-${name}.png`), fullPage: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('acting on a bot by hand at %s size', (viewport) => {
  it('reverses a perpetual bot from the receipt popup and switches perpetuals off and on', async () => {
    const { page, context } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    await rentProManaged(page);

    await page.goto(url('/pages/trade/Bot'));
    // The perpetual option appears once the rental is read (Pro covers both market types).
    const perpetual = page.getByRole('radiogroup', { name: 'Market type' }).getByRole('radio', {
      name: 'USDT perpetual',
    });
    await perpetual.waitFor();
    await perpetual.check();
    await page.getByTestId('bot-symbol').locator('input').fill('BTC/USDT:USDT');
    // One BTC contract step is 0.001 BTC: orders of 100 USDT clear the minimum.
    await page.getByTestId('bot-baseOrder').locator('input').fill('100');
    await page.getByTestId('bot-safetyOrder').locator('input').fill('100');
    await expect
      .poll(() => page.getByTestId('bot-symbol').locator('input').inputValue())
      .toBe('BTC/USDT:USDT');
    await page.getByTestId('bot-preview').waitFor();
    await expect.poll(() => page.getByTestId('bot-create').isDisabled()).toBe(false);
    await page.getByTestId('bot-create').click();
    await page.waitForURL(/#\/pages\/personal\/symbol$/);

    // The worker opens the cycle with the base order; the card shows it with its average entry.
    const card = page.locator('article[data-testid^="bot-"]', { hasText: 'BTC/USDT:USDT' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await card.waitFor();
          return (await card.getByTestId('bot-cycle').count())
            ? card.getByTestId('bot-cycle').textContent()
            : '';
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toMatch(/@/);
    expect(await card.getByTestId('bot-meta').textContent()).toMatch(/Long/);

    // Reverse: the receipt lists the amount closed at the market, the price, the estimated profit and the
    // short base order that follows.
    await card.getByRole('button', { name: 'Reverse' }).click();
    const receipt = page.getByRole('dialog', { name: 'Reverse' });
    await expect.poll(() => receipt.getByTestId('receipt-row-amount').textContent()).toMatch(/^[\d.]+ BTC$/);
    expect(await receipt.getByTestId('receipt-row-pnl').textContent()).toMatch(/USDT$/);
    expect(await receipt.getByTestId('receipt-row-then').textContent()).toMatch(/^Short/);
    await atRest(page);
    await shot(page, viewport, 'reverse-receipt');
    await receipt.getByRole('button', { name: 'Confirm' }).click();
    await settled(page);
    await expect
      .poll(
        async () => {
          await page.reload();
          await card.waitFor();
          return card.getByTestId('bot-meta').textContent();
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toMatch(/Short/);
    await expect.poll(() => card.getByTestId('bot-cycle').textContent(), { timeout: 15_000 }).toMatch(/#2/);
    await shot(page, viewport, 'reversed');

    // Perpetuals off on the exchange, asked first; then on again.
    const perpetuals = page.getByTestId('market-binance-perpetual');
    expect(await perpetuals.getAttribute('aria-checked')).toBe('true');
    await perpetuals.click();
    const off = page.getByRole('dialog', { name: 'Switch market off' });
    await off.getByTestId('receipt-row-effect').waitFor();
    await atRest(page); // the popup slides up: picture it once it is in place
    await shot(page, viewport, 'market-off-receipt');
    await off.getByRole('button', { name: 'Confirm' }).click();
    await settled(page);
    await expect.poll(() => perpetuals.getAttribute('aria-checked')).toBe('false');
    await shot(page, viewport, 'market-off');
    await perpetuals.click();
    await page
      .getByRole('dialog', { name: 'Switch market on' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect.poll(() => perpetuals.getAttribute('aria-checked')).toBe('true');
    await settled(page);

    // All-in-one: the same settings over two more perpetuals, one bot each in one group.
    await page.goto(url('/pages/trade/Bot'));
    await perpetual.waitFor();
    await perpetual.check();
    await page.getByTestId('bot-baseOrder').locator('input').fill('100');
    await page.getByTestId('bot-safetyOrder').locator('input').fill('100');
    await page
      .getByRole('radiogroup', { name: 'Symbols' })
      .getByRole('radio', { name: 'All-in-one' })
      .check();
    const basket = page.getByTestId('bot-basket');
    for (const symbol of ['ETH/USDT:USDT', 'XRP/USDT:USDT']) {
      await basket.getByText(symbol, { exact: true }).click();
    }
    await page.getByTestId('bot-preview').waitFor();
    // The basket preview: each symbol's capital, both fitting the rental.
    const basketPreview = page.getByTestId('bot-basket-preview');
    await expect
      .poll(() => basketPreview.getByTestId('bot-basket-row').allTextContents())
      .toEqual([expect.stringContaining('ETH/USDT:USDT'), expect.stringContaining('XRP/USDT:USDT')]);
    await expect.poll(() => basketPreview.getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.getByTestId('bot-create').textContent()).toBe('Start 2 bots');
    await expect.poll(() => page.getByTestId('bot-create').isDisabled()).toBe(false);
    await shot(page, viewport, 'aio-form');
    await basketPreview.screenshot({ path: path.join(shots, `${viewport}-bot-actions-aio-basket.png`) });
    await page.getByTestId('bot-create').click();
    await page.waitForURL(/#\/pages\/personal\/symbol$/);
    await expect.poll(() => page.getByTestId('bot-group').count()).toBe(2);
    await settled(page);
    await shot(page, viewport, 'aio-list');
    await context.close();
  });
});
