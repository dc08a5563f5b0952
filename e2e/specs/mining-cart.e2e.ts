import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { approveKycAndGiveVoucher, colourPicture, submitKyc } from '../src/mining';
import { logInStaff } from '../src/staff';

// Mining pictures, the admin's mining panels and a two-line cart checkout (issue 6, section 35): the admin
// makes a package with a picture and the 'network' yield rule, sets the coin's difficulty and block reward
// (a bad difficulty is refused in the admin's language) and adds a category; the buyer puts that package
// and a demo one in the cart and buys both at once with a voucher on the dearer line.
const PAY_PASSWORD = 'Pay12345';
const buyers: Record<ViewportName, string> = { phone: 'cartm01', desktop: 'cartd01' };
const DEMO_PACKAGE = 'Cloud S19 · 10 GH/s';

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });
/** A full-page shot from the top (the fixed header would otherwise sit where the page was scrolled to). */
async function shot(page: Page, viewport: ViewportName, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${viewport}-mining-cart-${name}.png`), fullPage: true });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('mining cart at %s size', (viewport) => {
  const buyer = buyers[viewport];
  const pictured = `Pictured ${viewport}`;

  it('admin sets a pictured network package; the buyer checks out a two-line cart', async () => {
    const admin = await newPerson(browser, viewport);
    const a = admin.page;
    await logInStaff(a);
    await a.goto(url('/admin/mining'));
    const create = a.getByRole('form', { name: 'New package' });
    await create.getByTestId('upload-input').setInputFiles({
      name: 'machine.png',
      mimeType: 'image/png',
      buffer: await colourPicture(viewport === 'phone' ? 3 : 5, 640, 360),
    });
    await create.getByTestId('upload-thumbnail').waitFor();
    await create.locator('input[name="name"]').fill(pictured);
    await create.locator('input[name="price"]').fill('20');
    await create.locator('select[name="yieldRule"]').selectOption('network');
    await create.locator('input[name="perMemberLimit"]').fill('');
    await create.getByRole('button', { name: 'New package' }).click();
    await a.getByRole('cell', { name: pictured }).waitFor();

    const network = a.getByRole('form', { name: 'Network difficulty and block reward' });
    await network.locator('input[name="network-difficulty"]').fill('0');
    await network.locator('input[name="network-blockReward"]').fill('3.125');
    await network.getByRole('button', { name: 'Save figures' }).click();
    await a.getByText('Enter the difficulty as a positive number with at most 8 decimals.').waitFor();
    await network.locator('input[name="network-difficulty"]').fill('1318359375');
    await network.getByRole('button', { name: 'Save figures' }).click();
    await a
      .getByText(/MCOIN from \d{4}-\d{2}-\d{2}: difficulty 1318359375, block reward 3\.125/)
      .first()
      .waitFor();
    const categories = a.getByRole('form', { name: 'Categories' });
    await categories.locator('input[name="category-name"]').fill(`Farm ${viewport}`);
    await categories.getByRole('button', { name: 'Add category' }).click();
    await a.getByRole('button', { name: `Farm ${viewport} · Edit` }).waitFor();
    await shot(a, viewport, 'admin');

    const person = await newPerson(browser, viewport);
    const page = person.page;
    await logIn(page, buyer, DEMO_PASSWORD);
    await submitKyc(page, viewport === 'phone' ? 'Cara Phone' : 'Cara Desk', viewport === 'phone' ? 7 : 9);
    await approveKycAndGiveVoucher(a, buyer);
    await admin.context.close();

    await page.goto(url('/pages/mining/packages'));
    const card = page.locator('[data-testid^="mining-package-"]', { hasText: pictured });
    await card.waitFor();
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await card.getByText('From network difficulty, paid in MCOIN').waitFor();
    await card.getByRole('button', { name: 'Add to cart' }).click();
    const demo = page.locator('[data-testid^="mining-package-"]', { hasText: DEMO_PACKAGE });
    await demo.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByTestId('mining-cart');
    await cart.getByText(DEMO_PACKAGE).waitFor();
    await cart.getByText(pictured).waitFor();
    await page.getByText('Added to your cart.').waitFor({ state: 'hidden' });
    await shot(page, viewport, 'packages');

    await page.getByTestId('mining-checkout').click();
    const sheet = page.getByRole('form', { name: 'Buy your cart' });
    await sheet.getByRole('radio', { name: /10% off/ }).check();
    await sheet.getByTestId('mining-agree').click();
    await sheet.getByText(`The voucher applies to ${DEMO_PACKAGE}.`).waitFor();
    await sheet.getByRole('button', { name: 'Continue' }).click();

    const receipt = page.getByRole('dialog', { name: 'Receipt details' });
    await receipt.waitFor();
    const row = (id: string) => receipt.getByTestId(`receipt-row-${id}`).textContent();
    // 100 + 20 USDT; 10% off the dearer line (the demo package); 1000 USDT before.
    expect(await row('price')).toBe('120.00 USDT');
    expect(await row('discount')).toBe('-10.00 USDT');
    expect(await row('pay')).toBe('110.00 USDT');
    expect(await row('balance')).toBe('890.00 USDT');
    await receipt.getByText('90.00 USDT (was 100.00)').waitFor();
    await receipt.getByText(`${pictured} × 1`).waitFor();
    await receipt.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await sheet.waitFor({ state: 'detached' });
    await shot(page, viewport, 'receipt');
    await receipt.getByRole('button', { name: 'Confirm' }).click();
    await receipt.waitFor({ state: 'hidden' });
    await cart.waitFor({ state: 'detached' });
    // Both were activated at once: two running subscriptions.
    await page.locator('[data-testid^="subscription-"]', { hasText: pictured }).waitFor();
    await page.locator('[data-testid^="subscription-"]', { hasText: DEMO_PACKAGE }).waitFor();
    await person.context.close();
  });
});
