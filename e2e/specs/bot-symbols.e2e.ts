import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentProManaged, settled } from '../src/bots';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// The symbol pages (issue 5): a member without any exchange key rents the Pro package in managed mode (the
// platform's account), picks a perpetual and a spot market on the symbol picker (symbolv2), starts a bot on
// each from the prefilled form, sees the perpetual bot's position and funding on symbol3 and the spot bot's
// price on symbol2, and switches a symbol off. Each size has a demo member of its own, seeded for this spec.
const members: Record<ViewportName, string> = { phone: 'symbm01', desktop: 'symbd01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-bot-symbols-${name}.png`), fullPage: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** On the picker: the market type, a search, then the market's row, which opens the prefilled bot form. */
async function pickAndStart(
  page: Page,
  marketType: 'Spot' | 'USDT perpetual',
  search: string,
  symbol: string,
) {
  await page.goto(url('/pages/personal/symbolv2'));
  await page
    .getByRole('radiogroup', { name: 'Market type' })
    .getByRole('radio', { name: marketType })
    .check();
  await page.getByRole('searchbox').fill(search);
  // The search narrows the list to the markets whose symbol holds it.
  await expect.poll(() => page.locator('[data-testid^="market-"]').count()).toBe(1);
  const row = page.getByTestId(`market-${symbol}`);
  await row.getByText('Start a bot').waitFor();
  await row.click();
  await page.waitForURL(/#\/pages\/trade\/Bot\?/);
  await expect.poll(() => page.getByTestId('bot-symbol').locator('input').inputValue()).toBe(symbol);
  await page.getByTestId('bot-preview').waitFor();
  await page.getByTestId('bot-create').click();
  await page.waitForURL(/#\/pages\/personal\/symbol$/);
}

describe.each<ViewportName>(['phone', 'desktop'])('symbol pages at %s size', (viewport) => {
  it('picks markets, starts bots on the managed account, shows positions and switches a symbol off', async () => {
    const { page, context } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    await rentProManaged(page);

    await page.goto(url('/pages/personal/symbolv2'));
    await page.getByTestId('market-BTC/USDT:USDT').waitFor();
    await shot(page, viewport, 'picker');

    await pickAndStart(page, 'USDT perpetual', 'eth', 'ETH/USDT:USDT');
    await pickAndStart(page, 'Spot', 'btc', 'BTC/USDT');

    // The picker marks the market that has a bot now.
    await page.goto(url('/pages/personal/symbolv2'));
    await page.getByRole('radiogroup', { name: 'Market type' }).getByRole('radio', { name: 'Spot' }).check();
    await page.getByRole('searchbox').fill('btc');
    await page.getByTestId('market-BTC/USDT').getByTestId('market-has-bot').waitFor();
    await settled(page);
    await shot(page, viewport, 'picker-marked');

    // symbol3: the worker opens the bot's base order in the platform's account; its position shows here.
    await page.goto(url('/pages/personal/symbol3'));
    const perp = page.getByTestId('symbol-ETH/USDT:USDT');
    await perp.waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await perp.waitFor();
          return perp.getByTestId('symbol-position').textContent();
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toMatch(/^Long /);
    expect(await perp.getByTestId('symbol-funding').textContent()).toMatch(/%/);
    // Under the managed rental it trades the platform's account, and says so.
    expect(await perp.textContent()).toContain('Platform account');
    expect(await perp.getByTestId('symbol-pnl').textContent()).toMatch(/USDT/);
    await shot(page, viewport, 'perpetual');

    // symbol2: the spot bot with its last price; switched off, it pauses.
    await page.goto(url('/pages/personal/symbol2'));
    const spot = page.getByTestId('symbol-BTC/USDT');
    await expect.poll(() => spot.getByTestId('symbol-price').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('symbol-ETH/USDT:USDT').count()).toBe(0);
    await spot.getByTestId('symbol-switch').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => spot.getByTestId('symbol-status').textContent()).toBe('Paused');
    await settled(page);
    await shot(page, viewport, 'spot');
    await context.close();
  });
});
