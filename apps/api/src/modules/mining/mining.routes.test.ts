import type {
  TCart,
  TErrorBody,
  TLatestSale,
  TMiningInfo,
  TMiningPackage,
  TMiningPackages,
  TMiningPurchase,
  TMiningQuote,
  TMiningReceipt,
  TPage,
  TStock,
  TStockMovement,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD } from '../../../test/fixtures';
import { type PurchaseFixture, purchaseFixture } from '../../../test/purchase-fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Client;
let fx: PurchaseFixture;

const as = (username: string) => fx.as(username);
const memberId = (username: string) => fx.memberId(username);
const wallet = (client: Client, currency: string) => fx.available(client, currency);
const giveVoucher = (username: string, discountBps: number) => fx.giveVoucher(username, discountBps);

/** Everything a refused request must leave as it was. */
async function books() {
  const count = async (
    table: 'ledger_transfers' | 'mining_purchases' | 'volume_events' | 'mining_subscriptions',
  ) =>
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const stock = await t.db
    .selectFrom('mining_stock')
    .select(['member_id', 'count'])
    .orderBy('member_id')
    .execute();
  const used = await t.db.selectFrom('vouchers').select('id').where('used_at', 'is not', null).execute();
  return {
    transfers: await count('ledger_transfers'),
    purchases: await count('mining_purchases'),
    volume: await count('volume_events'),
    subscriptions: await count('mining_subscriptions'),
    stock,
    usedVouchers: used.length,
  };
}

const packageInput = (overrides: Record<string, unknown> = {}) => ({
  categoryId: null,
  name: 'S19 cloud',
  price: '100',
  currency: 'USDT',
  hashRateGhs: 10,
  durationDays: 30,
  minedCurrency: 'MCOIN',
  yieldRule: 'fixed',
  yieldPerUnit: '0.001',
  perMemberLimit: 5,
  onSale: true,
  sort: 1,
  pictureUploadId: null,
  ...overrides,
});

async function makePackage(overrides: Record<string, unknown> = {}): Promise<TMiningPackage> {
  const reply = await admin.post<TMiningPackage>('/api/admin/mining/packages', packageInput(overrides));
  expect(reply.status).toBe(200);
  return reply.body;
}

async function buy(client: Client, packageId: string, overrides: Record<string, unknown> = {}) {
  return client.move<TMiningReceipt & Partial<TErrorBody>>('/api/mining/purchases', {
    packageId,
    units: 1,
    placement: 'stock',
    wallet: 'funds',
    agreed: true,
    password: await client.seal(PAY_PASSWORD),
    ...overrides,
  });
}

async function transfer(client: Client, packageId: string, to: string, units: number) {
  return client.move<TStock & Partial<TErrorBody>>('/api/mining/stock/transfer', {
    packageId,
    to,
    units,
    password: await client.seal(PAY_PASSWORD),
  });
}

const stockOf = async (client: Client, packageId: string) =>
  (await client.get<TStock>('/api/mining/stock')).body.items.find((i) => i.packageId === packageId)?.count ??
  0;

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
  fx = purchaseFixture(t, admin);
  await fx.approveKyc('alice01');
  await fx.approveKyc('bobby01');
});
afterAll(() => t.close());

