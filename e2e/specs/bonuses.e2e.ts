import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { logInStaff } from '../src/staff';

// An admin dry-runs and runs the demo bonus day; a member then sees their bonus summary and records.
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

/** The seed's purchases of this spec's members fall on this day (demo-volumes.ts). */
const DAY = '2025-01-15';
/** The seed's team head of this spec per screen size: Analyst, 300 bought on the left, 200 on the right. */
const heads: Record<ViewportName, string> = { phone: 'bonsm01', desktop: 'bonsd01' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, viewport: ViewportName, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(shots, `${viewport}-bonuses-${name}.png`), fullPage: true });
}

describe.each<ViewportName>(['phone', 'desktop'])('bonuses at %s size', (viewport) => {
  it('an admin runs the day and the member sees the sponsor and pairing bonus it paid', async () => {
    const admin = await newPerson(browser, viewport);
    const errors: string[] = [];
    admin.page.on('pageerror', (error) => errors.push(error.message));
    await logInStaff(admin.page);
    await admin.page.goto(url('/admin/bonuses'));
    const day = admin.page.getByTestId('bonus-run-day');
    await day.fill(DAY);
    if (viewport === 'phone') {
      // The first size sees the dry run before the day is paid; afterwards a dry run is refused.
      await admin.page.getByRole('button', { name: 'Dry run' }).click();
      await admin.page.getByTestId('bonus-dry-run').waitFor();
      await shot(admin.page, viewport, 'admin-dry-run');
    }
    await admin.page.getByRole('button', { name: 'Run this day' }).click();
    await admin.page.getByRole('button', { name: 'Confirm' }).click();
    await admin.page.getByTestId('bonus-run-done').waitFor();
    await admin.page.getByRole('cell', { name: DAY }).first().waitFor();
    await shot(admin.page, viewport, 'admin-runs');
    await admin.context.close();

    const member = await newPerson(browser, viewport);
    member.page.on('pageerror', (error) => errors.push(error.message));
    await logIn(member.page, heads[viewport], DEMO_PASSWORD);
    await member.page.goto(url('/pages/personal/bonus'));
    await member.page.getByTestId('bonus-rank').waitFor();
    // Sponsor 5% of 500, pairing 5% of the 200 paired; 100 left carried forward (the default settings).
    expect(await member.page.getByTestId('bonus-rank').textContent()).toBe('Analyst');
    expect(await member.page.getByTestId('bonus-total').textContent()).toContain('35');
    expect(await member.page.getByTestId('bonus-leftBalance').textContent()).toContain('100');
    await shot(member.page, viewport, 'summary');

    await member.page.getByRole('button', { name: 'View records' }).click();
    await member.page.getByTestId('bonus-record-pairing').waitFor();
    await member.page.getByTestId('bonus-record-sponsor').waitFor();
    await shot(member.page, viewport, 'records');
    await member.page.getByTestId('bonus-record-pairing').click();
    const detail = member.page.getByTestId('bonus-pairing-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain('300');
    await shot(member.page, viewport, 'pairing-record');
    await member.context.close();
    expect(errors).toEqual([]);
  });
});
