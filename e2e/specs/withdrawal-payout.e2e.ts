import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  Paths,
  type TAdminPayout,
  type TAdminPayoutAlerts,
  type TDepositInfo,
  type TPage,
  type TReconciliation,
  type TWithdrawal,
} from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, erc20Abi, http, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atRest } from '../src/at-rest';
import { codeSentTo, launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { logInStaff } from '../src/staff';

// Issue 21, item 4: a withdrawal paid by the platform. The e2e server runs the development chain (a block
// every 500 ms) with a funded hot wallet, and its ERC20 channels are paid by the platform (decision 68):
// a member withdraws to a fresh address, the admin approves it without a hash, the worker's payer signs
// and sends the token transfer, and after the confirmations the member sees it Paid with the hash; the
// recipient's token balance on chain rose by the payout.

const PAY_PASSWORD = 'Pay12345';
const MEMBER = 'bobby01';
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function getJson<T>(page: Page, pathname: string): Promise<T> {
  const res = await page.request.get(`${inject('baseUrl')}${pathname}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function confirmWithPassword(page: Page, title: string): Promise<void> {
  const popup = page.getByRole('dialog', { name: title });
  await popup.waitFor();
  await popup.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await popup.waitFor({ state: 'hidden' });
}

describe('a withdrawal paid by the platform', () => {
  it('is paid from the hot wallet on chain after the admin approves it; the member sees the hash', async () => {
    const chain = createPublicClient({ transport: http(inject('devChainUrl')) });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;

    const member = await newPerson(browser, 'phone');
    const page = member.page;
    await logIn(page, MEMBER, DEMO_PASSWORD);
    const info = await getJson<TDepositInfo>(page, Paths.depositInfo);
    const channel = info.channels.find((c) => c.currency === 'USDT' && c.network === 'ERC20');
    if (!channel)
      throw new Error('the e2e server watches no ERC20 channel: is the development chain running?');
    const token = channel.token as Address;
    const balanceOf = () =>
      chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [recipient] });
    expect(await balanceOf()).toBe(0n);

    // The member binds the fresh address for ERC20 (a code by mail and the transaction password).
    // The withdraw form's "bind" link opens the page with that network's form open.
    await page.goto(url('/pages/personal/WithdrawAdress?network=ERC20'));
    const bind = page.getByRole('form', { name: 'Bind a ERC20 address' });
    await bind.getByLabel('ERC20 address').fill(recipient);
    await bind.getByRole('button', { name: 'Send code' }).click();
    await bind.getByLabel('Verification code').fill(await codeSentTo(`${MEMBER}@demo.local`));
    await bind.getByLabel('Transaction password').fill(PAY_PASSWORD);
    await bind.getByRole('button', { name: 'Bind address' }).click();
    await page.getByText('Bound, cannot be changed').first().waitFor();

    // ... and withdraws 100 USDT from Funds over ERC20.
    await page.goto(url('/pages/Wallet/menuWithdraw?currency=USDT'));
    await page.getByRole('radio', { name: 'ERC20' }).click();
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await confirmWithPassword(page, 'Confirm the withdrawal');
    await page.getByText('Under review').first().waitFor();
    const mine = await getJson<TPage<TWithdrawal>>(page, `${Paths.withdrawals}?page=1&pageSize=20`);
    const withdrawal = mine.items.find((w) => w.address === recipient);
    if (!withdrawal) throw new Error('the withdrawal is not in the member’s list');
    expect(withdrawal).toMatchObject({ status: 'pending', network: 'ERC20', amount: '100.000000' });

    // The admin approves it in the admin area, without a hash: the platform pays.
    const admin = await newPerson(browser, 'desktop');
    await logInStaff(admin.page);
    await admin.page.goto(url('/admin/withdrawals'));
    await admin.page.getByPlaceholder('Username starts with…').fill(MEMBER);
    const row = admin.page.getByRole('row').filter({ hasText: MEMBER }).filter({ hasText: 'ERC20' }).first();
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Approve withdrawal' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.page.getByText('Withdrawal approved. Status now: Approved.').first().waitFor();

    // The worker's payer pays it; the member's list shows it Paid, with the transaction's hash.
    await expect
      .poll(
        async () =>
          (await getJson<TPage<TWithdrawal>>(page, `${Paths.withdrawals}?page=1&pageSize=20`)).items.find(
            (w) => w.id === withdrawal.id,
          )?.status,
        { timeout: 60_000, interval: 500 },
      )
      .toBe('paid');
    const paid = (
      await getJson<TPage<TWithdrawal>>(page, `${Paths.withdrawals}?page=1&pageSize=20`)
    ).items.find((w) => w.id === withdrawal.id)!;
    const hash = paid.txHash as `0x${string}`;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await page.reload();
    const item = page.getByTestId('withdrawal-item').filter({ hasText: recipient });
    await item.getByText('Paid', { exact: true }).waitFor();
    expect(await item.textContent()).toContain(hash);
    await atRest(page);
    await page.screenshot({ path: path.join(shots, 'phone-withdrawal-paid-on-chain.png'), fullPage: true });

    // On chain: that transaction, mined and successful, and the recipient holds exactly the payout.
    const receipt = await chain.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(token.toLowerCase());
    expect(await balanceOf()).toBe(parseUnits(paid.payout, 6));
    expect(paid.payout).toBe((100 - Number(paid.fee)).toFixed(6));

    // The admin's payouts list has it confirmed with that hash; nothing is in flight or alerted for it.
    const confirmed = await getJson<TPage<TAdminPayout>>(
      admin.page,
      `${Paths.adminPayouts}?status=confirmed`,
    );
    expect(confirmed.items).toContainEqual(
      expect.objectContaining({ withdrawalId: withdrawal.id, txHash: hash, to: recipient, username: MEMBER }),
    );
    const alerts = await getJson<TAdminPayoutAlerts>(admin.page, Paths.adminPayoutAlerts);
    expect(alerts.items.map((a) => a.withdrawalId)).not.toContain(withdrawal.id);
    await admin.context.close();
    await member.context.close();
  });
});

/** A payout in flight, replaced once, and two alerts: the states the screen is for, at the two sizes. */
function fixtures(now: number) {
  const ago = (min: number) => new Date(now - min * 60_000).toISOString();
  const hash = (c: string) => `0x${c.repeat(64)}`;
  const payout = (over: Partial<TAdminPayout>): TAdminPayout => ({
    id: '00000000-0000-4000-8000-000000000001',
    withdrawalId: '11111111-0000-4000-8000-000000000001',
    network: 'ERC20',
    from: `0x${'1'.repeat(40)}`,
    to: `0x${'2'.repeat(40)}`,
    token: `0x${'3'.repeat(40)}`,
    tokenAmount: '95000000',
    nonce: '7',
    status: 'broadcast',
    txHash: hash('a'),
    hashes: [hash('a')],
    minedHash: null,
    attempts: 1,
    error: null,
    createdAt: ago(2),
    updatedAt: ago(1),
    username: 'alice01',
    currency: 'USDT',
    payout: '95.000000',
    confirmations: 0,
    required: 6,
    ...over,
  });
  const payouts: TPage<TAdminPayout> = {
    page: 1,
    pageSize: 20,
    items: [
      payout({}),
      payout({
        id: '00000000-0000-4000-8000-000000000002',
        withdrawalId: '11111111-0000-4000-8000-000000000002',
        nonce: '8',
        txHash: hash('c'),
        hashes: [hash('b'), hash('c')],
        attempts: 2,
        minedHash: hash('c'),
        confirmations: 3,
        createdAt: ago(14),
        username: 'carol01',
        currency: 'USDC',
        payout: '1250.500000',
      }),
    ],
  };
  const alerts: TAdminPayoutAlerts = {
    items: [
      {
        withdrawalId: '11111111-0000-4000-8000-000000000003',
        username: 'david01',
        currency: 'USDT',
        network: 'ERC20',
        payout: '19000.000000',
        alert: 'HOT_WALLET_LOW_TOKEN',
        decidedAt: ago(30),
        failedPayout: null,
      },
      {
        withdrawalId: '11111111-0000-4000-8000-000000000004',
        username: 'emily01',
        currency: 'USDT',
        network: 'ERC20',
        payout: '47.500000',
        alert: 'PAYOUT_FAILED',
        decidedAt: ago(45),
        failedPayout: { id: '00000000-0000-4000-8000-000000000004', error: 'reverted', hashes: [hash('d')] },
      },
    ],
  };
  return { payouts, alerts };
}

describe.each<ViewportName>(['phone', 'desktop'])('the payouts screen at %s size', (viewport) => {
  it('shows the alert banner, the payouts in flight with their hashes, and the hot wallet', async () => {
    const admin = await newPerson(browser, viewport);
    await logInStaff(admin.page, undefined, { stepUp: false });
    // The states a real run passes through in seconds (or never), served as the server would answer them.
    const { payouts, alerts } = fixtures(Date.now());
    await admin.page.route(
      (u) => u.pathname === Paths.adminPayoutAlerts,
      (route) => route.fulfill({ json: alerts }),
    );
    await admin.page.route(
      (u) => u.pathname === Paths.adminPayouts,
      (route) => route.fulfill({ json: payouts }),
    );
    await admin.page.goto(url('/admin/payouts'));
    const banner = admin.page.getByTestId('payout-alert');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(
      '1 approved withdrawal waits: the hot wallet holds too little.',
    );
    expect(await banner.textContent()).toContain('1 payout failed on chain');
    await admin.page.getByRole('button', { name: 'Retry payout' }).waitFor();
    await expect.poll(() => admin.page.getByTestId('payout-state').count()).toBe(2);
    expect(await admin.page.getByText('(replaced)').count()).toBe(1);
    // The hot wallet's balances are the server's own (the development chain's funded hot wallet).
    const real = await getJson<TReconciliation>(admin.page, Paths.adminReconciliation);
    const usdt = real.holdings.find((h) => h.network === 'ERC20' && h.currency === 'USDT');
    expect(usdt?.hotWallet).not.toBeNull();
    await admin.page.getByRole('table', { name: 'Hot wallet balances' }).waitFor();
    await admin.page.waitForLoadState('networkidle');
    await atRest(admin.page);
    await admin.page.screenshot({ path: path.join(shots, `${viewport}-admin-payouts.png`), fullPage: true });
    await admin.context.close();
  });
});
