import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, launchBrowser, newPerson, uniqueUsername, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn, registerViaApi } from '../src/members';

// The profile, the invitation, saved addresses and the map pages, as a member uses them, at both sizes.
// Map tiles never load here (no network to OpenStreetMap): the map pages must show their fallback.
const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

/** The seed's members of this spec: one per screen size, used by no other spec. */
const members: Record<ViewportName, string> = { phone: 'profm01', desktop: 'profd01' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, viewport: ViewportName, name: string) {
  await page.waitForLoadState('networkidle');
  // A toast from the last action would hide what the picture is for.
  await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shots, `${viewport}-profile-${name}.png`) });
}

async function fillAddress(page: Page, name: string, line1: string) {
  await page.getByLabel('Recipient name').fill(name);
  await page.getByLabel('Phone number').fill('123456789');
  await page.getByLabel('Address', { exact: true }).fill(line1);
  await page.getByLabel('City').fill('Kuala Lumpur');
  await page.getByLabel('Postcode').fill('50450');
}

describe.each<ViewportName>(['phone', 'desktop'])('profile and addresses at %s size', (viewport) => {
  const username = members[viewport];

  it('shows the Me page with KYC state, and edits the name on the profile', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, username, DEMO_PASSWORD);

    await page.goto(url('/pages/personal/personal'));
    await page.getByTestId('kyc-chip').waitFor();
    expect(await page.getByTestId('kyc-chip').textContent()).toBe('Not verified');

    await page.goto(url('/pages/personal/profile'));
    await page.getByTestId('profile-username').waitFor();
    expect(await page.getByTestId('profile-username').textContent()).toBe(username);
    expect(await page.getByTestId('profile-sponsor').textContent()).toBe('paula01');
    await page.getByLabel('Full name').fill('Profile Tester');
    await page.getByTestId('profile-save-name').click();
    await page.getByText('Profile saved.').waitFor();
    await page.getByRole('heading', { name: 'Profile Tester' }).waitFor();

    // The avatar: picked, uploaded at once, set on the profile, shown in the header and on the Me page.
    const avatar = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('profile-avatar-field')
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
    await page.getByText('Profile picture saved.').waitFor();
    await page.locator('img[data-testid="member-avatar"]').waitFor();
    await shot(page, viewport, 'profile');

    await page.goto(url('/pages/personal/personal'));
    await page.getByTestId('personal-name').filter({ hasText: 'Profile Tester' }).waitFor();
    await page.locator('img[data-testid="member-avatar"]').waitFor();
    await shot(page, viewport, 'me');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the invitation QR code and link; the link opens sign-up with the sponsor filled in', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, username, DEMO_PASSWORD);
    await page.goto(url('/pages/personal/InviteFriend'));
    await page.getByTestId('invite-qr').locator('svg').waitFor();
    expect(await page.getByTestId('invite-code').textContent()).toBe(username);
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    expect(link).toBe(url(`/pages/register/register?sponsor=${username}`));
    await page.getByTestId('invite-copy-link').click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, viewport, 'invite');

    const visitor = await newPerson(browser, viewport);
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await visitor.page.getByLabel('Sponsor').inputValue()).toBe(username);
    await visitor.page.getByText(`Sponsor: ${username}`).waitFor();
    await shot(visitor.page, viewport, 'invited-register');
    await visitor.context.close();
    await context.close();
  });

  it('changes the email with step-up (password, code to the old, code to the new); transfers are then held', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const member = await registerViaApi(context.request);
    const signupCode = await codeSentTo(member.email);
    const other = await newPerson(browser, viewport);
    await logIn(other.page, member.username, member.password);
    await logIn(page, member.username, member.password);
    const newEmail = `${uniqueUsername('new')}@e2e.test`;

    await page.goto(url('/pages/personal/profile'));
    const form = page.getByRole('form', { name: 'Change email or mobile' });
    await form.getByTestId('credential-change-note').waitFor();
    // Without the login password nothing is sent.
    await form.getByLabel('Email address').fill(newEmail);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => form.getByTestId('field-currentPassword-message').textContent()).toBeTruthy();
    await form.getByLabel('Login password').fill('Wrong12345');
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect
      .poll(() => form.getByTestId('field-currentPassword-message').textContent())
      .toBe('The current password is not correct.');
    await form.getByLabel('Login password').fill(member.password);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => form.getByTestId('tac-sent').count()).toBe(2);
    const currentCode = await codeSentTo(member.email, signupCode);
    const newCode = await codeSentTo(newEmail);
    await form.getByLabel('Code sent to your current contact').fill(currentCode);
    await form.getByLabel('Code sent to the new contact').fill(newCode);
    // The form sits below the profile's other cards: the picture shows it, not the page's top.
    await form.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: path.join(shots, `${viewport}-profile-contact-change-step-up.png`) });
    await form.getByTestId('profile-change-contact').click();
    await page.getByText('Your contact was changed.').waitFor();

    // The old address is told; the other device is signed out.
    const outbox = await fetch(`${inject('baseUrl')}/api/dev/outbox?to=${encodeURIComponent(member.email)}`);
    const { items } = (await outbox.json()) as { items: Array<{ subject: string; text: string }> };
    expect(items[0]?.subject).toBe('Security notice: your account was changed');
    await other.page.goto(url('/pages/personal/AccountSetting'));
    await other.page.waitForURL(/#\/pages\/login\/login/);

    // The money screens say the hold, its reason and its end.
    await page.goto(url('/pages/Wallet/transfer'));
    const hold = page.getByTestId('money-hold');
    await hold.waitFor();
    expect(await hold.textContent()).toMatch(
      /^Your email or mobile number was changed\. Transfers and withdrawals are on hold until .+\. If it was not you, contact customer service at once\.$/,
    );
    await shot(page, viewport, 'transfer-held');
    await page.goto(url('/pages/Wallet/menuWithdraw'));
    await page.getByTestId('money-hold').waitFor();
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('adds addresses (one located by hand on the map fallback), sets a default, deletes one', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await logIn(page, username, DEMO_PASSWORD);
    await page.goto(url('/pages/personal/MyAddress'));
    await page.getByText('~ No Record ~').waitFor();
    await shot(page, viewport, 'my-address-empty');

    await page.getByTestId('address-add').click();
    await page.getByRole('heading', { name: 'New address' }).waitFor();
    await fillAddress(page, 'Home Tester', '12 Jalan Ampang');
    await shot(page, viewport, 'add-address');
    await page.getByTestId('address-save').click();
    await page.getByText('Address saved.').waitFor();
    await page.getByTestId('address-item').first().waitFor();
    expect(await page.getByTestId('address-default').count()).toBe(1);

    // The second one gets a location: tiles cannot load here, so the fallback takes typed coordinates.
    await page.getByTestId('address-add').click();
    await fillAddress(page, 'Office Tester', '1 Jalan Sultan Ismail');
    await page.getByTestId('address-pick-map').click();
    await page.getByRole('heading', { name: 'Choose location' }).waitFor();
    await page.getByTestId('map-fallback').waitFor({ timeout: 20_000 });
    await page.getByText('The map cannot be shown').waitFor();
    await page.getByLabel(/^Latitude/).fill('95');
    await page.getByLabel(/^Longitude/).fill('101.7116');
    await page.getByTestId('manual-apply').click();
    await page.getByRole('alert').filter({ hasText: 'Enter a latitude from −90 to 90' }).waitFor();
    await page.getByLabel(/^Latitude/).fill('3.1579');
    await page.getByTestId('manual-apply').click();
    await page.getByTestId('map-fallback-point').filter({ hasText: 'Latitude 3.157900' }).waitFor();
    await shot(page, viewport, 'choose-location-fallback');
    await page.getByTestId('location-confirm').click();
    await page.getByRole('heading', { name: 'New address' }).waitFor();
    // What was typed before the map survived the trip, and the point came back with it.
    expect(await page.getByLabel('Recipient name').inputValue()).toBe('Office Tester');
    await page
      .getByTestId('address-point')
      .filter({ hasText: 'Latitude 3.157900, longitude 101.711600' })
      .waitFor();
    await page.getByTestId('address-save').click();
    await page.getByText('Address saved.').waitFor();
    await expect.poll(() => page.getByTestId('address-item').count()).toBe(2);

    const office = page.getByTestId('address-item').filter({ hasText: 'Office Tester' });
    await office.getByRole('button', { name: 'Set as default' }).click();
    await page.getByText('Default address changed.').waitFor();
    await page
      .getByTestId('address-item')
      .first()
      .filter({ hasText: 'Office Tester' })
      .getByTestId('address-default')
      .waitFor();
    expect(await page.getByTestId('address-default').count()).toBe(1);
    await shot(page, viewport, 'my-address');

    await page
      .getByTestId('address-item')
      .filter({ hasText: 'Home Tester' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Address deleted.').waitFor();
    await expect.poll(() => page.getByTestId('address-item').count()).toBe(1);

    // The saved point opens on the map page, which falls back too.
    await page.getByRole('link', { name: 'View on map' }).click();
    await page.getByRole('heading', { name: 'Location' }).waitFor();
    await page.getByTestId('map-fallback').waitFor({ timeout: 20_000 });
    await page.getByTestId('location-readout').filter({ hasText: 'Latitude 3.157900' }).waitFor();
    await shot(page, viewport, 'open-location-fallback');
    expect(errors).toEqual([]);
    await context.close();
  });
});