describe('mining packages', () => {
  it('admins define packages and categories, audited; members see those on sale', async () => {
    const category = await admin.post<{ id: string }>('/api/admin/mining/categories', {
      name: 'BTC',
      sort: 1,
    });
    expect(category.status).toBe(200);
    const pkg = await makePackage({ categoryId: category.body.id });
    await makePackage({ name: 'Hidden', onSale: false });
    const alice = await as('alice01');
    const list = await alice.get<TMiningPackages>(`/api/mining/packages?categoryId=${category.body.id}`);
    expect(list.body.items.map((p) => [p.name, p.price, p.yieldPerUnit])).toEqual([
      ['S19 cloud', '100.000000', '0.00100000'],
    ]);
    const all = await alice.get<TMiningPackages>('/api/mining/packages');
    expect(all.body.items.map((p) => p.name)).not.toContain('Hidden');
    const changed = await admin.call<TMiningPackage>('PUT', `/api/admin/mining/packages/${pkg.id}`, {
      ...packageInput({ name: 'S19 pro' }),
      categoryId: category.body.id,
    });
    expect(changed.body.name).toBe('S19 pro');
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `mining_package:${pkg.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['mining_package.create', 'mining_package.update']);
  });

  it('refuses bad package input with its own codes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'MINING_NAME_INVALID'],
      [{ hashRateGhs: 0 }, 'MINING_HASH_RATE_INVALID'],
      [{ durationDays: 0 }, 'MINING_DURATION_INVALID'],
      [{ yieldPerUnit: null }, 'MINING_YIELD_RULE_INCOMPLETE'],
      [{ perMemberLimit: 0 }, 'MINING_LIMIT_INVALID'],
    ];
    for (const [change, code] of cases) {
      const reply = await admin.post('/api/admin/mining/packages', packageInput(change));
      expect((reply.body.details as { fields: Array<{ code: string }> }).fields[0]!.code).toBe(code);
    }
  });

  it('names and describes a package per language; a member reads theirs, English where missing', async () => {
    const made = await makePackage({
      name: 'Farm share',
      nameTranslations: { de: 'Farmanteil', fr: '' },
      description: { 'en-US': 'A share of a farm.', de: 'Ein Anteil an einer Farm.' },
    });
    expect(made).toMatchObject({
      name: 'Farm share',
      description: 'A share of a farm.',
      nameTranslations: { de: 'Farmanteil' },
      descriptions: { 'en-US': 'A share of a farm.', de: 'Ein Anteil an einer Farm.' },
    });
    const alice = await as('alice01');
    const seen = async (lang: string) =>
      (
        await alice.call<{ items: TMiningPackage[] }>('GET', '/api/mining/packages', undefined, {
          'accept-language': lang,
        })
      ).body.items.find((p) => p.id === made.id);
    expect(await seen('de')).toMatchObject({ name: 'Farmanteil', description: 'Ein Anteil an einer Farm.' });
    expect(await seen('fr')).toMatchObject({ name: 'Farm share', description: 'A share of a farm.' });
    expect((await seen('de')) as Record<string, unknown>).not.toHaveProperty('nameTranslations');
    const tooLong = await admin.post(
      '/api/admin/mining/packages',
      packageInput({ nameTranslations: { de: 'x'.repeat(61) } }),
    );
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('MINING_NAME_INVALID');
  });

  it('admin routes refuse members; member routes refuse strangers without a session', async () => {
    const alice = await as('alice01');
    expect((await alice.get('/api/admin/mining/packages')).status).toBe(403);
    expect((await alice.post('/api/admin/mining/packages', packageInput())).status).toBe(403);
    expect((await alice.post('/api/admin/mining/categories', { name: 'X', sort: 0 })).status).toBe(403);
    expect((await alice.post('/api/admin/mining/payouts/run', { day: '2026-01-01' })).status).toBe(403);
    expect(
      (await alice.post('/api/admin/mining/packages/1/rates', { day: '2026-01-01', perUnit: '1' })).status,
    ).toBe(403);
    for (const url of [
      '/api/mining/packages',
      '/api/mining/stock',
      '/api/mining/stock/movements',
      '/api/mining/info',
      '/api/mining/purchases',
      '/api/mining/sales/latest',
      '/api/mining/categories',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('promotions', () => {
  it('admins configure promotions, audited; members see the running ones; bad input is refused', async () => {
    const hour = 3_600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const running = await admin.post<{ id: string }>('/api/admin/mining/promotions', {
      title: 'Launch week',
      body: '10% off with your voucher.',
      packageId: null,
      startsAt: at(-hour),
      endsAt: at(hour),
    });
    expect(running.status).toBe(200);
    await admin.post('/api/admin/mining/promotions', {
      title: 'Later',
      body: 'Not yet.',
      packageId: null,
      startsAt: at(hour),
      endsAt: at(2 * hour),
    });
    const alice = await as('alice01');
    const seen = await alice.get<{ items: Array<{ title: string }> }>('/api/mining/promotions');
    expect(seen.body.items.map((p) => p.title)).toEqual(['Launch week']);
    const bad = await admin.post('/api/admin/mining/promotions', {
      title: 'Backwards',
      body: 'x',
      packageId: null,
      startsAt: at(hour),
      endsAt: at(-hour),
    });
    expect((bad.body.details as { fields: Array<{ code: string }> }).fields[0]!.code).toBe(
      'MINING_PROMOTION_WINDOW_INVALID',
    );
    const unknown = await admin.post('/api/admin/mining/promotions', {
      title: 'Ghost',
      body: 'x',
      packageId: '999999',
      startsAt: at(-hour),
      endsAt: at(hour),
    });
    expect(unknown.body.code).toBe('MINING_PACKAGE_NOT_FOUND');
    expect((await alice.post('/api/admin/mining/promotions', {})).status).toBe(403);
    expect((await alice.del(`/api/admin/mining/promotions/${running.body.id}`)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/mining/promotions' })).statusCode).toBe(401);
    expect((await admin.del(`/api/admin/mining/promotions/${running.body.id}`)).status).toBe(200);
    expect((await admin.del(`/api/admin/mining/promotions/${running.body.id}`)).body.code).toBe(
      'MINING_PROMOTION_NOT_FOUND',
    );
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `mining_promotion:${running.body.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['mining_promotion.create', 'mining_promotion.delete']);
  });
});

