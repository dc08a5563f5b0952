import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn, registerViaApi } from '../src/members';
import { logInStaff } from '../src/staff';

// Identity verification end to end (issue 8): a member submits KYC with three pictures, an admin rejects it
// with a reason, the member reads the reason and submits again, the admin approves, and the member's bell
// shows both results. Each size gets a member of its own, registered for this spec.
const KYC_PAGE = '/pages/home/NameVerification';
const SIDES = ['front', 'back', 'holding'] as const;

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real PNG of its own colour, as a phone camera would hand over a photo (the server re-encodes it). */
async function photo(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 480, height: 300, channels: 3, background: { r: (seed * 53) % 256, g: 140, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** Picks the three pictures through the form's file inputs; each uploads at once and shows its thumbnail. */
async function addPictures(page: Page, seed: number): Promise<void> {
  for (const [i, side] of SIDES.entries()) {
    const field = page.getByTestId(`kyc-upload-${side}`);
    await field
      .getByTestId('upload-input')
      .setInputFiles({ name: `${side}.png`, mimeType: 'image/png', buffer: await photo(seed + i) });
    await field.getByTestId('upload-thumbnail').waitFor();
  }
}

async function fillAndSubmit(page: Page, fields: { name: string; idNumber: string } | null, seed: number) {
  if (fields) {
    await page.getByTestId('kyc-country').click();
    await page.getByTestId('kyc-country-search').locator('input').fill('malay');
    await page.getByTestId('kyc-country-MY').click();
    await page.getByRole('radio', { name: 'Passport' }).check();
    await page.getByLabel('Name as on the ID').fill(fields.name);
    await page.getByLabel('ID number').fill(fields.idNumber);
  }
  await addPictures(page, seed);
  await page.getByRole('button', { name: fields ? 'Submit for verification' : 'Submit again' }).click();
  await expectStatus(page, 'pending');
}

async function expectStatus(page: Page, status: 'none' | 'pending' | 'approved' | 'rejected') {
  await page.locator(`[data-testid="kyc-status"][data-status="${status}"]`).waitFor();
}

/** The admin opens the member's pending submission from the queue. */
async function openReview(admin: Page, username: string, viewport: ViewportName, shot: string) {
  await admin.goto(url('/admin/kyc'));
  const open = admin.getByTestId(`kyc-review-${username}`);
  await open.waitFor();
  await admin.screenshot({ path: path.join(shots, `${viewport}-kyc-admin-queue.png`) });
  await open.click();
  const review = admin.locator('[data-testid="kyc-review"][data-status="pending"]');
  await review.waitFor();
  // The three pictures side by side, loaded (the admin may see the member's private uploads).
  for (const side of SIDES) {
    await expect
      .poll(() =>
        review
          .getByTestId(`kyc-picture-${side}`)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
  }
  await admin.screenshot({ path: path.join(shots, `${viewport}-kyc-admin-${shot}.png`), fullPage: true });
}

describe.each(['phone', 'desktop'] as const)('KYC at %s size', (viewport) => {
  it('is rejected with a reason, submitted again, approved, and both results reach the bell', async () => {
    const member = await newPerson(browser, viewport);
    const { username } = await registerViaApi(member.context.request);
    const admin = await newPerson(browser, viewport);
    const page = member.page;
    const idNumber = `A${randomInt(10_000_000, 99_999_999)}`;

    await logIn(page, username, DEMO_PASSWORD);
    await page.goto(url(KYC_PAGE));
    await expectStatus(page, 'none');
    await page.screenshot({ path: path.join(shots, `${viewport}-kyc-none.png`), fullPage: true });

    await fillAndSubmit(page, { name: 'Lucy Tan', idNumber }, 1);
    await expect.poll(() => page.getByTestId('kyc-form').count()).toBe(0);
    await page.getByText('Submitted. You will be notified of the result.').waitFor({ state: 'hidden' });
    await page.screenshot({ path: path.join(shots, `${viewport}-kyc-pending.png`), fullPage: true });
    // A picture of the submission opens the full-screen viewer.
    await page.getByTestId('kyc-picture-back').click();
    await page.waitForURL(/#\/preview-image\?/);
    await page.goBack();
    await expectStatus(page, 'pending');

    await logInStaff(admin.page);
    await openReview(admin.page, username, viewport, 'review');
    await admin.page.getByTestId('kyc-reject').click();
    const dialog = admin.page.getByRole('dialog', { name: 'Reject KYC submission' });
    // Without a reason the rejection is refused on the spot.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText('Please give a reason (at least 3 characters).').waitFor();
    await dialog.getByLabel('Reason').fill('The back picture is blurred');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await admin.page.locator('[data-testid="kyc-review"][data-status="rejected"]').waitFor();

    // The member sees the reason and submits again (the details are kept, the pictures taken afresh).
    await page.reload();
    await expectStatus(page, 'rejected');
    await expect
      .poll(() => page.getByTestId('kyc-reason').textContent())
      .toContain('The back picture is blurred');
    expect(await page.getByLabel('ID number').inputValue()).toBe(idNumber);
    await page.screenshot({ path: path.join(shots, `${viewport}-kyc-rejected.png`), fullPage: true });
    await fillAndSubmit(page, null, 4);

    await openReview(admin.page, username, viewport, 'review-again');
    await admin.page.getByTestId('kyc-approve').click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await admin.page.locator('[data-testid="kyc-review"][data-status="approved"]').waitFor();

    await page.reload();
    await expectStatus(page, 'approved');
    expect(await page.getByTestId('kyc-form').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, `${viewport}-kyc-approved.png`), fullPage: true });

    // The bell on the home page counts both results; its page shows them, the reason included.
    await page.goto(url('/pages/home/home'));
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    await page.getByTestId('notification-bell').click();
    await page.getByText('Identity verified').waitFor();
    await page.getByText('Identity verification rejected').waitFor();
    await page.getByText(/rejected: The back picture is blurred/).waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-kyc-bell.png`), fullPage: true });

    await member.context.close();
    await admin.context.close();
  });
});
