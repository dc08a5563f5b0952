import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Paths, type TDepositInfo, type TWalletOverview } from '@app/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPerson, url, type ViewportName } from '../src/browser';
import { DEMO_PASSWORD, logIn } from '../src/members';

// The deposit page with the member's own address on chain (issue 21). The e2e server is `npm start`'s
// main.ts, which runs the development chain (a block every DEV_CHAIN_BLOCK_MS, set short in server.ts) and
// whose worker watches it: a test USDT sent from the page arrives, counts its confirmations live and is
// credited, as a new user sees it at home. The page with no chain watched is a unit test (DepositPage.test).

const shots = path.resolve(import.meta.dirname, '../artifacts/screens');
mkdirSync(shots, { recursive: true });

const members: Record<ViewportName, string> = { phone: 'jacky01', desktop: 'kevin01' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the server tells this member about deposits (the page shows it; the test checks it against it). */
async function depositInfo(page: Page): Promise<TDepositInfo> {
  const res = await page.request.get(`${inject('baseUrl')}${Paths.depositInfo}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as TDepositInfo;
}

/** The member's USDT deposit wallet, in whole units (the demo amounts are whole). */
async function depositWallet(page: Page): Promise<number> {
  const res = await page.request.get(`${inject('baseUrl')}${Paths.wallet}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as TWalletOverview;
  const usdt = body.currencies.find((c) => c.currency === 'USDT');
  return Number(usdt?.wallets.find((w) => w.wallet === 'deposit')?.available ?? 0);
}

describe.each<ViewportName>(['phone', 'desktop'])('deposit page at %s size', (viewport) => {
  it('shows the member’s own address, its QR code, the network and the warning', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    const info = await depositInfo(page);
    const erc20 = info.channels.find((c) => c.currency === 'USDT' && c.network === 'ERC20');
    if (!erc20) throw new Error('the e2e server watches no ERC20 channel: is the development chain running?');

    await page.goto(url('/pages/Wallet/deposit?currency=USDT'));
    await page.getByRole('radio', { name: 'Ethereum (ERC-20)' }).click();
    const channel = page.getByTestId('deposit-channel');
    await expect.poll(() => channel.getByTestId('deposit-address').textContent()).toBe(erc20.address);
    expect(erc20.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await channel.getByTestId('deposit-qr').getAttribute('data-uri')).toBe(erc20.uri);
    expect(await channel.getByTestId('deposit-qr').locator('svg').count()).toBe(1);
    expect(await channel.getByTestId('deposit-warning').textContent()).toContain(
      'Send only USDT on Ethereum (ERC-20) to this address.',
    );
    expect(await channel.getByTestId('receipt-row-confirmations').textContent()).toBe(
      String(erc20.confirmations),
    );
    // The server runs the development chain, so the faucet is offered.
    expect(info.testFaucet).toBe(true);
    expect(await page.getByTestId('test-faucet').count()).toBe(1);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(shots, `${viewport}-deposit-chain.png`), fullPage: true });
    await context.close();
  });

  it('sends test USDT: the deposit counts its confirmations and is credited', async () => {
    const { context, page } = await newPerson(browser, viewport);
    await logIn(page, members[viewport], DEMO_PASSWORD);
    const before = await depositWallet(page);
    await page.goto(url('/pages/Wallet/deposit?currency=USDT'));
    await page.getByRole('radio', { name: 'Ethereum (ERC-20)' }).click();
    await page.getByTestId('test-faucet').click();
    await page.getByTestId('test-faucet-tx').waitFor();

    // Seen on chain first, counting up (the page hears it over the live stream, or polls while pending).
    const item = page.getByTestId('deposit-item').first();
    await expect
      .poll(() => item.getByTestId('deposit-status').getAttribute('data-status'), { timeout: 30_000 })
      .toMatch(/pending|credited/);
    await expect
      .poll(() => item.getByTestId('deposit-status').getAttribute('data-status'), { timeout: 60_000 })
      .toBe('credited');
    expect(await item.textContent()).toContain('+100.00 USDT');
    expect(await depositWallet(page)).toBe(before + 100);
    await page.screenshot({ path: path.join(shots, `${viewport}-deposit-credited.png`), fullPage: true });
    await context.close();
  });
});
