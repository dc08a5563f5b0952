import type { TReceipt, TWalletOverview, TWalletRecord } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, idOfMember, PAY_PASSWORD } from '../../../test/fixtures';
import { fund, makeCurrency } from '../../../test/ledger-fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';
import { decimalOf } from './amounts';

let t: TestApp;
const clients: Record<string, Client> = {};

/** A logged-in client of a demo member whose transaction password is PAY_PASSWORD. */
async function as(username: string): Promise<Client> {
  if (clients[username]) return clients[username];
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  await client.login(username);
  clients[username] = client;
  return client;
}

function available(overview: TWalletOverview, currency: string, wallet: string): string {
  const row = overview.currencies.find((c) => c.currency === currency);
  return row?.wallets.find((w) => w.wallet === wallet)?.available ?? 'missing';
}

async function balance(client: Client, currency = 'USDT', wallet = 'funds') {
  return available((await client.get<TWalletOverview>('/api/wallet')).body, currency, wallet);
}

async function transferBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    to: 'bobby01',
    currency: 'USDT',
    fromWallet: 'funds',
    toWallet: 'funds',
    amount: '12.5',
    password: await client.seal(PAY_PASSWORD),
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('wallet overview and records', () => {
  it('shows the four wallets per currency with a USD total', async () => {
    const alice = await as('alice01');
    const { status, body } = await alice.get<TWalletOverview>('/api/wallet');
    expect(status).toBe(200);
    const usdt = body.currencies.find((c) => c.currency === 'USDT')!;
    expect(usdt.wallets.map((w) => w.wallet)).toEqual(['deposit', 'trading', 'reward', 'funds']);
    expect(usdt.wallets.find((w) => w.wallet === 'funds')?.available).toBe('1000.000000');
    expect(usdt.total).toBe('1250.000000');
    // 1000 + 250 USDT + 300 USDC at 1 USD, 800 MCOIN at 0.25, AIRDROP at 0
    expect(body.usdTotal).toBe('1750.000000');
    expect(body.currencies.map((c) => c.currency).slice(0, 2)).toEqual(['USDC', 'USDT']);
  });

  it('lists each active currency once: its accounts as the ledger has them, zeros where there is none', async () => {
    const alice = await as('alice01');
    const memberId = await idOfMember(t.db, 'alice01');
    const unheld = await makeCurrency(t.db, 3);
    const ledger = createLedgerService({ db: t.db });
    const { body } = await alice.get<TWalletOverview>('/api/wallet');
    const active = await t.db.selectFrom('currencies').select('code').where('active', '=', true).execute();
    expect(body.currencies.map((c) => c.currency).sort()).toEqual(active.map((c) => c.code).sort());
    expect(body.currencies.find((c) => c.currency === unheld)).toMatchObject({
      wallets: ['deposit', 'trading', 'reward', 'funds'].map((wallet) => ({
        wallet,
        available: '0.000',
        held: '0.000',
      })),
      total: '0.000',
      usdValue: '0.000000',
    });
    const balances = await ledger.balances(memberId);
    expect(balances.length).toBeGreaterThan(1);
    for (const b of balances) {
      const row = body.currencies.find((c) => c.currency === b.currency)!;
      expect(row.wallets.find((w) => w.wallet === b.wallet)).toEqual({
        wallet: b.wallet,
        available: decimalOf(b.available, row),
        held: decimalOf(b.pendingOut, row),
      });
    }
  });

  it('refuses a stranger', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/wallet' });
    expect(reply.statusCode).toBe(401);
  });

  it('shows a currency added after the first records page with its own decimals', async () => {
    const carol = await as('carol01');
    expect((await carol.get('/api/wallet/records')).status).toBe(200);
    const code = await makeCurrency(t.db, 2);
    const ledger = createLedgerService({ db: t.db });
    const memberId = await idOfMember(t.db, 'carol01');
    const account = await ledger.account(t.db, { memberId, wallet: 'funds', currency: code });
    await fund(ledger, t.db, account.id, code, 1234n);
    const page = await carol.get<{ items: TWalletRecord[] }>(`/api/wallet/records?currency=${code}`);
    expect(page.body.items[0]).toMatchObject({ currency: code, amount: '12.34', balanceAfter: '12.34' });
  });
});

