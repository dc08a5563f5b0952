import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths, type TAdminNewsItem } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { logIn, registerViaApi } from '../src/members';
import { logInStaff } from '../src/staff';

// Content in five languages (issue 19, item 5; decision 65): an admin writes a news item per language in
// the tabbed form, a member reads the home page in German and in Chinese, and English where a language
// is missing. The demo seed's announcements are in all five languages.

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.goto(url('/pages/personal/lang'));
  await page.getByTestId(`lang-${lang}`).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
}

describe.each<ViewportName>(['phone', 'desktop'])('content languages at %s size', (viewport) => {
  it('an admin writes a tab per language; a member reads the home page in German and Chinese', async () => {
    const stamp = `${viewport} ${Date.now().toString(36)}`;
    const title = {
      'en-US': `Grid bots for Gate ${stamp}`,
      de: `Grid-Bots für Gate ${stamp}`,
      'zh-CN': `Gate 网格机器人 ${stamp}`,
    };
    const onlyEnglish = `Only in English ${stamp}`;
    const failures: string[] = [];

    // ---- the admin: two items through the API, then the tabbed form on screen ----
    const admin = await newPerson(browser, viewport);
    admin.page.on('pageerror', (error) => failures.push(`admin: ${error.message}`));
    await logInStaff(admin.page);
    const headers = { Origin: inject('baseUrl') };
    for (const news of [
      { title, body: { 'en-US': 'In English.', de: 'Auf Deutsch.', 'zh-CN': '中文正文。' } },
      { title: { 'en-US': onlyEnglish }, body: { 'en-US': 'English only.' } },
    ]) {
      const created = await admin.page.request.post(Paths.adminNews, { headers, data: news });
      expect(created.status(), await created.text()).toBe(200);
      const id = ((await created.json()) as TAdminNewsItem).id;
      const published = await admin.page.request.post(`/api/admin/news/${id}/publish`, { headers });
      expect(published.status()).toBe(200);
    }
    await admin.page.goto(url('/admin/content'));
    await admin.page.getByTestId('admin-news-new').click();
    const form = admin.page.getByTestId('news-form');
    await form.locator('#field-title-en-US').fill('Gate grid bots');
    await form.getByTestId('language-tab-de').click();
    await form.locator('#field-title-de').fill('Grid-Bots für Gate');
    await form.locator('#field-body-de').fill('Grid-Bots laufen jetzt auf Gate.');
    await form.locator('#field-title-de').waitFor({ state: 'visible' });
    await admin.page.screenshot({ path: path.join(shots, `${viewport}-admin-news-form-de.png`) });
    // Saved without an English body: the form says so on the English tab and sends nothing.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByTestId('field-body-en-US-message').waitFor({ state: 'visible' });
    expect(await form.getByTestId('field-body-en-US-message').textContent()).toBe(
      'Please write the English text: members whose language is missing read it.',
    );
    await admin.page.screenshot({ path: path.join(shots, `${viewport}-admin-news-form-error.png`) });

    // ---- a member in German, then in Chinese ----
    const member = await newPerson(browser, viewport);
    member.page.on('pageerror', (error) => failures.push(`member: ${error.message}`));
    const who = await registerViaApi(member.page.request);
    await logIn(member.page, who.username, who.password);
    await member.page.getByTestId('latest-news').getByText(title['en-US']).waitFor();

    await switchLanguage(member.page, 'de');
    await member.page.goto(url('/pages/home/home'));
    const latest = member.page.getByTestId('latest-news');
    await latest.getByText(title.de).waitFor();
    // Missing in German: English.
    await latest.getByText(onlyEnglish).waitFor();
    await member.page
      .getByTestId('marquee')
      .getByText(/Bybit-Perpetual-Bots sind live/)
      .first()
      .waitFor();
    await member.page.waitForLoadState('networkidle');
    await member.page.screenshot({
      path: path.join(shots, `${viewport}-content-home-de.png`),
      fullPage: true,
    });

    await switchLanguage(member.page, 'zh-CN');
    await member.page.goto(url('/pages/home/home'));
    await latest.getByText(title['zh-CN']).waitFor();
    await member.page
      .getByTestId('marquee')
      .getByText(/Bybit 永续合约机器人已上线/)
      .first()
      .waitFor();
    await member.page.waitForLoadState('networkidle');
    await member.page.screenshot({
      path: path.join(shots, `${viewport}-content-home-zh.png`),
      fullPage: true,
    });

    expect(failures).toEqual([]);
    await admin.context.close();
    await member.context.close();
  });
});