describe('cart', () => {
  it('keeps each member their own cart of packages with what they cost now', async () => {
    const pkg = await makePackage({ name: 'Carted' });
    const off = await makePackage({ name: 'Off sale', onSale: false });
    const alice = await as('alice01');
    const bobby = await as('bobby01');
    const put = await alice.call<{ items: Array<{ packageName: string; units: number; price: string }> }>(
      'PUT',
      `/api/mining/cart/${pkg.id}`,
      { units: 3 },
    );
    expect(put.body.items).toEqual([
      expect.objectContaining({ packageName: 'Carted', units: 3, price: '300.000000' }),
    ]);
    expect((await alice.call('PUT', `/api/mining/cart/${off.id}`, { units: 1 })).body.code).toBe(
      'MINING_PACKAGE_OFF_SALE',
    );
    expect(
      (
        (await alice.call('PUT', `/api/mining/cart/${pkg.id}`, { units: 0 })).body.details as {
          fields: Array<{ code: string }>;
        }
      ).fields[0]!.code,
    ).toBe('MINING_UNITS_INVALID');
    // Another member neither sees nor removes alice's items.
    expect((await bobby.get<{ items: unknown[] }>('/api/mining/cart')).body.items).toEqual([]);
    expect((await bobby.del(`/api/mining/cart/${pkg.id}`)).body.code).toBe('MINING_PACKAGE_NOT_FOUND');
    expect((await alice.get<{ items: unknown[] }>('/api/mining/cart')).body.items).toHaveLength(1);
    expect((await alice.del<{ items: unknown[] }>(`/api/mining/cart/${pkg.id}`)).body.items).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/mining/cart' })).statusCode).toBe(401);
  });
});

