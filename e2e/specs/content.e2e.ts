import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TAdminSlide } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';
import { logInStaff } from '../src/staff';

// The content of the home page, as an admin publishes it and a member reads it: news (with a cover picture
// uploaded in the admin form), the announcement strip, the slider, files and about us. The demo seed
// provides the announcements, slider banners, a PDF and the about text. News here is not marked important:
// that would ring every member's bell, which other specs on the same server count.

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

// The content spec's own demo members, one per screen size.
const members: Record<ViewportName, string> = { phone: 'sofia01', desktop: 'tomas01' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The seed's first slider banner, as bytes: a real picture to upload as a news cover. */
async function aPicture(page: Page): Promise<Buffer> {
  const slides = await page.request.get('/api/admin/slides');
  expect(slides.status()).toBe(200);
  const first = ((await slides.json()) as { items: TAdminSlide[] }).items[0];
  if (!first) throw new Error('the demo seed made no slider images');
  const image = await page.request.get(first.imageUrl);
  expect(image.status()).toBe(200);
  return Buffer.from(await image.body());
}

/** The admin's news table row of one title. */
const newsRow = (page: Page, title: string) =>
  page.locator('tr').filter({ has: page.getByTestId('admin-news-title').filter({ hasText: title }) });

describe.each<ViewportName>(['phone', 'desktop'])('content at %s size', (viewport) => {
  it('an admin publishes news, a marquee line and a PDF; a member sees them, opens the news, and the view is counted', async () => {
    const title = `Gate grid bots arrive ${viewport} ${Date.now().toString(36)}`;
    const failures: string[] = [];

    // ---- the admin writes a draft with a cover picture, then publishes it ----
    const admin = await newPerson(browser, viewport);
    admin.page.on('pageerror', (error) => failures.push(`admin: ${error.message}`));
    await logInStaff(admin.page);
    await admin.page.goto(url('/admin/content'));
    await admin.page.getByTestId('admin-news-new').click();
    const form = admin.page.getByTestId('news-form');
    // One tab per language, every tab mounted: the English fields by their ids (decision 65).
    await form.locator('#field-title-en-US').fill(title);
    await form.locator('#field-summary-en-US').fill('Grid bots for Gate spot markets.');
    await form
      .locator('#field-body-en-US')
      .fill('Grid bots now run on Gate spot markets.\n\nBind a Gate key with trading rights only.');
    await form.getByTestId('upload-input').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: await aPicture(admin.page),
    });
    await form.getByTestId('upload-thumbnail').waitFor();
    await form.getByRole('button', { name: 'Save' }).click();
    await newsRow(admin.page, title).getByText('Draft').waitFor();
    await newsRow(admin.page, title).getByTestId('admin-news-publish').click();
    await newsRow(admin.page, title).getByTestId('admin-news-unpublish').waitFor();
    expect(await newsRow(admin.page, title).getByTestId('admin-news-views').textContent()).toBe('0');
    await admin.page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
    await admin.page.screenshot({ path: path.join(shots, `${viewport}-admin-news.png`), fullPage: true });

    // ---- the admin adds a marquee line and a PDF for members to download ----
    const line = `Grid bots on Gate from today (${viewport})`;
    const fileTitle = `Gate grid guide ${viewport}`;
    await admin.page.getByTestId('content-tab-announcements').click();
    await admin.page.getByRole('button', { name: 'New announcement' }).click();
    const announcement = admin.page.getByTestId('announcement-form');
    await announcement.locator('#field-text-en-US').fill(line);
    await announcement.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText(line).waitFor();
    await admin.page.getByTestId('content-tab-files').click();
    await admin.page.getByTestId('pdf-input').setInputFiles({
      name: 'gate-guide.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
        'latin1',
      ),
    });
    await admin.page.getByText('gate-guide.pdf').waitFor();
    await admin.page.getByLabel('Title', { exact: true }).fill(fileTitle);
    await admin.page.getByRole('button', { name: 'Add file' }).click();
    await admin.page.getByRole('link', { name: fileTitle }).waitFor();
    await admin.page.getByTestId('content-tab-news').click();

    // ---- a member sees it on the home page, with the marquee and the slider ----
    const member = await newPerson(browser, viewport);
    member.page.on('pageerror', (error) => failures.push(`member: ${error.message}`));
    await logIn(member.page, members[viewport], DEMO_PASSWORD);
    const marquee = member.page.getByTestId('marquee');
    await marquee
      .getByText(/Bybit perpetual bots are live/)
      .first()
      .waitFor();
    await marquee.getByText(line).first().waitFor();
    const slider = member.page.getByTestId('home-slider');
    await slider.locator('img').first().waitFor();
    expect(await slider.locator('img').count()).toBeGreaterThanOrEqual(3);
    const latest = member.page.getByTestId('latest-news');
    await latest.getByText(title).waitFor();
    await member.page.waitForLoadState('networkidle');
    await member.page.screenshot({ path: path.join(shots, `${viewport}-content-home.png`), fullPage: true });
    // The strip scrolls, unless the member asked for reduced motion: then its lines stand still.
    const animation = () =>
      marquee.evaluate(
        (el) => getComputedStyle(el.querySelector('div[aria-hidden="true"]')!.parentElement!).animationName,
      );
    expect(await animation()).not.toBe('none');
    await member.page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await animation()).toBe('none');
    await marquee.screenshot({ path: path.join(shots, `${viewport}-content-marquee-still.png`) });
    await member.page.emulateMedia({ reducedMotion: 'no-preference' });

    // ---- the news list, and the files tab ----
    await member.page.getByRole('link', { name: 'All news' }).click();
    await member.page.waitForURL(/HomegetAllNews/);
    // The home page's own news rows stay until the list page has loaded: wait for the list's tabs.
    await member.page.getByRole('tab', { name: 'Files' }).waitFor();
    const row = member.page.getByTestId('news-row').filter({ hasText: title });
    await row.waitFor();
    await member.page.screenshot({ path: path.join(shots, `${viewport}-content-news-list.png`) });
    await member.page.getByRole('tab', { name: 'Files' }).click();
    await member.page.getByTestId('files-list').getByText('Member guide (PDF)').waitFor();
    const download = member.page.getByTestId('files-list').getByRole('link', { name: fileTitle });
    expect(await download.getAttribute('href')).toMatch(/^\/api\/uploads\//);
    await member.page.getByRole('tab', { name: 'News' }).click();

    // ---- one item: its paragraphs, its cover opens the picture viewer ----
    await member.page.getByTestId('news-row').filter({ hasText: title }).click();
    await member.page.waitForURL(/HomeshowOneNews\?id=/);
    const article = member.page.getByTestId('news-article');
    await article.getByRole('heading', { name: title }).waitFor();
    await article.getByText('Bind a Gate key with trading rights only.').waitFor();
    expect(await article.locator('p', { hasText: 'Grid bots now run on Gate spot markets.' }).count()).toBe(
      1,
    );
    await member.page.waitForLoadState('networkidle');
    await member.page.screenshot({
      path: path.join(shots, `${viewport}-content-news-item.png`),
      fullPage: true,
    });
    await article.getByRole('button', { name: 'Open the picture full screen' }).click();
    await member.page.waitForURL(/preview-image/);

    // ---- the admin sees the view counted once ----
    await admin.page.reload();
    await newsRow(admin.page, title).waitFor();
    expect(await newsRow(admin.page, title).getByTestId('admin-news-views').textContent()).toBe('1');

    // ---- about us: the configured text and the version ----
    await member.page.goto(url('/pages/personal/AboutUs'));
    await member.page
      .getByTestId('about-text')
      .getByText(/trading bots for our members/)
      .waitFor();
    await member.page.getByTestId('app-version').getByText(/\d/).waitFor();
    await member.page.screenshot({ path: path.join(shots, `${viewport}-content-about.png`), fullPage: true });

    // ---- the other content tabs of the admin area render their lists and forms ----
    const tabs = [
      ['announcements', 'Announcements'],
      ['slider', 'Slider'],
      ['files', 'Files'],
      ['about', 'About & version'],
    ] as const;
    for (const [tab, heading] of tabs) {
      await admin.page.getByTestId(`content-tab-${tab}`).click();
      await admin.page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await admin.page.waitForLoadState('networkidle');
      await admin.page.screenshot({
        path: path.join(shots, `${viewport}-admin-content-${tab}.png`),
        fullPage: true,
      });
    }

    expect(failures).toEqual([]);
    await admin.context.close();
    await member.context.close();
  });
});
