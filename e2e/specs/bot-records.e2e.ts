import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentStarter, startDefaultBot } from '../src/bots';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Bot records (issue 5, item 6): a member's paper bot opens a cycle, the member adds an entry and closes it by
// hand, then finds the closed cycle in History (with the chart of entries and exits and the bot's balance)
// and its profit in the summaries. Each size has a demo member of its own, seeded for this spec.
const members: Record<ViewportName, string> = { phone: 'recsm01', desktop: 'recsd01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-bot-records-${name}.png`), fullPage: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Reloads a records page until `check` holds: the lists show what the server had when they loaded. */
async function pollPage(page: Page, path: string, check: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(url(path));
        await page.reload();
        await page.locator('ul').first().waitFor();
        await page.waitForTimeout(300);
        return check();
      },
      { timeout: 45_000, interval: 1_000 },
    )
    .toBe(true);
}

async function confirmOnCard(page: Page, button: RegExp): Promise<void> {
  await page.goto(url('/pages/personal/symbol'));
  const card = page.locator('article[data-testid^="bot-"]', { hasText: 'BTC/USDT' });
  await card.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // The popup closes once the server took the action; a refusal would stay in it.
  await dialog.waitFor({ state: 'hidden' });
}

describe.each<ViewportName>(['phone', 'desktop'])('bot records at %s size', (viewport) => {
  it('follows a cycle from open to closed into History and the summaries', { timeout: 240_000 }, async () => {
    const { page, context } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    await rentStarter(page);
    await startDefaultBot(page);

    // The worker opens the cycle with the base order: the bot list shows cycle 1 open.
    const bot = page.locator('article[data-testid^="record-bot-"]', { hasText: 'BTC/USDT' });
    await pollPage(
      page,
      '/pages/trade/Botlist',
      async () => (await bot.textContent())?.includes('#1') ?? false,
    );
    const botId = (await bot.getAttribute('data-testid'))?.replace('record-bot-', '') ?? '';
    await shot(page, viewport, 'botlist');

    await confirmOnCard(page, /add entry/i);
    const fills = () => page.locator('article[data-testid^="record-order-"]');
    await pollPage(page, '/pages/trade/Recordtx?fills=1', async () => (await fills().count()) === 2);
    expect(await fills().first().textContent()).toContain('Safety order');

    // Closed by hand: a market sell. The bot then opens cycle 2 by itself (no cooldown), so more may follow.
    await confirmOnCard(page, /close/i);
    const exit = fills().filter({ hasText: 'By hand' });
    await pollPage(page, '/pages/trade/Recordtx?fills=1', async () => (await exit.count()) === 1);
    expect(await exit.textContent()).toContain('Sell');
    await shot(page, viewport, 'recordtx');

    // The closed cycle, closed by hand, with its profit after fees.
    const cycle = page.locator('article[data-testid^="closed-cycle-"]');
    await pollPage(page, '/pages/trade/History', async () => (await cycle.count()) === 1);
    expect(await cycle.textContent()).toContain('Closed by hand');
    const profit = (await cycle.getByTestId('cycle-profit').textContent())?.trim() ?? '';
    expect(profit).toMatch(/^-?\d+\.\d{2,4}$/);
    await shot(page, viewport, 'history');

    // One bot (the bot filter's link): the chart marks the two entries and the exit (and cycle 2's entry).
    await page.goto(url(`/pages/trade/History?bot=${botId}&period=today`));
    await page.getByTestId('filter-bot').getByText(`#${botId}`).waitFor();
    await expect
      .poll(() => page.getByTestId('bot-chart-markers').textContent(), { timeout: 20_000 })
      .toMatch(/^Marks: [3-9]$/);
    await page.getByTestId('bot-balance').getByText('USDT').first().waitFor();
    await shot(page, viewport, 'history-bot');

    // The summaries: the same profit in total, per bot, per symbol and per day.
    await page.goto(url('/pages/trade/summary'));
    await expect.poll(() => page.getByTestId('total-profit').textContent()).toBe(`${profit} USDT`);
    expect(await page.getByTestId('summary-profit').first().textContent()).toBe(profit);
    await shot(page, viewport, 'summary');
    await page.goto(url('/pages/trade/summaryDetails'));
    await page.locator('[data-testid="summary-BTC/USDT"]').waitFor();
    expect(await page.getByTestId('summary-profit').first().textContent()).toBe(profit);
    await shot(page, viewport, 'summary-symbol');
    await page.goto(url('/pages/trade/summaryDetails2'));
    const today = new Date().toISOString().slice(0, 10);
    await page.locator(`[data-testid="summary-${today}"]`).waitFor();
    expect(await page.getByTestId('summary-profit').first().textContent()).toBe(profit);
    await shot(page, viewport, 'summary-day');
    await context.close();
  });
});
