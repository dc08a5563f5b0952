import type { TNotificationPage, TWalletOverview, TWithdrawal } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, lastCode, type TestApp } from '../../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';

let t: TestApp;
let admin: Client;
const TRON = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TX = `0x${'ab'.repeat(32)}`;

async function member(username: string): Promise<Client> {
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  await client.login(username);
  return client;
}

async function funds(client: Client, currency = 'USDT') {
  const body = (await client.get<TWalletOverview>('/api/wallet')).body;
  const wallet = body.currencies
    .find((c) => c.currency === currency)!
    .wallets.find((w) => w.wallet === 'funds')!;
  return { available: wallet.available, held: wallet.held };
}

async function bind(client: Client, username: string, network: string, address: string, code?: string) {
  if (!code) {
    // A new code may be asked for once a minute: age the last one instead of waiting.
    await t.db
      .updateTable('tac_codes')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .execute();
    const sent = await client.post('/api/me/tac', { purpose: 'withdraw_address' });
    expect(sent.status).toBe(200);
  }
  return client.move('/api/wallet/withdraw-addresses', {
    network,
    address,
    code: code ?? lastCode(t.outbox, `${username}@demo.local`),
    password: await client.seal(PAY_PASSWORD),
  });
}

async function withdraw(client: Client, overrides: Record<string, unknown> = {}) {
  return client.move<TWithdrawal & { code?: string; details?: unknown }>('/api/wallet/withdrawals', {
    currency: 'USDT',
    wallet: 'funds',
    network: 'TRC20',
    amount: '100',
    password: await client.seal(PAY_PASSWORD),
    ...overrides,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
});
afterAll(() => t.close());

describe('withdrawal address', () => {
  it('is checked for its format: base58check for Tron, the EIP-55 checksum for EVM', async () => {
    const alice = await member('alice01');
    const badTron = await bind(alice, 'alice01', 'TRC20', `${TRON.slice(0, -1)}e`);
    expect(badTron.body.code).toBe('ADDRESS_CHECKSUM_WRONG');
    const notTron = await bind(alice, 'alice01', 'TRC20', EVM);
    expect(notTron.body.code).toBe('ADDRESS_INVALID');
    const badCase = await bind(alice, 'alice01', 'ERC20', EVM.replace('aAeb', 'aaeb'));
    expect(badCase.body.code).toBe('ADDRESS_CHECKSUM_WRONG');
    const list = await alice.get<{ items: Array<{ address: string | null }> }>(
      '/api/wallet/withdraw-addresses',
    );
    expect(list.body.items.map((a) => a.address)).toEqual([null, null, null]);
  });

  it('needs the right TAC code, and once bound it cannot be changed', async () => {
    const alice = await member('alice01');
    const wrongCode = await bind(alice, 'alice01', 'TRC20', TRON, '000000');
    expect(wrongCode.body.code).toBe('TAC_INVALID');
    const bound = await bind(alice, 'alice01', 'TRC20', TRON);
    expect(bound.status).toBe(200);
    expect(bound.body).toMatchObject({ network: 'TRC20', address: TRON });
    const lowerEvm = await bind(alice, 'alice01', 'ERC20', EVM.toLowerCase());
    expect(lowerEvm.body.address).toBe(EVM); // stored checksummed
    const other = await bind(alice, 'alice01', 'TRC20', 'TALW8vUaNEhwgyjAakHVhqdBBbczG5stac');
    expect([other.status, other.body.code]).toEqual([409, 'ADDRESS_ALREADY_BOUND']);
    const same = await bind(alice, 'alice01', 'TRC20', TRON);
    expect([same.status, same.body.code]).toEqual([409, 'ADDRESS_ALREADY_BOUND']);
    await expect(
      t.db
        .updateTable('withdrawal_addresses')
        .set({ address: TRON })
        .where('network', '=', 'TRC20')
        .execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('withdrawal', () => {
  it('needs a bound address, the minimum, an allowed wallet and network', async () => {
    const bobby = await member('bobby01');
    expect((await withdraw(bobby)).body.code).toBe('ADDRESS_NOT_BOUND');
    await bind(bobby, 'bobby01', 'TRC20', TRON);
    expect((await withdraw(bobby, { amount: '19.999999' })).body).toMatchObject({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      details: { minimum: '20.000000' },
    });
    expect((await withdraw(bobby, { wallet: 'deposit' })).body.code).toBe('WALLET_NOT_ALLOWED');
    expect((await withdraw(bobby, { currency: 'USDC' })).body.code).toBe('NETWORK_NOT_SUPPORTED');
    expect((await withdraw(bobby, { amount: '5000' })).body.code).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect((await withdraw(bobby, { password: await bobby.seal('Nope12345') })).body.code).toBe(
      'TRANSACTION_PASSWORD_WRONG',
    );
    expect(await funds(bobby)).toEqual({ available: '1000.000000', held: '0.000000' });
  });

  it('holds the amount, and the member may cancel while pending', async () => {
    const carol = await member('carol01');
    await bind(carol, 'carol01', 'TRC20', TRON);
    const made = await withdraw(carol, { amount: '20.000001' });
    expect(made.body).toMatchObject({
      status: 'pending',
      amount: '20.000001',
      fee: '1.000001', // 5% rounded up
      payout: '19.000000',
      address: TRON,
    });
    expect(await funds(carol)).toEqual({ available: '979.999999', held: '20.000001' });

    const stranger = await member('david01');
    const theft = await stranger.move(`/api/wallet/withdrawals/${made.body.id}/cancel`);
    expect([theft.status, theft.body.code]).toEqual([404, 'WITHDRAWAL_NOT_FOUND']);

    const cancelled = await carol.move<TWithdrawal>(`/api/wallet/withdrawals/${made.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await funds(carol)).toEqual({ available: '1000.000000', held: '0.000000' });
    const twice = await carol.move(`/api/wallet/withdrawals/${made.body.id}/cancel`);
    expect(twice.body.code).toBe('WITHDRAWAL_NOT_PENDING');
  });

  it('an admin approves (the hold is posted, the fee booked) and records the payout hash', async () => {
    const emily = await member('emily01');
    await bind(emily, 'emily01', 'TRC20', TRON);
    const made = await withdraw(emily, { amount: '100' });
    const queue = await admin.get<{ items: Array<{ id: string; username: string }> }>(
      '/api/admin/withdrawals?status=pending&q=emily',
    );
    expect(queue.body.items.map((w) => [w.id, w.username])).toEqual([[made.body.id, 'emily01']]);

    const badHash = await admin.move(`/api/admin/withdrawals/${made.body.id}/approve`, { txHash: 'nope' });
    expect(badHash.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'txHash', code: 'TX_HASH_INVALID' }] },
    });
    const approved = await admin.move<TWithdrawal>(`/api/admin/withdrawals/${made.body.id}/approve`, {});
    expect(approved.body.status).toBe('approved');
    expect((await emily.get<TNotificationPage>('/api/notifications')).body.items).toEqual([]);
    expect(await funds(emily)).toEqual({ available: '900.000000', held: '0.000000' });
    const paid = await admin.move<TWithdrawal>(`/api/admin/withdrawals/${made.body.id}/paid`, { txHash: TX });
    expect(paid.body).toMatchObject({ status: 'paid', txHash: TX });
    const rejectLate = await admin.move(`/api/admin/withdrawals/${made.body.id}/reject`, {
      reason: 'too late',
    });
    expect(rejectLate.body.code).toBe('WITHDRAWAL_NOT_PENDING');

    const mine = await emily.get<{ items: TWithdrawal[] }>('/api/wallet/withdrawals');
    expect(mine.body.items[0]).toMatchObject({ id: made.body.id, status: 'paid', txHash: TX });
    // Paid (not merely approved): the member is told, once.
    const told = await emily.get<TNotificationPage>('/api/notifications');
    expect(told.body.items).toMatchObject([
      { kind: 'withdrawal_paid', params: { amount: '100.000000', currency: 'USDT' }, read: false },
    ]);
    const fees = await t.db
      .selectFrom('ledger_accounts')
      .select(['credits_posted'])
      .where('system_code', '=', 'fees')
      .where('currency', '=', 'USDT')
      .executeTakeFirstOrThrow();
    expect(fees.credits_posted).toBe('5000000');
    const audit = await admin.get<{ items: Array<{ action: string; actor: string; ip: string }> }>(
      '/api/admin/audit?action=wallet.withdrawal',
    );
    expect(audit.body.items.slice(0, 2).map((a) => [a.action, a.actor, a.ip])).toEqual([
      ['wallet.withdrawal.paid', 'admin', '10.0.0.1'],
      ['wallet.withdrawal.approve', 'admin', '10.0.0.1'],
    ]);
  });

  it('an admin rejects with a reason; the member sees it and has the money back', async () => {
    const frank = await member('frank01');
    await bind(frank, 'frank01', 'ERC20', EVM);
    const made = await withdraw(frank, { network: 'ERC20', amount: '50' });
    const noReason = await admin.move(`/api/admin/withdrawals/${made.body.id}/reject`, { reason: '' });
    expect(noReason.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'reason', code: 'REASON_REQUIRED' }] },
    });
    const rejected = await admin.move<TWithdrawal>(`/api/admin/withdrawals/${made.body.id}/reject`, {
      reason: 'address under review',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'address under review' });
    expect(await funds(frank)).toEqual({ available: '1000.000000', held: '0.000000' });
    const told = await frank.get<TNotificationPage>('/api/notifications');
    expect(told.body.items).toMatchObject([
      { kind: 'withdrawal_rejected', params: { amount: '50.000000', currency: 'USDT' }, read: false },
    ]);
    const records = await frank.get<{ items: Array<{ kind: string; status: string }> }>(
      '/api/wallet/records?kind=withdrawal',
    );
    expect(records.body.items[0]).toMatchObject({ kind: 'withdrawal', status: 'voided' });
  });

  it('audit log rows cannot be edited', async () => {
    await expect(t.db.updateTable('audit_log').set({ ip: 'x' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});

describe('exchange', () => {
  it('quotes, then converts in one linked operation with the fee', async () => {
    const grace = await member('grace01');
    const pairs = await grace.get<{
      items: Array<{ id: string; fromCurrency: string; toCurrency: string; fromWallet: string }>;
    }>('/api/wallet/exchange/pairs');
    const pair = pairs.body.items.find((p) => p.fromCurrency === 'MCOIN' && p.toCurrency === 'USDT')!;
    const quote = await grace.post<{
      quoteToken: string;
      gross: string;
      fee: string;
      net: string;
      rate: string;
    }>('/api/wallet/exchange/quote', { pairId: pair.id, amount: '100' });
    // 100 MCOIN x 0.25 = 25 USDT; 3% fee = 0.75
    expect(quote.body).toMatchObject({ rate: '0.25', gross: '25.000000', fee: '0.750000', net: '24.250000' });
    const done = await grace.move('/api/wallet/exchange', {
      pairId: pair.id,
      amount: '100',
      quoteToken: quote.body.quoteToken,
      password: await grace.seal(PAY_PASSWORD),
    });
    expect(done.status).toBe(200);
    expect(await funds(grace, 'MCOIN')).toMatchObject({ available: '700.00000000' });
    expect(await funds(grace)).toMatchObject({ available: '1024.250000' });
  });

  it('refuses a confirmation after the rate changed, and below the minimum', async () => {
    const henry = await member('henry01');
    const pairs = await henry.get<{ items: Array<{ id: string; fromCurrency: string; toCurrency: string }> }>(
      '/api/wallet/exchange/pairs',
    );
    const pair = pairs.body.items.find((p) => p.fromCurrency === 'USDT' && p.toCurrency === 'USDC')!;
    const quote = await henry.post<{ quoteToken: string }>('/api/wallet/exchange/quote', {
      pairId: pair.id,
      amount: '10',
    });
    const change = await admin.call('PUT', `/api/admin/exchange-pairs/${pair.id}`, { rate: '0.98' });
    expect(change.status).toBe(200);
    const refused = await henry.move('/api/wallet/exchange', {
      pairId: pair.id,
      amount: '10',
      quoteToken: quote.body.quoteToken,
      password: await henry.seal(PAY_PASSWORD),
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'EXCHANGE_RATE_CHANGED']);
    expect(await funds(henry)).toMatchObject({ available: '1000.000000' });
    const small = await henry.post('/api/wallet/exchange/quote', { pairId: pair.id, amount: '0.5' });
    expect(small.body.code).toBe('EXCHANGE_BELOW_MINIMUM');
    const unknown = await henry.post('/api/wallet/exchange/quote', { pairId: '999', amount: '5' });
    expect(unknown.body.code).toBe('EXCHANGE_PAIR_NOT_FOUND');
  });
});

describe('deposits and corrections', () => {
  it('an admin credits a deposit by hand; the member sees it in deposits and records', async () => {
    const irene = await member('irene01');
    const low = await admin.move('/api/admin/deposits', {
      username: 'irene01',
      currency: 'USDT',
      network: 'TRC20',
      amount: '5',
      txHash: `0x${'cd'.repeat(32)}`,
      reason: 'bank ref 1',
    });
    expect(low.body.code).toBe('DEPOSIT_BELOW_MINIMUM');
    const credited = await admin.move('/api/admin/deposits', {
      username: 'irene01',
      currency: 'USDT',
      network: 'TRC20',
      amount: '75',
      txHash: TX,
      reason: 'chain tx seen by ops',
    });
    expect(credited.status).toBe(200);
    const list = await irene.get<{ items: Array<{ amount: string; txHash: string }> }>(
      '/api/wallet/deposits',
    );
    // TRON writes its transaction ids as bare hex: the hash is stored so, whichever way it was typed.
    expect(list.body.items[0]).toMatchObject({ amount: '75.000000', txHash: TX.slice(2) });
    const records = await irene.get<{ items: Array<{ kind: string; wallet: string; balanceAfter: string }> }>(
      '/api/wallet/records?wallet=deposit&currency=USDT',
    );
    expect(records.body.items[0]).toMatchObject({ kind: 'deposit', balanceAfter: '325.000000' });
  });

  it('a manual deposit needs a transaction hash, credited once per network however it is spelled', async () => {
    const deposit = (over: Record<string, unknown>) =>
      admin.move<{ code?: string }>('/api/admin/deposits', {
        username: 'irene01',
        currency: 'USDT',
        network: 'TRC20',
        amount: '60',
        reason: 'chain tx seen by ops',
        ...over,
      });
    const hash = `0x${'e1'.repeat(32)}`;
    expect((await deposit({})).body.code).toBe('VALIDATION_FAILED');
    expect((await deposit({ txHash: hash })).status).toBe(200);
    const again = await deposit({ txHash: hash.slice(2).toUpperCase(), amount: '61' });
    expect([again.status, again.body.code]).toEqual([409, 'DEPOSIT_TX_KNOWN']);
    // The same hash on another network is another transaction.
    expect((await deposit({ txHash: hash, network: 'ERC20', currency: 'USDT' })).status).toBe(200);
    const count = await t.db
      .selectFrom('deposits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tx_hash', 'in', [hash, hash.slice(2)])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('an admin corrects a balance with a reason; a debit beyond the balance is refused', async () => {
    const jacky = await member('jacky01');
    const debit = await admin.move('/api/admin/balances/adjust', {
      username: 'jacky01',
      currency: 'USDT',
      wallet: 'funds',
      direction: 'debit',
      amount: '10',
      reason: 'duplicate bonus',
    });
    expect(debit.body).toMatchObject({ balanceAfter: '990.000000' });
    const tooMuch = await admin.move('/api/admin/balances/adjust', {
      username: 'jacky01',
      currency: 'USDT',
      wallet: 'funds',
      direction: 'debit',
      amount: '10000',
      reason: 'typo',
    });
    expect(tooMuch.body.code).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect(await funds(jacky)).toMatchObject({ available: '990.000000' });
  });

  it('leaves the books balanced', async () => {
    expect(await createLedgerService({ db: t.db }).audit()).toEqual({
      unbalanced: [],
      mismatchedAccounts: [],
    });
  });
});