describe('buying', () => {
  it('quotes, then buys into stock with a voucher: ledger, voucher, volume event, one transaction', async () => {
    const pkg = await makePackage({ name: 'Voucher buy' });
    const alice = await as('alice01');
    const voucher = await giveVoucher('alice01', 1000);
    const quote = await alice.post<TMiningQuote>('/api/mining/quote', {
      packageId: pkg.id,
      units: 2,
      voucherId: voucher.id,
    });
    expect(quote.body).toEqual({
      currency: 'USDT',
      price: '200.000000',
      discount: '20.000000',
      pay: '180.000000',
      kycApproved: true,
    });
    const before = await wallet(alice, 'USDT');
    const receipt = await buy(alice, pkg.id, { units: 2, voucherId: voucher.id });
    expect(receipt.status).toBe(200);
    expect(receipt.body.purchase).toMatchObject({ units: 2, paid: '180.000000', discount: '20.000000' });
    expect(Number(before) - Number(await wallet(alice, 'USDT'))).toBe(180);
    expect(receipt.body.balanceAfter).toBe(await wallet(alice, 'USDT'));
    expect(await stockOf(alice, pkg.id)).toBe(2);
    const volume = await t.db
      .selectFrom('volume_events')
      .selectAll()
      .where('source', '=', 'mining')
      .where('source_id', '=', receipt.body.purchase.id)
      .executeTakeFirstOrThrow();
    expect(volume.amount_minor).toBe('180000000');
    const sales = await alice.get<TPage<{ id: string }>>('/api/mining/purchases');
    expect(sales.body.items.map((s) => s.id)).toContain(receipt.body.purchase.id);
    const latest = await alice.get<{ items: Array<{ maskedName: string }> }>('/api/mining/sales/latest');
    expect(latest.body.items[0]!.maskedName).not.toContain('alice');
    // Another member does not see alice's purchases or stock.
    const bobby = await as('bobby01');
    const theirs = await bobby.get<TPage<{ id: string }>>('/api/mining/purchases');
    expect(theirs.body.items.map((s) => s.id)).not.toContain(receipt.body.purchase.id);
    expect(await stockOf(bobby, pkg.id)).toBe(0);
  });

  it('refuses each bad purchase with its code, and nothing changes', async () => {
    const pkg = await makePackage({ name: 'Refusals', perMemberLimit: 2 });
    const dear = await makePackage({ name: 'Dear', price: '5000' });
    const alice = await as('alice01');
    const carol = await as('carol01');
    const used = await giveVoucher('alice01', 500);
    expect((await buy(alice, pkg.id, { voucherId: used.id })).status).toBe(200);
    const expired = await giveVoucher('alice01', 500);
    await t.db
      .updateTable('vouchers')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const before = await books();
    const cases: Array<[Client, string, Record<string, unknown>, string]> = [
      [carol, pkg.id, {}, 'MINING_KYC_REQUIRED'],
      [alice, pkg.id, { agreed: false }, 'AGREEMENT_REQUIRED'],
      [alice, dear.id, {}, 'LEDGER_INSUFFICIENT_FUNDS'],
      [alice, pkg.id, { units: 2 }, 'MINING_LIMIT_REACHED'],
      [alice, pkg.id, { voucherId: used.id }, 'VOUCHER_USED'],
      [alice, pkg.id, { voucherId: expired.id }, 'VOUCHER_EXPIRED'],
      [alice, pkg.id, { wallet: 'reward' }, 'WALLET_NOT_ALLOWED'],
    ];
    for (const [client, id, change, code] of cases) {
      const reply = await buy(client, id, change);
      expect([code, reply.body.code]).toEqual([code, code]);
    }
    expect(await books()).toEqual(before);
  });
});

describe('stock', () => {
  it('transfers stock to another member and activates it; refusals change nothing', async () => {
    const pkg = await makePackage({ name: 'Stock moves' });
    const alice = await as('alice01');
    const bobby = await as('bobby01');
    expect((await buy(alice, pkg.id, { units: 2 })).status).toBe(200);
    const before = await books();
    expect((await transfer(alice, pkg.id, 'bobby01', 3)).body.code).toBe('STOCK_NOT_ENOUGH');
    expect((await transfer(alice, pkg.id, 'nobody99', 1)).body.code).toBe('RECIPIENT_NOT_FOUND');
    expect((await transfer(alice, pkg.id, 'alice01', 1)).body.code).toBe('RECIPIENT_IS_SELF');
    const stranger = await bobby.move('/api/mining/stock/activate', { packageId: pkg.id, units: 1 });
    expect(stranger.body.code).toBe('STOCK_NOT_ENOUGH');
    expect(await books()).toEqual(before);

    const sent = await transfer(alice, pkg.id, 'bobby01', 1);
    expect(sent.status).toBe(200);
    expect(await stockOf(alice, pkg.id)).toBe(1);
    expect(await stockOf(bobby, pkg.id)).toBe(1);
    const activated = await bobby.move<{ subscriptionId: string }>('/api/mining/stock/activate', {
      packageId: pkg.id,
      units: 1,
    });
    expect(activated.status).toBe(200);
    expect(await stockOf(bobby, pkg.id)).toBe(0);
    const info = await bobby.get<TMiningInfo>('/api/mining/info');
    expect(info.body.subscriptions.find((s) => s.id === activated.body.subscriptionId)).toMatchObject({
      packageName: 'Stock moves',
      hashRateGhs: '10',
      status: 'active',
    });
    const records = await bobby.get<TPage<TStockMovement>>('/api/mining/stock/movements');
    expect(records.body.items.slice(0, 2).map((m) => [m.reason, m.delta, m.counterpart])).toEqual([
      ['activation', -1, null],
      ['transfer_in', 1, 'alice01'],
    ]);
  });

  it('concurrent transfers in both directions never overdraw and never deadlock', async () => {
    const pkg = await makePackage({ name: 'Race', perMemberLimit: null });
    const alice = await as('alice01');
    const bobby = await as('bobby01');
    expect((await buy(alice, pkg.id, { units: 3 })).status).toBe(200);
    expect((await buy(bobby, pkg.id, { units: 1 })).status).toBe(200);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => transfer(alice, pkg.id, 'bobby01', 1)),
      ...Array.from({ length: 3 }, () => transfer(bobby, pkg.id, 'alice01', 1)),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const a = await stockOf(alice, pkg.id);
    const b = await stockOf(bobby, pkg.id);
    expect(a + b).toBe(4);
    expect(a).toBeGreaterThanOrEqual(0);
    const moves = await t.db
      .selectFrom('mining_stock_movements')
      .select(sql<string>`sum(delta)::text`.as('sum'))
      .where('package_id', '=', pkg.id)
      .executeTakeFirstOrThrow();
    expect(moves.sum).toBe('4');
  });
});