describe('transfer to another member', () => {
  it('looks the recipient up with a masked name, and refuses unknown ones and oneself', async () => {
    const alice = await as('alice01');
    const found = await alice.get('/api/wallet/recipient?username=BOBBY01');
    expect(found.body).toEqual({ username: 'bobby01', maskedName: 'Bo******mo' });
    const missing = await alice.get('/api/wallet/recipient?username=nobody99');
    expect([missing.status, missing.body.code]).toEqual([404, 'RECIPIENT_NOT_FOUND']);
    const self = await alice.get('/api/wallet/recipient?username=alice01');
    expect(self.body.code).toBe('RECIPIENT_IS_SELF');
  });

  it("moves the amount once, shows on both members' records, and a retry gets the same answer", async () => {
    const alice = await as('alice01');
    const bobby = await as('bobby01');
    const body = await transferBody(alice, { memo: 'lunch' });
    const first = await alice.move<TReceipt>('/api/wallet/transfer', body, 'transfer-once-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      amount: '12.500000',
      balanceAfter: '987.500000',
      counterparty: 'bo***01',
    });
    const retry = await alice.move<TReceipt>('/api/wallet/transfer', body, 'transfer-once-1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await balance(alice)).toBe('987.500000');
    expect(await balance(bobby)).toBe('1012.500000');

    const mine = await alice.get<{ items: TWalletRecord[] }>('/api/wallet/records?kind=transfer');
    expect(mine.body.items[0]).toMatchObject({
      id: first.body.id,
      direction: 'out',
      amount: '12.500000',
      balanceAfter: '987.500000',
      counterparty: 'bo***01',
      status: 'posted',
      memo: 'lunch',
    });
    const theirs = await bobby.get<{ items: TWalletRecord[] }>(
      '/api/wallet/records?currency=USDT&wallet=funds',
    );
    expect(theirs.body.items[0]).toMatchObject({
      id: first.body.id,
      direction: 'in',
      counterparty: 'al***01',
    });
  });

  it('refuses the same key with another body (422) and a missing key (400)', async () => {
    const alice = await as('alice01');
    await alice.move('/api/wallet/transfer', await transferBody(alice), 'transfer-key-2');
    const other = await alice.move(
      '/api/wallet/transfer',
      await transferBody(alice, { amount: '1' }),
      'transfer-key-2',
    );
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const noKey = await alice.post('/api/wallet/transfer', await transferBody(alice));
    expect([noKey.status, noKey.body.code]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
  });

  it.each([
    ['a negative amount', { amount: '-5' }, 'AMOUNT_NOT_POSITIVE'],
    ['zero', { amount: '0' }, 'AMOUNT_NOT_POSITIVE'],
    ['too many decimals', { amount: '1.0000001' }, 'AMOUNT_TOO_PRECISE'],
    ['beyond the range', { amount: '1'.repeat(40) }, 'AMOUNT_TOO_LARGE'],
    ['not a number', { amount: '1e5' }, 'AMOUNT_INVALID'],
    ['an unknown currency', { currency: 'DOGE' }, 'CURRENCY_UNKNOWN'],
    ['an unknown wallet', { fromWallet: 'savings' }, 'VALIDATION_FAILED'],
    ['a recipient that does not exist', { to: 'ghost0001' }, 'RECIPIENT_NOT_FOUND'],
    ['oneself', { to: 'alice01' }, 'RECIPIENT_IS_SELF'],
    ['wallets the rules do not allow', { fromWallet: 'deposit' }, 'TRANSFER_NOT_ALLOWED'],
    ['a promotional coin (airdrop only)', { currency: 'AIRDROP' }, 'TRANSFER_NOT_ALLOWED'],
    ['more than the balance', { amount: '5000' }, 'LEDGER_INSUFFICIENT_FUNDS'],
  ])('refuses %s with its own code and moves nothing', async (_name, overrides, code) => {
    const alice = await as('alice01');
    const before = (await alice.get<TWalletOverview>('/api/wallet')).body;
    const reply = await alice.move('/api/wallet/transfer', await transferBody(alice, overrides));
    expect(reply.body.code).toBe(code);
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect((await alice.get<TWalletOverview>('/api/wallet')).body).toEqual(before);
  });

  it('refuses a wrong transaction password and moves nothing', async () => {
    const alice = await as('alice01');
    const before = await balance(alice);
    const reply = await alice.move(
      '/api/wallet/transfer',
      await transferBody(alice, { password: await alice.seal('Wrong1234') }),
    );
    expect(reply.body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    expect(await balance(alice)).toBe(before);
  });

  it('follows the rule table an admin changes, and the change is audited', async () => {
    const carol = await as('carol01');
    const refused = await carol.move(
      '/api/wallet/transfer',
      await transferBody(carol, { toWallet: 'reward' }),
    );
    expect(refused.body.code).toBe('TRANSFER_NOT_ALLOWED');

    const admin = new Client(t.app);
    await admin.loginAdmin();
    const set = await admin.call('PUT', '/api/admin/transfer-rules', {
      fromWallet: 'funds',
      toWallet: 'reward',
      currency: 'USDT',
      enabled: true,
    });
    expect(set.status).toBe(200);
    const allowed = await carol.move(
      '/api/wallet/transfer',
      await transferBody(carol, { toWallet: 'reward' }),
    );
    expect(allowed.status).toBe(200);
    const audit = await admin.get<{ items: Array<{ action: string; actor: string; subject: string }> }>(
      '/api/admin/audit?action=wallet.transfer_rule',
    );
    expect(audit.body.items[0]).toMatchObject({
      action: 'wallet.transfer_rule.set',
      actor: 'admin',
      subject: 'rule:funds>reward:USDT',
    });
  });
});

describe('airdrop', () => {
  it('passes promotional coins on, and refuses USDT', async () => {
    const david = await as('david01');
    const usdt = await david.move('/api/wallet/airdrop', {
      to: 'emily01',
      currency: 'USDT',
      amount: '1',
      password: await david.seal(PAY_PASSWORD),
    });
    expect(usdt.body.code).toBe('AIRDROP_PROMO_ONLY');
    const sent = await david.move<TReceipt>('/api/wallet/airdrop', {
      to: 'emily01',
      currency: 'AIRDROP',
      amount: '30',
      password: await david.seal(PAY_PASSWORD),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.balanceAfter).toBe('70.000000');
    expect(await balance(await as('emily01'), 'AIRDROP')).toBe('130.000000');
  });

  it('lets an admin airdrop to many members at once, audited', async () => {
    const admin = new Client(t.app);
    await admin.loginAdmin();
    const reply = await admin.move('/api/admin/airdrops', {
      currency: 'AIRDROP',
      amount: '5',
      usernames: ['frank01', 'grace01', 'FRANK01'],
      reason: 'launch promotion',
    });
    expect(reply.body.credited).toBe(2);
    expect(await balance(await as('grace01'), 'AIRDROP')).toBe('105.000000');
    const unknown = await admin.move('/api/admin/airdrops', {
      currency: 'AIRDROP',
      amount: '5',
      usernames: ['frank01', 'nobody77'],
      reason: 'launch promotion',
    });
    expect(unknown.body).toMatchObject({ code: 'RECIPIENT_NOT_FOUND', details: { usernames: ['nobody77'] } });
    expect(await balance(await as('frank01'), 'AIRDROP')).toBe('105.000000');
  });
});

describe('the books', () => {
  it('balance after everything above: every currency sums to zero', async () => {
    const audit = await createLedgerService({ db: t.db }).audit();
    expect(audit).toEqual({ unbalanced: [], mismatchedAccounts: [] });
  });
});
