import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths } from '@app/contracts';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { apiLogInStaff } from '../src/staff';

// The bell: an admin decides a member's withdrawal and the member's open home page shows it at once,
// without a reload (the live event stream), then the notifications page lists it. Each size has a demo
// member of its own (seeded for this spec), one rejected, one paid.
const PAY_PASSWORD = 'Pay12345';
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PAYOUT_HASH = `0x${'cd'.repeat(32)}`;

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

const cases: Record<
  ViewportName,
  { member: string; decision: 'reject' | 'pay'; title: string; body: RegExp }
> = {
  phone: {
    member: 'paula01',
    decision: 'reject',
    title: 'Withdrawal rejected',
    body: /Your withdrawal of 100(\.0+)? USDT was rejected/,
  },
  desktop: {
    member: 'quinn01',
    decision: 'pay',
    title: 'Withdrawal paid',
    body: /Your withdrawal of 100(\.0+)? USDT has been paid out/,
  },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Binds a TRC20 address and asks for a 100 USDT withdrawal, through the member's own pages. */
async function requestWithdrawal(page: Page, username: string): Promise<void> {
  await page.goto(url('/pages/personal/WithdrawAdress'));
  await page.getByRole('button', { name: 'Bind a TRC20 address' }).click();
  const bind = page.getByRole('form', { name: 'Bind a TRC20 address' });
  await bind.getByLabel('TRC20 address').fill(TRON_ADDRESS);
  await bind.getByRole('button', { name: 'Send code' }).click();
  await bind.getByLabel('Verification code').fill(await codeSentTo(`${username}@demo.local`));
  await bind.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await bind.getByRole('button', { name: 'Bind address' }).click();
  await page.getByText('Bound, cannot be changed').first().waitFor();

  await page.goto(url('/pages/Wallet/menuWithdraw?currency=USDT'));
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const popup = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  await popup.getByLabel('Transaction password').fill(PAY_PASSWORD);
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Under review').first().waitFor();
}

/** The admin decides the member's pending withdrawal through the API, as the admin area does. */
async function decide(request: APIRequestContext, username: string, decision: 'reject' | 'pay') {
  const base = inject('baseUrl');
  const headers = { Origin: base };
  await apiLogInStaff(request);
  const queue = await request.get(`${base}${Paths.adminWithdrawals}?status=pending&q=${username}`);
  const { items } = (await queue.json()) as { items: Array<{ id: string; username: string }> };
  const id = items.find((w) => w.username === username)?.id;
  expect(id).toBeTruthy();
  const path = decision === 'reject' ? Paths.adminWithdrawalReject : Paths.adminWithdrawalApprove;
  const res = await request.post(`${base}${path.replace(':id', id ?? '')}`, {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: decision === 'reject' ? { reason: 'address under review' } : { txHash: PAYOUT_HASH },
  });
  expect(res.status(), await res.text()).toBe(200);
}

describe.each<ViewportName>(['phone', 'desktop'])('notifications at %s size', (viewport) => {
  const { member, decision, title, body } = cases[viewport];

  it("the bell counts the admin's decision live, and the page lists and reads it", async () => {
    const person = await newPerson(browser, viewport);
    const page = person.page;
    await logIn(page, member, DEMO_PASSWORD);
    await requestWithdrawal(page, member);

    // The home page fresh, with its event stream open, before the admin acts.
    await page.goto(url('/pages/home/home'));
    const streamOpen = page.waitForResponse((r) => r.url().endsWith(Paths.events) && r.status() === 200);
    // Other notifications (a broadcast of the demo content, say) may be there already: count from them.
    // The body is read inside the wait: a count fetched just before the reload loses its body to it, and
    // then the count after the reload is the one taken.
    let before = -1;
    const counted = page.waitForResponse(async (r) => {
      if (!r.url().endsWith(Paths.notificationsUnreadCount)) return false;
      try {
        before = ((await r.json()) as { count: number }).count;
        return true;
      } catch {
        return false;
      }
    });
    await page.reload();
    await streamOpen;
    await counted;
    const bell = page.getByTestId('notification-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe(`Notifications, ${before} unread`);

    const admin = await newPerson(browser, viewport);
    await decide(admin.context.request, member, decision);
    await admin.context.close();

    // No reload: the live event brings the count.
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`Notifications, ${before + 1} unread`);
    await page.screenshot({ path: path.join(shots, `${viewport}-home-bell.png`) });

    await bell.click();
    await page.waitForURL(/#\/pages\/home\/notifications/);
    const item = page.getByTestId('notification-item').first();
    await item.getByText(title).waitFor();
    await item.getByText(body).waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await page
      .getByTestId('unread-count')
      .getByText(`Unread: ${before + 1}`)
      .waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-notifications.png`) });

    // A tap reads it and follows its link: the member's withdrawals.
    await item.click();
    await page.waitForURL(/#\/pages\/Wallet\/menuWithdraw/);
    await page.goBack();
    await page.getByTestId('unread-count').getByText(`Unread: ${before}`).waitFor();
    expect(await page.getByTestId('notification-item').first().getAttribute('data-read')).toBe('true');
    await person.context.close();
  });
});
