import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { enterStaffCode, freshCode, logInStaff, takeAdmin } from '../src/staff';

// Staff security (decision 45) in the browser: the authenticator step of an admin's login, the enrolment
// of a staff member made by `npm run admin:create`, the step-up dialog before a money action, and four
// eyes (a request above the threshold waits until another admin approves it).
const shots = path.resolve(import.meta.dirname, '../artifacts/staff-security');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  await atRest(page); // a dialog's fade-in, for the picture
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** The money section's credit form, filled and confirmed (the member's wallet gets `amount` USDT). */
async function credit(page: Page, member: string, amount: string) {
  await page.goto(url('/admin/money'));
  await page.reload(); // a fresh form, not the receipt of the one before
  await page.locator('.adm-selector-item', { hasText: 'Credit / debit' }).click();
  const form = page.getByRole('form', { name: 'Credit / debit' });
  await form.getByLabel('Member').fill(member);
  await form.getByLabel('Currency').getByText('USDT', { exact: true }).click();
  await form.getByLabel('Amount').fill(amount);
  await form.getByLabel('Reason').fill('e2e four eyes');
  await form.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
}

describe('staff security', () => {
  it('a staff member made on the command line enrols an authenticator at first login', async () => {
    const { username, password } = inject('newStaff');
    const { context, page } = await newPerson(browser, 'phone');
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await page.goto(url('/pages/login/login'));
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/admin\/enrol/);
    // Until it is set up, the session opens nothing else: the admin area sends it back here.
    await page.goto(url('/admin/withdrawals'));
    await page.waitForURL(/#\/admin\/enrol/);
    const form = page.getByRole('form', { name: 'Set up two-step login' });
    await page.getByTestId('totp-qr').locator('svg').waitFor();
    await expect.poll(() => page.getByTestId('totp-secret').textContent()).toMatch(/^[A-Z2-7 ]{39}$/);
    await shot(page, 'phone-enrol');
    const secret = (await page.getByTestId('totp-secret').textContent())!.replaceAll(' ', '');
    await form.getByLabel('Code').fill(await generate({ secret }));
    await form.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await expect.poll(() => codes.count()).toBe(10);
    await shot(page, 'phone-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them, continue' }).click();
    await page.getByTestId('admin-menu-withdrawals').waitFor();
    expect(failures).toEqual([]);
    await context.close();
  });

  describe.each<ViewportName>(['phone', 'desktop'])('at %s size', (viewport) => {
    const member = viewport === 'phone' ? 'grace01' : 'henry01';

    it('an admin logs in with a code, and a money action asks for a fresh one first', async () => {
      const { context, page } = await newPerson(browser, viewport);
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      const admin = takeAdmin();
      await page.goto(url('/pages/login/login'));
      await page.getByLabel('Username or email').fill(admin.username);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const step = page.getByRole('form', { name: 'Authenticator code' });
      await step.getByLabel('Code').waitFor();
      await shot(page, `${viewport}-login-code`);
      // A wrong code is refused where it was typed.
      await step.getByLabel('Code').fill('000000');
      await step.getByRole('button', { name: 'Verify' }).click();
      await step.getByText('That code is not right. Check the app and try again.').waitFor();
      await enterStaffCode(page, admin);
      await page.waitForURL(/#\/pages\/home\/home/);

      // The login's code does not count for money: the dialog asks, then the credit goes through.
      await credit(page, member, '5');
      const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await dialog.getByLabel('Code').waitFor();
      await shot(page, `${viewport}-step-up`);
      await dialog.getByLabel('Code').fill(await freshCode(admin));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Balance credited').waitFor();

      // Above the four-eyes threshold: filed, nothing moved, listed for a second admin.
      await credit(page, member, '25000');
      await page.getByText('Filed for a second admin').waitFor();
      await page.getByRole('button', { name: 'Another' }).click();
      const row = page.getByRole('row').filter({ hasText: member }).filter({ hasText: '25,000' });
      await row.getByText('Yours: another admin decides').waitFor();
      await shot(page, `${viewport}-approvals-own`);
      expect(failures).toEqual([]);
      await context.close();
    });

    it('a second admin approves the request, with a fresh code of their own', async () => {
      const { context, page } = await newPerson(browser, viewport);
      const secondAdmin = await logInStaff(page, takeAdmin(), { stepUp: false });
      await page.goto(url('/admin/money'));
      const row = page.getByRole('row').filter({ hasText: member }).filter({ hasText: '25,000' });
      await row.getByRole('button', { name: 'Approve' }).waitFor();
      await shot(page, `${viewport}-approvals`);
      await row.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm with your authenticator' });
      await dialog.getByLabel('Code').fill(await freshCode(secondAdmin));
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Approved and executed').waitFor();
      await expect.poll(() => row.count()).toBe(0);
      await context.close();
    });
  });
});
