import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths } from '@app/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, launchBrowser, newPerson, uniqueUsername, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, freeSlot, logIn, registerViaApi, remember, SPONSOR } from '../src/members';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

/** The login page's heading and its "send me an unlock code" button in each language. */
const unlockLanguages = [
  ['en-US', { heading: 'Log in', send: 'Send me an unlock code' }],
  ['zh-CN', { heading: '登录', send: '发送解锁码给我' }],
  ['bm-MY', { heading: 'Log masuk', send: 'Hantar kod buka kunci kepada saya' }],
  ['de', { heading: 'Anmelden', send: 'Entsperrcode an mich senden' }],
  ['fr', { heading: 'Connexion', send: 'M’envoyer un code de déblocage' }],
] as const;

const languageHeadings = [
  ['zh-CN', '语言'],
  ['bm-MY', 'Bahasa'],
  ['de', 'Sprache'],
  ['fr', 'Langue'],
  ['en-US', 'Language'],
] as const;

describe.each<ViewportName>(['phone', 'desktop'])('sign-up and access at %s size', (viewport) => {
  it('signs up with the TAC code from the mail catcher, logs in, switches all five languages, logs out', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const username = uniqueUsername('su');
    const email = `${username}@e2e.test`;
    const password = 'Secret12345';
    const slot = await freeSlot(context.request);

    await page.goto(url('/pages/register/register'));
    await page.getByLabel('Username', { exact: true }).fill(username);
    await expect.poll(() => page.getByText('This username is available.').isVisible()).toBe(true);
    await page.getByLabel('Sponsor').fill(SPONSOR);
    await page.getByLabel('Placement').fill(slot.placement);
    await page.getByRole('radio', { name: slot.side === 'left' ? 'Left' : 'Right' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect.poll(() => page.getByText(/Code sent to/).isVisible()).toBe(true);
    await page.getByLabel('Verification code').fill(await codeSentTo(email));
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(/#\/pages\/home\/home/);
    remember(username);

    // Signed in by sign-up; log out, then in again with the new account.
    // The tab bar on a phone, the side menu on a desktop (one navigation each).
    await page.getByTestId(viewport === 'phone' ? 'tab-me' : 'side-me').click();
    await expect.poll(() => page.getByTestId('personal-username').textContent()).toBe(username);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    await logIn(page, email, password);

    for (const [lang, heading] of languageHeadings) {
      await page.goto(url('/pages/personal/lang'));
      await page.getByTestId(`lang-${lang}`).click();
      await expect
        .poll(() => page.getByRole('heading', { name: heading, exact: true }).isVisible())
        .toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
    }

    await page.goto(url('/pages/personal/personal'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    // The server ended the session too: the old cookie no longer opens /api/me.
    const me = await context.request.get(`${inject('baseUrl')}${Paths.me}`);
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('refuses a 4-character, a 16-character and a symbol-bearing username, and a password mismatch', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await page.goto(url('/pages/register/register'));
    const username = page.getByLabel('Username', { exact: true });
    const message = page.getByTestId('field-username-message');
    for (const bad of ['abcd', 'abcdefghij123456', 'bad_name!']) {
      await username.fill(bad);
      await username.blur();
      await expect.poll(() => message.textContent()).toBe('Username must be 5 to 15 letters or digits.');
    }
    await page.getByLabel('Password', { exact: true }).fill('Secret12345');
    await page.getByLabel('Confirm password').fill('Secret12346');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect
      .poll(() => page.getByTestId('field-confirmPassword-message').textContent())
      .toBe('Password did not match, Please re-enter again');
    await context.close();
  });

  it('makes this device wait after five wrong passwords, while the member logs in from another', async () => {
    const attacker = await newPerson(browser, viewport);
    const member = await registerViaApi(attacker.context.request);
    const page = attacker.page;
    await page.goto(url('/pages/login/login'));
    for (let i = 0; i < 5; i++) {
      await page.getByLabel('Username or email').fill(member.username);
      await page.getByLabel('Password').fill(`Wrong${i}12345`);
      const answered = page.waitForResponse((r) => r.url().endsWith(Paths.login));
      await page.getByRole('button', { name: 'Log in' }).click();
      await answered;
      await expect
        .poll(() => page.getByTestId('form-alert').textContent())
        .toMatch(i < 4 ? /^Wrong username, email or password\.$/ : /Try again in 30\ss/);
    }
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.getByTestId('form-alert').textContent())
      .toMatch(/^Too many failed logins from this device\. Try again in \d+\ss\.$/);
    expect(page.url()).toContain('/pages/login/login');
    await page.screenshot({ path: path.join(shots, `${viewport}-login-throttled-en-US.png`) });

    // The member, elsewhere, is not held up by the attacker's address.
    const elsewhere = await newPerson(browser, viewport);
    await logIn(elsewhere.page, member.username, member.password);
    await attacker.context.close();
    await elsewhere.context.close();
  });

  it('past the account ceiling asks a new device for an unlock code from the mail, and then logs in', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const member = await registerViaApi(context.request);
    const signupCode = await codeSentTo(member.email);
    // A botnet: one wrong password from each of 20 addresses.
    for (let i = 0; i < 20; i++) {
      const res = await context.request.post(`${inject('baseUrl')}${Paths.login}`, {
        headers: {
          Origin: inject('baseUrl'),
          'X-Forwarded-For': `10.250.${viewport === 'phone' ? 1 : 2}.${i + 1}`,
        },
        data: { login: member.username, password: `Wrong${i}12345` },
      });
      expect(res.status()).toBe(401);
    }
    await page.goto(url('/pages/login/login'));
    await page.getByLabel('Username or email').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.getByTestId('form-alert').textContent())
      .toBe('Too many failed logins on this account. This device needs an unlock code first.');
    await page.getByRole('button', { name: 'Send me an unlock code' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.screenshot({ path: path.join(shots, `${viewport}-login-unlock-en-US.png`) });
    await page.getByLabel('Verification code').fill(await codeSentTo(member.email, signupCode));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/#\/pages\/home\/home/);
    await context.close();
  });

  it('shows the unlock step in all five languages', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const member = await registerViaApi(context.request);
    for (let i = 0; i < 20; i++) {
      await context.request.post(`${inject('baseUrl')}${Paths.login}`, {
        headers: {
          Origin: inject('baseUrl'),
          'X-Forwarded-For': `10.251.${viewport === 'phone' ? 1 : 2}.${i + 1}`,
        },
        data: { login: member.username, password: `Wrong${i}12345` },
      });
    }
    for (const [lang, title] of unlockLanguages) {
      await page.goto(url('/pages/login/login'));
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.reload();
      await page.getByRole('heading', { name: title.heading, exact: true }).first().waitFor();
      await page.locator('input[autocomplete="username"]').fill(member.username);
      await page.locator('input[autocomplete="current-password"]').fill(member.password);
      await page.locator('button[type="submit"]').click();
      await page.getByTestId('login-unlock').waitFor();
      await page.screenshot({ path: path.join(shots, `${viewport}-login-unlock-ask-${lang}.png`) });
      await page.getByRole('button', { name: title.send }).click();
      await page.locator('input[autocomplete="one-time-code"]').waitFor();
      await page.screenshot({ path: path.join(shots, `${viewport}-login-unlock-${lang}.png`) });
    }
    await context.close();
  });

  it('sends a page to login on its next call once another device ended its session', async () => {
    const first = await newPerson(browser, viewport);
    const member = await registerViaApi(first.context.request);
    await logIn(first.page, member.username, member.password);

    const second = await newPerson(browser, viewport);
    await logIn(second.page, member.username, member.password);
    await second.page.goto(url('/pages/personal/AccountSetting'));
    await expect.poll(() => second.page.getByTestId('session-item').count()).toBe(2);
    await second.page.getByRole('button', { name: 'End' }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
    await expect.poll(() => second.page.getByTestId('session-item').count()).toBe(1);

    // The first device asks the server for something: the answer is SESSION_INVALID, and it goes to login.
    await first.page.goto(url('/pages/personal/AccountSetting'));
    await first.page.waitForURL(/#\/pages\/login\/login/);
    expect(await first.page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await first.context.close();
    await second.context.close();
  });

  it("shows the spec's 429 modal when the login budget of this address is spent", async () => {
    const { context, page } = await newPerson(browser, viewport);
    await page.goto(url('/pages/login/login'));
    // Spend this address's per-minute budget of guarded calls (the server runs with 40); a new name each
    // time, so the login throttle (five tries per name and address) is not what answers.
    for (let i = 0; i < 41; i++) {
      const res = await context.request.post(`${inject('baseUrl')}${Paths.login}`, {
        headers: { Origin: inject('baseUrl') },
        data: { login: `nobody-here-${i}`, password: 'x' },
      });
      if (res.status() === 429) break;
    }
    await page.getByLabel('Username or email').fill('alice01');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText('Frequent request , Please try it again.').isVisible()).toBe(true);
    expect(page.url()).toContain('/pages/login/login');
    await context.close();
  });
});
