import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { codeSentTo, launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { enterStaffCode, stepUpViaApi, takeAdmin } from '../src/staff';

// Money through the browser, as members and an admin use it. The demo members start with 1000 USDT in
// their Funds wallet and the transaction password Pay12345. Both sizes run against one server, so each
// size uses members of its own and checks amounts it moved itself.
const PAY_PASSWORD = 'Pay12345';
// A well-formed TRON address (base58check): the USDT contract's own.
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAYOUT_HASH = `0x${'ab'.repeat(32)}`;

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

const members: Record<ViewportName, { sender: string; recipient: string; withdrawer: string }> = {
  phone: { sender: 'carol01', recipient: 'david01', withdrawer: 'emily01' },
  desktop: { sender: 'grace01', recipient: 'henry01', withdrawer: 'irene01' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Types the transaction password into the receipt popup and confirms. */
async function confirmWithPassword(page: Page, title: string): Promise<void> {
  const popup = page.getByRole('dialog', { name: title });
  await popup.waitFor();
  await popup.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitFor({ state: 'hidden' });
}

describe.each<ViewportName>(['phone', 'desktop'])('wallet at %s size', (viewport) => {
  const { sender, recipient, withdrawer } = members[viewport];

  it('transfers USDT to another member after the receipt popup; both records show it', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, sender, DEMO_PASSWORD);

    await page.goto(url('/pages/Wallet/Wallet'));
    await page.getByRole('heading', { name: 'Wallet', exact: true }).first().waitFor();
    await page.getByText('Total assets (USD)').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shots, `${viewport}-wallet.png`) });

    await page.goto(url('/pages/Wallet/transfer?currency=USDT'));
    await page.getByLabel('Recipient username').fill(recipient);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(/^Recipient: /).waitFor();
    await page.getByLabel('Amount').fill('12.5');
    await page.getByRole('button', { name: 'Next' }).click();

    // Cancel first: nothing moves.
    const popup = page.getByRole('dialog', { name: 'Confirm the transfer' });
    await popup.waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-transfer-receipt.png`) });
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Next' }).click();
    await confirmWithPassword(page, 'Confirm the transfer');
    await page.getByText('Transfer sent').first().waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-transfer-done.png`) });
    await page.getByText('987.50 USDT').first().waitFor();

    await page.goto(url('/pages/Wallet/Other_History?currency=USDT'));
    await page.getByTestId('record-amount').filter({ hasText: '\u221212.50 USDT' }).first().waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-records.png`) });
    await context.close();

    const other = await newPerson(browser, viewport);
    await logIn(other.page, recipient, DEMO_PASSWORD);
    await other.page.goto(url('/pages/Wallet/Other_History?currency=USDT'));
    await other.page.getByTestId('record-amount').filter({ hasText: '+12.50 USDT' }).first().waitFor();
    await other.context.close();
  });

  it('binds an address with a TAC code, withdraws, and the admin approves it as paid', async () => {
    const member = await newPerson(browser, viewport);
    const page = member.page;
    await logIn(page, withdrawer, DEMO_PASSWORD);

    await page.goto(url('/pages/personal/WithdrawAdress'));
    await page.getByRole('button', { name: 'Bind a TRC20 address' }).click();
    const bind = page.getByRole('form', { name: 'Bind a TRC20 address' });
    await bind.getByLabel('TRC20 address').fill(TRON_ADDRESS);
    await bind.getByRole('button', { name: 'Send code' }).click();
    await bind.getByLabel('Verification code').fill(await codeSentTo(`${withdrawer}@demo.local`));
    await bind.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await bind.getByRole('button', { name: 'Bind address' }).click();
    await page.getByText('Bound, cannot be changed').first().waitFor();

    await page.goto(url('/pages/Wallet/menuWithdraw?currency=USDT'));
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await confirmWithPassword(page, 'Confirm the withdrawal');
    await page.getByText('Under review').first().waitFor();
    // The 100 USDT is held: no longer available, not yet gone.
    await page.getByText('Available: 900.00 USDT').waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-withdraw.png`) });

    const admin = await newPerson(browser, viewport);
    // The admin follows a deep link: login first, then back to the admin area.
    const staff = takeAdmin();
    await admin.page.goto(url('/admin/withdrawals'));
    await admin.page.getByLabel('Username or email').fill(staff.username);
    await admin.page.getByLabel('Password').fill(staff.password);
    await admin.page.getByRole('button', { name: 'Log in' }).click();
    await enterStaffCode(admin.page, staff);
    await admin.page.waitForURL(/#\/admin\/withdrawals/);
    await stepUpViaApi(admin.page.request, staff);
    await admin.page.getByPlaceholder('Username starts with…').fill(withdrawer);
    const row = admin.page.getByRole('row').filter({ hasText: withdrawer }).first();
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve withdrawal' });
    await dialog.getByLabel('Payout transaction hash (optional)').fill(PAYOUT_HASH);
    await atRest(admin.page); // the dialog's fade-in, for the picture
    await admin.page.screenshot({ path: path.join(shots, `${viewport}-admin-approve.png`) });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Withdrawal approved. Status now: Paid.').first().waitFor();
    await admin.context.close();

    await page.reload();
    await page.getByText('Paid').first().waitFor();
    await member.context.close();
  });
});
