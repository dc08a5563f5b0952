import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { logInStaff } from '../src/staff';

// Customer service: a member opens an enquiry with a picture and keeps its chat open; staff answer it in
// the admin area, in a second browser; the answer appears in the member's open chat without a reload, and
// the member's answer back appears in the staff's open thread the same way. Then the member closes it and
// finds it in the history. Each size has a demo member of its own (seeded for this spec).
const members: Record<ViewportName, string> = { phone: 'helpm01', desktop: 'helpd01' };

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A small PNG drawn by the browser itself: no picture files in the repository. */
async function drawnPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 100;
    const g = canvas.getContext('2d');
    if (g) {
      g.fillStyle = '#f08a24';
      g.fillRect(0, 0, 160, 100);
      g.fillStyle = '#ffffff';
      g.fillRect(20, 20, 120, 60);
    }
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** Waits until the page's live event stream is connected (after a load of the page). */
function streamOpened(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith(Paths.events) && r.status() === 200);
}

const shot = (page: Page, viewport: ViewportName, name: string) =>
  page.screenshot({ path: path.join(shots, `${viewport}-support-${name}.png`) });

describe.each<ViewportName>(['phone', 'desktop'])('customer service at %s size', (viewport) => {
  const member = members[viewport];
  const subject = `Withdrawal question (${viewport})`;

  it("shows the staff's answer in the member's open chat without a reload, and the member's in staff's", async () => {
    const { context, page } = await newPerson(browser, viewport);
    const failures: string[] = [];
    page.on('pageerror', (error) => failures.push(error.message));
    await logIn(page, member, DEMO_PASSWORD);

    // The entry page: nothing in progress yet.
    await page.goto(url('/pages/personal/CustomerService'));
    await page.getByRole('heading', { name: 'Customer service', exact: true }).waitFor();
    await page.getByText('~ No Record ~').waitFor();
    await shot(page, viewport, 'entry-empty');

    // A new enquiry with a picture.
    await page.getByTestId('enquiry-new').click();
    await page.waitForURL(/#\/pages\/personal\/CustomerServiceMain/);
    const form = page.getByRole('form', { name: 'New enquiry' });
    await form.getByRole('radio', { name: 'Withdrawal' }).check();
    await form.getByLabel('Subject').fill(subject);
    await form
      .getByLabel('Message')
      .fill('My withdrawal has been under review since Monday. Is something missing?');
    const uploaded = page.waitForResponse(
      (r) => r.url().includes(Paths.uploads) && r.request().method() === 'POST',
    );
    await form
      .locator('input[type=file]')
      .setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: await drawnPicture(page) });
    expect((await uploaded).status()).toBe(200);
    await shot(page, viewport, 'new-enquiry');
    await form.getByTestId('enquiry-submit').click();

    // Straight into its chat: the member keeps it open from here on.
    await page.waitForURL(/#\/pages\/personal\/CustomerServiceMsg\?id=\d+/);
    await page.getByTestId('enquiry-subject').getByText(subject).waitFor();
    const stream = streamOpened(page);
    await page.reload();
    await stream;
    const messages = page.getByTestId('chat-message');
    await expect.poll(() => messages.count()).toBe(1);
    await expect.poll(() => page.getByTestId('enquiry-status').textContent()).toBe('Awaiting reply');
    await shot(page, viewport, 'thread-sent');

    // Staff answer in the admin area, in a browser of their own.
    const staff = await newPerson(browser, viewport);
    await logInStaff(staff.page);
    await staff.page.goto(url('/admin/support'));
    await staff.page.getByRole('heading', { name: 'Customer service' }).waitFor();
    await shot(staff.page, viewport, 'admin-queue');
    await staff.page.getByTestId('admin-enquiry-link').filter({ hasText: subject }).click();
    await staff.page.waitForURL(/#\/admin\/support\/\d+/);
    await staff.page.getByTestId('enquiry-subject').getByText(subject).waitFor();
    const staffStream = streamOpened(staff.page);
    await staff.page.reload();
    await staffStream;
    // The member's picture is shown to staff.
    const staffPicture = staff.page.getByRole('img', { name: 'Attached picture' });
    await expect
      .poll(() => staffPicture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await staff.page.getByRole('textbox', { name: 'Message' }).fill('Thanks, we are checking it now.');
    await staff.page.getByTestId('chat-send').click();
    await staff.page.getByTestId('chat-message').getByText('Thanks, we are checking it now.').waitFor();
    await expect.poll(() => staff.page.getByTestId('chat-message').count()).toBe(2);
    await shot(staff.page, viewport, 'admin-thread');

    // No reload on the member's side: the live event brings the answer into the open chat.
    await messages.getByText('Thanks, we are checking it now.').waitFor({ timeout: 10_000 });
    await expect.poll(() => messages.count()).toBe(2);
    await expect.poll(() => page.getByTestId('enquiry-status').textContent()).toBe('Replied');
    await shot(page, viewport, 'thread-answered');

    // And back: the member's answer reaches the staff's open thread live.
    await page.getByRole('textbox', { name: 'Message' }).fill('Great, thank you!');
    await page.getByTestId('chat-send').click();
    await staff.page.getByTestId('chat-message').getByText('Great, thank you!').waitFor({ timeout: 10_000 });
    await staff.context.close();

    // The entry page lists it in progress; tapping it leads back into the chat.
    await page.goto(url('/pages/personal/CustomerService'));
    const item = page.getByTestId('enquiry-item').filter({ hasText: subject });
    await item.getByText('Awaiting reply').waitFor();
    await shot(page, viewport, 'entry');
    await item.click();
    await page.waitForURL(/#\/pages\/personal\/CustomerServiceMsg\?id=\d+/);
    await expect.poll(() => messages.count()).toBe(3);

    // The picture opens full screen.
    await page.getByRole('button', { name: 'Open the picture' }).click();
    await page.waitForURL(/#\/preview-image/);
    await page.goBack();
    await page.getByTestId('enquiry-subject').waitFor();

    // Closing it moves it to the history.
    await page.getByTestId('enquiry-close').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close it' }).click();
    await page.getByTestId('enquiry-closed-note').waitFor();
    await page.goto(url('/pages/personal/CSHistory'));
    await page.getByTestId('enquiry-item').filter({ hasText: subject }).waitFor();
    await shot(page, viewport, 'history');

    // The email history lists a code mail by its subject only.
    const sent = await page.request.post(`${inject('baseUrl')}${Paths.memberTac}`, {
      headers: { Origin: inject('baseUrl') },
      data: { purpose: 'transaction_password' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    await page.goto(url('/pages/personal/CustomerService'));
    await page.getByRole('link', { name: 'Email history' }).click();
    await page.getByTestId('sent-message').first().getByText('Your verification code').waitFor();
    expect(await page.getByTestId('sent-message').first().textContent()).not.toMatch(/\d{6}/);
    await shot(page, viewport, 'email-history');

    expect(failures).toEqual([]);
    await context.close();
  });
});
