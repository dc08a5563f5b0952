import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths, type TUserInfo } from '@app/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { codeSentTo, launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { logIn, registerViaApi } from '../src/members';

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each<ViewportName>(['phone', 'desktop'])('passwords at %s size', (viewport) => {
  it('resets a forgotten password in two steps with a TAC code, then logs in with the new one', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const member = await registerViaApi(context.request);
    const signupCode = await codeSentTo(member.email);

    await page.goto(url('/pages/login/login'));
    await page.getByText('Forgot password?').click();
    await page.waitForURL(/forgotpassword1/);
    // The URL changes before the lazy page replaces the login form, which has a field of the same name.
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('Username or email').fill(member.username);
    await page.getByRole('button', { name: 'Send code' }).click();
    // The same words whether or not the account exists: no destination is named.
    await expect
      .poll(() => page.getByTestId('tac-sent').textContent())
      .toContain('If an account has this username or email, a code is on its way');
    await page.screenshot({ path: path.join(shots, `${viewport}-forgot-sent-en-US.png`) });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/forgotpassword\/forgotpassword(\?|$)/);
    await page.getByLabel('Verification code').fill(await codeSentTo(member.email, signupCode));
    await page.getByLabel('New password', { exact: true }).fill('Changed12345');
    await page.getByLabel('Confirm new password').fill('Changed12345');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/#\/pages\/login\/login/);

    await logIn(page, member.username, 'Changed12345');
    await context.close();
  });

  it('sets a transaction password with the login password and a TAC code (step-up)', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const member = await registerViaApi(context.request);
    const signupCode = await codeSentTo(member.email);
    await logIn(page, member.username, member.password);

    await page.goto(url('/pages/personal/TransactionPassword'));
    await page.getByTestId('credential-change-note').waitFor();
    await page.getByLabel('Login password').fill(member.password);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Verification code').fill(await codeSentTo(member.email, signupCode));
    await page.getByLabel('New transaction password').fill('Trade123456');
    await page.getByLabel('Confirm transaction password').fill('Trade123456');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/personal\/personal/);

    const me = (await (await context.request.get(`${inject('baseUrl')}${Paths.me}`)).json()) as TUserInfo;
    expect(me.hasTransactionPassword).toBe(true);
    await context.close();
  });

  it('changes the login password with the current one and a code; other devices are signed out', async () => {
    const { context, page } = await newPerson(browser, viewport);
    const member = await registerViaApi(context.request);
    const signupCode = await codeSentTo(member.email);
    const other = await newPerson(browser, viewport);
    await logIn(other.page, member.username, member.password);
    await logIn(page, member.username, member.password);

    await page.goto(url('/pages/personal/LoginPassword'));
    await page.getByTestId('credential-change-note').waitFor();
    await page.getByLabel('Current password').fill(member.password);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByTestId('tac-sent').waitFor();
    const code = await codeSentTo(member.email, signupCode);
    await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill('Changed12345');
    await page.getByLabel('Confirm new password').fill('Changed12345');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('field-code-message').textContent()).toBeTruthy();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password changed.').waitFor();

    // The other device's next call is refused: it goes to login.
    await other.page.goto(url('/pages/personal/AccountSetting'));
    await other.page.waitForURL(/#\/pages\/login\/login/);
    await logIn(other.page, member.username, 'Changed12345');
    await other.context.close();
    await context.close();
  });
});
