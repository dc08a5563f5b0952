import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// The margin sheet (adjmargin) on the paper exchange: an isolated perpetual position gets margin added and
// taken out again, its liquidation price moving each time; taking out too much is refused in words. Each
// size uses its own member, so each has its own paper account.
const traders: Record<ViewportName, string> = { phone: 'margm01', desktop: 'margd01' };
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
const SYMBOL = 'BTC/USDT:USDT';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The segmented switches are styled labels over visually hidden radios: pick one as a tap on it does. The
 * forms are built again once the symbol's market has loaded, so tap until the choice holds.
 */
async function chooseSegment(scope: Page | Locator, name: string): Promise<void> {
  const radio = scope.getByRole('radio', { name, exact: true });
  for (let tries = 0; tries < 30; tries++) {
    await radio.evaluate((input) => (input as HTMLInputElement).click());
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (await radio.isChecked()) return;
  }
  throw new Error(`${name} did not switch on`);
}

/** The position's liquidation price as shown, once it differs from `unlike` (the list refetches). */
async function liquidation(position: Locator, unlike?: number): Promise<number> {
  const cell = position.getByTestId('position-liquidation');
  let value = 0;
  await expect
    .poll(
      async () => {
        value = Number((await cell.innerText()).replace(/,/g, ''));
        return value > 0 && value !== unlike;
      },
      { message: `the liquidation price stayed ${unlike}` },
    )
    .toBe(true);
  return value;
}

/** A shown decimal ("1,060.5 USDT") as an integer of 1e-18 units, so sums compare exactly. */
function units(shown: string): bigint {
  const [whole = '0', fraction = ''] = shown.replace(/[^\d.]/g, '').split('.');
  return BigInt(whole) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'));
}

/** The position's margin as shown, once it differs from `unlike` (the list refetches). */
async function margin(position: Locator, unlike?: bigint): Promise<bigint> {
  const cell = position.getByTestId('position-margin');
  let value = 0n;
  await expect
    .poll(
      async () => {
        value = units(await cell.innerText());
        return value > 0n && value !== unlike;
      },
      { message: `the margin stayed ${unlike}` },
    )
    .toBe(true);
  return value;
}

describe.each<ViewportName>(['phone', 'desktop'])('position margin at %s size', (viewport) => {
  it('adds margin to an isolated position, takes some out, and refuses taking out too much', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await logIn(page, traders[viewport], DEMO_PASSWORD);

    // Isolated margin at 10x, then a market long of 0.01 BTC.
    await page.goto(url(`/pages/trade/online?exchange=paper&symbol=${SYMBOL}`));
    const leverage = page.getByRole('region', { name: 'Leverage' });
    await chooseSegment(leverage, 'Isolated');
    await leverage.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Leverage 10× (Isolated) is set.').waitFor();
    await chooseSegment(page, 'Market');
    await page.getByLabel('Amount', { exact: true }).fill('0.01');
    await page
      .getByRole('form', { name: 'Place an order' })
      .getByRole('button', { name: 'Buy / Long BTC' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm the order' });
    await confirm.getByRole('button', { name: 'Buy / Long BTC' }).click();
    await confirm.waitFor({ state: 'hidden' });
    const position = page.getByTestId(`position-${SYMBOL}`);
    await position.getByText('10× Isolated').waitFor();
    const opened = await liquidation(position);
    const marginOpened = await margin(position);
    expect(await position.getByTestId('position-margin').innerText()).toMatch(/ USDT$/);

    // Add 50 USDT: a long's liquidation price moves down, away from the market.
    await position.getByRole('button', { name: 'Adjust margin' }).click();
    const sheet = page.getByRole('dialog', { name: `Adjust margin of ${SYMBOL}` });
    await sheet.waitFor();
    // The sheet shows the position it changes, with the liquidation price the margin moves.
    expect(Number((await sheet.getByTestId('receipt-row-liquidation').innerText()).replace(/,/g, ''))).toBe(
      opened,
    );
    // The margin now, and what it becomes as the amount is typed.
    expect(units(await sheet.getByTestId('receipt-row-margin').innerText())).toBe(marginOpened);
    await sheet.getByLabel('Amount', { exact: true }).fill('50');
    await expect
      .poll(async () => units(await sheet.getByTestId('receipt-row-margin-after').innerText()))
      .toBe(marginOpened + 50n * 10n ** 18n);
    await atRest(page); // the sheet slides in: picture it once it is in place
    await page.screenshot({ path: path.join(shots, `${viewport}-trade-margin-sheet.png`) });
    await sheet.getByRole('button', { name: 'Add margin' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await page.getByText('Margin adjusted.').first().waitFor();
    const added = await liquidation(position, opened);
    expect(added).toBeLessThan(opened);
    // The margin shown rises by exactly the 50 added.
    const marginAdded = await margin(position, marginOpened);
    expect(marginAdded - marginOpened).toBe(50n * 10n ** 18n);

    // Take 20 USDT out again: it moves back up, still below where it started.
    await position.getByRole('button', { name: 'Adjust margin' }).click();
    await sheet.waitFor();
    await chooseSegment(sheet, 'Reduce');
    await sheet.getByLabel('Amount', { exact: true }).fill('20');
    await expect
      .poll(async () => units(await sheet.getByTestId('receipt-row-margin-after').innerText()))
      .toBe(marginAdded - 20n * 10n ** 18n);
    await sheet.getByRole('button', { name: 'Reduce margin' }).click();
    await sheet.waitFor({ state: 'hidden' });
    const reduced = await liquidation(position, added);
    expect(reduced).toBeGreaterThan(added);
    expect(reduced).toBeLessThan(opened);
    expect(await margin(position, marginAdded)).toBe(marginOpened + 30n * 10n ** 18n);

    // More than was added cannot come out: the sheet stays open with the reason, and nothing changes.
    await position.getByRole('button', { name: 'Adjust margin' }).click();
    await sheet.waitFor();
    await chooseSegment(sheet, 'Reduce');
    await sheet.getByLabel('Amount', { exact: true }).fill('1000');
    await sheet.getByRole('button', { name: 'Reduce margin' }).click();
    await sheet
      .getByTestId('margin-error')
      .getByText('The margin cannot go below what the position needs: reduce by less.')
      .waitFor();
    await atRest(page); // nothing moving: picture the refusal
    await page.screenshot({ path: path.join(shots, `${viewport}-trade-margin-refused.png`) });
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await sheet.waitFor({ state: 'hidden' });
    expect(await liquidation(position)).toBe(reduced);
    expect(await margin(position)).toBe(marginOpened + 30n * 10n ** 18n);

    if (failures.length > 0) throw new Error(failures.join('\n'));
    await context.close();
  });
});
