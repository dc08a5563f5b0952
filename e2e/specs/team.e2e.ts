import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// The placement tree, the sponsor tree and My affiliates, as a member uses them, at both sizes.
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

/** The seed's members of this spec (one per screen size, used by no other spec), each with one referral. */
const members: Record<ViewportName, { me: string; referral: string; stranger: string }> = {
  phone: { me: 'treem01', referral: 'leafm01', stranger: 'leafd01' },
  desktop: { me: 'treed01', referral: 'leafd01', stranger: 'leafm01' },
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, viewport: ViewportName, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(shots, `${viewport}-team-${name}.png`), fullPage: true });
}

/** The username at the top of the placement view. */
const topOfTree = (page: Page) =>
  page.locator('[data-testid^="node-"]').first().locator('strong').textContent();

describe.each<ViewportName>(['phone', 'desktop'])('team trees at %s size', (viewport) => {
  const { me, referral, stranger } = members[viewport];

  it('browses the placement tree down and up, and an empty slot opens sign-up prefilled', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, me, DEMO_PASSWORD);

    await page.goto(url('/pages/personal/SponsorTreeOne'));
    await page.getByTestId(`node-${referral}`).waitFor();
    expect(await topOfTree(page)).toBe(me);
    expect(await page.getByTestId('tree-up').isDisabled()).toBe(true);
    await page.getByTestId(`slot-${me}-right`).waitFor();
    // Leg counts are the daily run's: the page says as of when.
    expect(await page.getByTestId('counts-as-of').textContent()).toMatch(
      /^Leg member counts and volumes as of /,
    );
    await shot(page, viewport, 'placement');

    await page.getByTestId(`node-${referral}`).click();
    await page.getByTestId(`slot-${referral}-left`).waitFor();
    expect(await topOfTree(page)).toBe(referral);
    await page.getByTestId('tree-up').click();
    await page.getByTestId(`slot-${me}-right`).waitFor();
    expect(await topOfTree(page)).toBe(me);
    expect(await page.getByTestId('tree-up').isDisabled()).toBe(true);

    await page.getByTestId(`slot-${me}-right`).click();
    await page.getByLabel('Sponsor').waitFor();
    expect(await page.getByLabel('Sponsor').inputValue()).toBe(me);
    expect(await page.getByLabel('Placement', { exact: true }).inputValue()).toBe(me);
    expect(page.url()).toContain('side=right');
    await shot(page, viewport, 'signup-prefilled');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists, searches and favourites the downline, and shows the sponsor tree', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, me, DEMO_PASSWORD);

    await page.goto(url('/pages/personal/MyAffiliates'));
    await page.getByTestId(`member-${referral}`).waitFor();
    await page.getByRole('button', { name: `Add ${referral} to favourites` }).click();
    await page.getByRole('button', { name: `Remove ${referral} from favourites` }).waitFor();
    await shot(page, viewport, 'affiliates');

    await page.getByRole('tab', { name: '5 levels' }).click();
    await page.getByTestId('level-1').waitFor();
    expect(await page.getByTestId('level-1').locator('strong').textContent()).toBe('1');

    await page.getByRole('tab', { name: 'Search' }).click();
    const search = page.getByPlaceholder('Username or #ID');
    await search.fill(referral.slice(0, 4));
    await search.press('Enter');
    await page.getByTestId(`member-${referral}`).waitFor();
    await shot(page, viewport, 'search');
    await search.fill(stranger);
    await search.press('Enter');
    await page.getByText('No member of your team matches.').waitFor();
    await search.fill('le%');
    await search.press('Enter');
    await page.getByText('Search with letters and digits only').waitFor();

    await page.getByRole('tab', { name: 'Favourites' }).click();
    await page.getByTestId(`member-${referral}`).waitFor();

    await page.goto(url('/pages/personal/SponsorTree2'));
    await page.getByTestId(`member-${referral}`).waitFor();
    await shot(page, viewport, 'sponsor-tree');
    await context.close();
  });
});