describe("a package's name in the member's language", () => {
  it('names it so in the receipt, purchases, latest sales, cart, stock, records and subscriptions', async () => {
    const pkg = await makePackage({
      name: 'Language farm',
      // Cheap, so the later tests' purchases still find alice's funds.
      price: '1',
      nameTranslations: { de: 'Sprachfarm', 'zh-CN': '语言矿场' },
    });
    const alice = await as('alice01');
    const bobby = await as('bobby01');
    const asked = <T>(client: Client, lang: string, method: 'GET' | 'PUT', url: string, body?: unknown) =>
      client.call<T>(method, url, body, { 'accept-language': lang });
    const names = (items: Array<{ packageName: string; packageId?: string }>) =>
      items.filter((i) => !i.packageId || i.packageId === pkg.id).map((i) => i.packageName);

    const receipt = await alice.call<TMiningReceipt>(
      'POST',
      '/api/mining/purchases',
      {
        packageId: pkg.id,
        units: 2,
        placement: 'stock',
        wallet: 'funds',
        agreed: true,
        password: await alice.seal(PAY_PASSWORD),
      },
      { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'de' },
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.purchase.packageName).toBe('Sprachfarm');

    const purchases = (lang: string) =>
      asked<TPage<TMiningPurchase>>(alice, lang, 'GET', '/api/mining/purchases');
    expect(names((await purchases('de')).body.items)).toContain('Sprachfarm');
    // French was not written: English.
    const french = names((await purchases('fr')).body.items);
    expect([french.includes('Language farm'), french.includes('Sprachfarm')]).toEqual([true, false]);
    const latest = await asked<{ items: TLatestSale[] }>(bobby, 'zh-CN', 'GET', '/api/mining/sales/latest');
    expect(latest.body.items[0]?.packageName).toBe('语言矿场');

    const cart = await asked<TCart>(alice, 'de', 'PUT', `/api/mining/cart/${pkg.id}`, { units: 1 });
    expect(names(cart.body.items)).toEqual(['Sprachfarm']);
    expect(names((await asked<TCart>(alice, 'zh-CN', 'GET', '/api/mining/cart')).body.items)).toEqual([
      '语言矿场',
    ]);
    await alice.del(`/api/mining/cart/${pkg.id}`);

    expect(names((await asked<TStock>(alice, 'de', 'GET', '/api/mining/stock')).body.items)).toEqual([
      'Sprachfarm',
    ]);
    const activated = await alice.move<{ subscriptionId: string }>('/api/mining/stock/activate', {
      packageId: pkg.id,
      units: 1,
    });
    expect(activated.status).toBe(200);
    const records = await asked<TPage<TStockMovement>>(alice, 'de', 'GET', '/api/mining/stock/movements');
    expect(records.body.items.slice(0, 2).map((m) => m.packageName)).toEqual(['Sprachfarm', 'Sprachfarm']);
    const info = await asked<TMiningInfo>(alice, 'de', 'GET', '/api/mining/info');
    expect(info.body.subscriptions.find((x) => x.id === activated.body.subscriptionId)?.packageName).toBe(
      'Sprachfarm',
    );
    // The stored purchase keeps no copy of a name: English stays English for an English reader.
    expect(names((await purchases('en-US')).body.items)).toContain('Language farm');
  });
});

