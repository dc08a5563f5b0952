import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { logIn, registerViaApi } from '../src/members';

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

// [language, Me → Security activity's heading, the device list's button]
const languages = [
  ['en-US', 'Security activity', 'Sign out all other devices'],
  ['zh-CN', '安全记录', '登出所有其他设备'],
  ['bm-MY', 'Aktiviti keselamatan', 'Log keluar semua peranti lain'],
  ['de', 'Sicherheitsaktivität', 'Alle anderen Geräte abmelden'],
  ['fr', 'Activité de sécurité', 'Déconnecter tous les autres appareils'],
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('sessions and security activity at %s size', (viewport) => {
  it('signs out every other device from the device list, and Me → Security activity shows it', async () => {
    const other = await newPerson(browser, viewport);
    const member = await registerViaApi(other.context.request);
    await logIn(other.page, member.username, member.password);

    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, member.username, member.password);
    await page.goto(url('/pages/personal/AccountSetting'));
    await expect.poll(() => page.getByTestId('session-item').count()).toBe(2);
    await page.getByRole('button', { name: 'Sign out all other devices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out others' }).click();
    await expect.poll(() => page.getByText('Devices signed out: 1').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('session-item').count()).toBe(1);

    // The other browser's next request answers SESSION_INVALID: it is sent to login.
    await other.page.goto(url('/pages/personal/personal'));
    await other.page.waitForURL(/#\/pages\/login\/login/);
    await other.context.close();

    // Me → Security activity, from the menu.
    await page.goto(url('/pages/personal/personal'));
    await page.getByText('Security activity', { exact: true }).click();
    await page.getByRole('heading', { name: 'Security activity', exact: true }).waitFor();
    const ended = page.locator('[data-testid="security-event"][data-kind="sessions_ended"]');
    await expect.poll(() => ended.count()).toBe(1);
    expect(await ended.getByRole('heading').textContent()).toBe('Other devices signed out');
    expect(await ended.textContent()).toContain('Devices signed out: 1');
    expect(await ended.textContent()).toMatch(/IP: \S+/);

    // The new page and the changed device list, in every language, for people to look at.
    for (const [lang, heading, button] of languages) {
      await page.goto(url('/pages/personal/lang'));
      await page.getByTestId(`lang-${lang}`).click();
      await page.goto(url('/pages/personal/security-activity'));
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expect.poll(() => ended.isVisible()).toBe(true);
      await page.screenshot({ path: path.join(shots, `${viewport}-security-activity-${lang}.png`) });
      await page.goto(url('/pages/personal/AccountSetting'));
      await page.getByRole('button', { name: button }).waitFor();
      await expect.poll(() => page.getByTestId('session-item').count()).toBe(1);
      await page.screenshot({ path: path.join(shots, `${viewport}-sessions-${lang}.png`) });
    }
    await context.close();
  });
});
