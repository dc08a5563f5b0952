import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rentStarter } from '../src/bots';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// Bot configuration (issue 5): a member rents the Starter package, configures a DCA bot on the paper
// exchange with the live preview of its ladder, sees a refused setting explained, starts the bot and pauses
// it from the bots list. Each size has a demo member of its own, seeded for this spec.
const members: Record<ViewportName, string> = { phone: 'botsm01', desktop: 'botsd01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-bots-${name}.png`), fullPage: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('bot configuration at %s size', (viewport) => {
  it('previews the ladder, explains a refused setting, starts the bot and pauses it', async () => {
    const { page, context } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    await rentStarter(page);

    await page.goto(url('/pages/trade/Bot'));
    const preview = page.getByTestId('bot-preview');
    await preview.waitFor();
    // Base order and five safety orders; the capital they need fits the Starter's 1,000 USDT.
    expect(await preview.locator('tbody tr').count()).toBe(6);
    expect(await preview.getByText('Capital available').count()).toBe(1);
    await shot(page, viewport, 'preview');

    // A stop loss inside the ladder would close the cycle before the last safety order: refused, explained.
    await page.getByTestId('bot-stopLoss').locator('input').fill('3');
    await page
      .getByTestId('bot-preview-problem')
      .getByText('The stop loss must lie beyond the last safety order')
      .waitFor();
    expect(await page.getByTestId('bot-create').isDisabled()).toBe(true);
    await shot(page, viewport, 'refused');
    await page.getByTestId('bot-stopLoss').locator('input').fill('');
    await expect.poll(() => page.getByTestId('bot-preview-problem').count()).toBe(0);

    await page.getByTestId('bot-create').click();
    await page.waitForURL(/#\/pages\/personal\/symbol/);
    const card = page.locator('article[data-testid^="bot-"]', { hasText: 'BTC/USDT' });
    await expect.poll(() => card.getByTestId('bot-status').textContent()).toBe('Running');
    await shot(page, viewport, 'list');

    await card.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => card.getByTestId('bot-status').textContent()).toBe('Paused');
    await shot(page, viewport, 'paused');
    await context.close();
  });
});