describe('payouts', () => {
  /** A UTC day `n` days from today. */
  const dayFrom = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

  it('pays a simulated month exactly once per day, catching up a missed day, then ends', async () => {
    const pkg = await makePackage({ name: 'Month', yieldPerUnit: '0.00000123', perMemberLimit: null });
    const bobby = await as('bobby01');
    const receipt = await buy(bobby, pkg.id, { units: 2, placement: 'activate' });
    expect(receipt.status).toBe(200);
    const sub = await t.db
      .selectFrom('mining_subscriptions')
      .select('id')
      .where('purchase_id', '=', receipt.body.purchase.id)
      .executeTakeFirstOrThrow();
    // The month started 40 days ago: its 30 days are all behind us.
    await t.db
      .updateTable('mining_subscriptions')
      .set({ starts_on: dayFrom(-40), ends_on: dayFrom(-10) })
      .where('id', '=', sub.id)
      .execute();
    const perDay = 2n * 10n * 123n;
    const paidSoFar = async () => {
      const rows = await t.db
        .selectFrom('mining_payouts')
        .select(['day', 'amount_minor'])
        .where('subscription_id', '=', sub.id)
        .execute();
      return { days: rows.length, total: rows.reduce((s, r) => s + BigInt(r.amount_minor), 0n) };
    };
    const memberPaid = async () => {
      const row = await t.db
        .selectFrom('mining_payouts')
        .select(sql<string>`coalesce(sum(amount_minor), 0)::text`.as('sum'))
        .where('member_id', '=', await memberId('bobby01'))
        .executeTakeFirstOrThrow();
      return BigInt(row.sum);
    };
    const before = await wallet(bobby, 'MCOIN');
    const paidBefore = await memberPaid();

    // Two runs of the same day at once (a retried job beside the scheduled one) pay each day once.
    const [first, twin] = await Promise.all([
      t.services.jobs.miningPayouts.runPayouts(dayFrom(-31)),
      t.services.jobs.miningPayouts.runPayouts(dayFrom(-31)),
    ]);
    expect(first.paid + twin.paid).toBeGreaterThanOrEqual(10);
    expect(await paidSoFar()).toEqual({ days: 10, total: 10n * perDay });
    // A re-run of the same day pays nothing more.
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-31));
    expect(await paidSoFar()).toEqual({ days: 10, total: 10n * perDay });
    // Days -30 and -29 were missed: the run for day -28 catches them up.
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-28));
    expect(await paidSoFar()).toEqual({ days: 13, total: 13n * perDay });
    // The admin run (audited) for today pays the rest and stops at the subscription's end.
    const run = await admin.post<{ paid: number }>('/api/admin/mining/payouts/run', { day: dayFrom(0) });
    expect(run.status).toBe(200);
    expect(await paidSoFar()).toEqual({ days: 30, total: 30n * perDay });
    const status = await t.db
      .selectFrom('mining_subscriptions')
      .select('status')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('ended');
    const after = await wallet(bobby, 'MCOIN');
    // The wallet got exactly what the payout rows say (this month, and bobby's other running subscription).
    expect(BigInt(after.replace('.', '')) - BigInt(before.replace('.', ''))).toBe(
      (await memberPaid()) - paidBefore,
    );
    const ledgerRows = await t.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'mining_payout')
      .where(sql<string>`meta->>'subscriptionId'`, '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(ledgerRows.n).toBe('30');
    const info = await bobby.get<TMiningInfo>('/api/mining/info');
    expect(info.body.subscriptions.find((s) => s.id === sub.id)).toMatchObject({ status: 'ended' });
  });

  it('pays a network-rule month from difficulty and block reward, rounded down, per day in force', async () => {
    // 65 536 GH/s finds exactly one block a day at difficulty 1 318 359 375 (see network-yield.test.ts).
    const pkg = await makePackage({
      name: 'Network month',
      price: '1',
      hashRateGhs: 32_768,
      durationDays: 30,
      yieldRule: 'network',
      yieldPerUnit: null,
      perMemberLimit: null,
    });
    const alice = await as('alice01');
    const receipt = await buy(alice, pkg.id, { units: 2, placement: 'activate' });
    expect(receipt.status).toBe(200);
    const sub = await t.db
      .selectFrom('mining_subscriptions')
      .select('id')
      .where('purchase_id', '=', receipt.body.purchase.id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('mining_subscriptions')
      .set({ starts_on: dayFrom(-45), ends_on: dayFrom(-15) })
      .where('id', '=', sub.id)
      .execute();
    const setParams = (effectiveFrom: string, difficulty: string, blockReward: string) =>
      admin.post('/api/admin/mining/network-params', {
        currency: 'MCOIN',
        effectiveFrom,
        difficulty,
        blockReward,
      });
    // No figures yet: the days wait.
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-40));
    const payouts = async () =>
      t.db
        .selectFrom('mining_payouts')
        .select([sql<string>`day::text`.as('day'), 'amount_minor'])
        .where('subscription_id', '=', sub.id)
        .orderBy('day')
        .execute();
    expect(await payouts()).toEqual([]);
    // From day -50: one block a day at 3.125 coins; from day -30 on, 3x the difficulty and a new reward
    // 1.00000001: 100000001 / 3 = 33333333.67 minor units a day, rounded down.
    expect((await setParams(dayFrom(-50), '1318359375', '3.125')).status).toBe(200);
    expect((await setParams(dayFrom(-30), '3955078125', '1.00000001')).status).toBe(200);
    // The first 10 days, then a missed run, then day -28 catches up (and a re-run pays nothing more).
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-36));
    expect(await payouts()).toHaveLength(10);
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-28));
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(-28));
    expect(await payouts()).toHaveLength(18);
    await t.services.jobs.miningPayouts.runPayouts(dayFrom(0));
    const paid = await payouts();
    expect(paid).toHaveLength(30);
    const before30 = paid.filter((p) => p.day < dayFrom(-30));
    const from30 = paid.filter((p) => p.day >= dayFrom(-30));
    expect(before30).toHaveLength(15);
    expect(new Set(before30.map((p) => p.amount_minor))).toEqual(new Set(['312500000']));
    expect(new Set(from30.map((p) => p.amount_minor))).toEqual(new Set(['33333333']));
    const total = paid.reduce((sum, p) => sum + BigInt(p.amount_minor), 0n);
    expect(total).toBe(15n * 312_500_000n + 15n * 33_333_333n);
    const ledgerTotal = await t.db
      .selectFrom('ledger_transfers')
      .select(sql<string>`sum(amount)::text`.as('sum'))
      .where('kind', '=', 'mining_payout')
      .where(sql<string>`meta->>'subscriptionId'`, '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(ledgerTotal.sum)).toBe(total);
  });

  it('a daily-rule day waits for its rate; a future day is refused', async () => {
    const pkg = await makePackage({
      name: 'Daily',
      yieldRule: 'daily',
      yieldPerUnit: null,
      perMemberLimit: null,
    });
    const alice = await as('alice01');
    const receipt = await buy(alice, pkg.id, { placement: 'activate' });
    expect(receipt.status).toBe(200);
    const today = dayFrom(0);
    const noRate = await t.services.jobs.miningPayouts.runPayouts(today);
    const count = async () =>
      (
        await t.db
          .selectFrom('mining_payouts as x')
          .innerJoin('mining_subscriptions as s', 's.id', 'x.subscription_id')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('s.package_id', '=', pkg.id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(noRate.days).not.toContain(today);
    expect(await count()).toBe('0');
    const rate = await admin.post(`/api/admin/mining/packages/${pkg.id}/rates`, {
      day: today,
      perUnit: '0.0001',
    });
    expect(rate.status).toBe(200);
    await t.services.jobs.miningPayouts.runPayouts(today);
    expect(await count()).toBe('1');
    const future = await admin.post('/api/admin/mining/payouts/run', { day: dayFrom(2) });
    expect(future.body.code).toBe('MINING_DAY_INVALID');
  });
});
