import { randomUUID } from 'node:crypto';
import type {
  TAdminBotPackage,
  TAdminBotPackages,
  TBotPackage,
  TBotPackages,
  TBotRental,
  TBotRentals,
  TErrorBody,
  TPage,
  TRentalPurchase,
  TRentalReceipt,
  TVoucher,
} from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD } from '../../../test/fixtures';
import { type PurchaseFixture, purchaseFixture } from '../../../test/purchase-fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let admin: Client;
let fx: PurchaseFixture;

/** A receipt, or the error that refused it. */
type Receipt = TRentalReceipt & Partial<TErrorBody>;

/** A logged-in demo member whose transaction password is PAY_PASSWORD. */
const as = (username: string) => fx.as(username);
const funds = (client: Client, wallet = 'funds') => fx.available(client, 'USDT', wallet);

/** What the platform's sales account holds in USDT, and how many ledger transfers exist: "what moved". */
async function books() {
  const sales = await t.db
    .selectFrom('ledger_accounts')
    .select(sql<string>`credits_posted - debits_posted`.as('balance'))
    .where('system_code', '=', 'sales')
    .where('currency', '=', 'USDT')
    .executeTakeFirst();
  const transfers = await t.db
    .selectFrom('ledger_transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rentals = await t.db
    .selectFrom('bot_rentals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const volume = await t.db
    .selectFrom('volume_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { sales: sales?.balance ?? '0', transfers: transfers.n, rentals: rentals.n, volume: volume.n };
}

const packageInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test package',
  price: '100',
  currency: 'USDT',
  durationDays: 30,
  capitalLimit: '1000',
  topUpUnit: '100',
  topUpUnitPrice: '10',
  exchanges: ['binance', 'paper'],
  marketTypes: ['spot'],
  onSale: true,
  sort: 50,
  ...overrides,
});

async function makePackage(overrides: Record<string, unknown> = {}): Promise<TBotPackage> {
  const reply = await admin.post<TBotPackage>('/api/admin/bot-packages', packageInput(overrides));
  expect(reply.status).toBe(200);
  return reply.body;
}

const giveVoucher = (username: string, discountBps: number) => fx.giveVoucher(username, discountBps);

async function voucherState(client: Client, id: string): Promise<string | undefined> {
  for (const state of ['available', 'used', 'expired']) {
    const { body } = await client.get<TPage<TVoucher>>(`/api/vouchers?state=${state}&pageSize=50`);
    if (body.items.some((v) => v.id === id)) return state;
  }
  return undefined;
}

async function rentBody(client: Client, packageId: string, overrides: Record<string, unknown> = {}) {
  return {
    packageId,
    wallet: 'funds',
    mode: 'own_key',
    agreed: true,
    password: await client.seal(PAY_PASSWORD),
    ...overrides,
  };
}

async function rent(
  client: Client,
  packageId: string,
  overrides: Record<string, unknown> = {},
  key?: string,
) {
  return client.move<Receipt>('/api/bot-rentals', await rentBody(client, packageId, overrides), key);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
  fx = purchaseFixture(t, admin);
});
afterAll(() => t.close());

describe('bot packages', () => {
  it('members see packages on sale; admins see all and define them, audited', async () => {
    const hidden = await makePackage({ name: 'Hidden', onSale: false });
    const alice = await as('alice01');
    const list = await alice.get<TBotPackages>('/api/bot-packages');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Elite']);
    expect(list.body.items[0]).toMatchObject({
      price: '100.000000',
      currency: 'USDT',
      capitalLimit: '1000.000000',
    });
    const all = await admin.get<TBotPackages>('/api/admin/bot-packages');
    expect(all.body.items.map((p) => p.name)).toContain('Hidden');

    const changed = await admin.call<TBotPackage>(
      'PUT',
      `/api/admin/bot-packages/${hidden.id}`,
      packageInput({ name: 'Shown', price: '12.5', onSale: true, exchanges: ['paper', 'binance', 'paper'] }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Shown',
      price: '12.500000',
      onSale: true,
      exchanges: ['binance', 'paper'],
    });
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `bot_package:${hidden.id}`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['bot_package.create', 'bot_package.update']);

    const removed = await admin.del(`/api/admin/bot-packages/${hidden.id}`);
    expect(removed.status).toBe(200);
    expect((await admin.del(`/api/admin/bot-packages/${hidden.id}`)).body.code).toBe('BOT_PACKAGE_NOT_FOUND');
  });

  it('refuses bad package input with its own codes', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'BOT_PACKAGE_NAME_INVALID'],
      [{ durationDays: 0 }, 'BOT_PACKAGE_DURATION_INVALID'],
      [{ exchanges: [] }, 'BOT_PACKAGE_EXCHANGES_REQUIRED'],
      [{ marketTypes: [] }, 'BOT_PACKAGE_MARKET_TYPES_REQUIRED'],
      [{ topUpUnitPrice: null }, 'BOT_PACKAGE_TOPUP_INCOMPLETE'],
    ];
    for (const [change, code] of cases) {
      const reply = await admin.post('/api/admin/bot-packages', packageInput(change));
      expect([
        reply.status,
        (reply.body.details as { fields: Array<{ code: string }> }).fields[0]!.code,
      ]).toEqual([400, code]);
    }
    const precise = await admin.post('/api/admin/bot-packages', packageInput({ price: '1.0000001' }));
    expect(precise.body.code).toBe('AMOUNT_TOO_PRECISE');
    const zero = await admin.post('/api/admin/bot-packages', packageInput({ price: '0' }));
    expect(zero.body.code).toBe('AMOUNT_NOT_POSITIVE');
  });

  it('admin package routes are for admins only', async () => {
    const alice = await as('alice01');
    expect((await alice.get('/api/admin/bot-packages')).status).toBe(403);
    expect((await alice.post('/api/admin/bot-packages', packageInput())).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/bot-packages' })).statusCode).toBe(401);
  });
});

describe("a package's name in the member's language", () => {
  const asked = <T>(client: Client, lang: string, url: string) =>
    client.call<T>('GET', url, undefined, { 'accept-language': lang });

  it('names the demo packages in five languages', async () => {
    const alice = await as('alice01');
    const names = async (lang: string) =>
      (await asked<TBotPackages>(alice, lang, '/api/bot-packages')).body.items.map((p) => p.name);
    expect(await names('de')).toEqual(['Einsteiger', 'Profi', 'Elite']);
    expect(await names('zh-CN')).toEqual(['入门版', '专业版', '精英版']);
    expect(await names('fr')).toEqual(['Débutant', 'Professionnel', 'Élite']);
    expect(await names('en-US')).toEqual(['Starter', 'Pro', 'Elite']);
  });

  it('names it so in the list, the receipt, the rentals and the sales; English where missing', async () => {
    const created = await admin.post<TAdminBotPackage>(
      '/api/admin/bot-packages',
      packageInput({
        name: 'Language bot',
        nameTranslations: { de: 'Sprachbot', 'zh-CN': '语言机器人', fr: ' ' },
      }),
    );
    expect(created.status).toBe(200);
    // Admins read the English name and every language written; a blank one is left out.
    expect(created.body).toMatchObject({
      name: 'Language bot',
      nameTranslations: { de: 'Sprachbot', 'zh-CN': '语言机器人' },
    });
    expect(created.body.nameTranslations).not.toHaveProperty('fr');
    const listed = await asked<TAdminBotPackages>(admin, 'de', '/api/admin/bot-packages');
    expect(listed.body.items.find((p) => p.id === created.body.id)?.name).toBe('Language bot');

    const irene = await as('irene01');
    const offered = async (lang: string) =>
      (await asked<TBotPackages>(irene, lang, '/api/bot-packages')).body.items.find(
        (p) => p.id === created.body.id,
      )?.name;
    expect(await offered('de')).toBe('Sprachbot');
    expect(await offered('fr')).toBe('Language bot');

    const receipt = await irene.call<Receipt>(
      'POST',
      '/api/bot-rentals',
      await rentBody(irene, created.body.id),
      {
        'idempotency-key': randomUUID(),
        'accept-language': 'de',
      },
    );
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect([receipt.body.rental.packageName, receipt.body.purchase.packageName]).toEqual([
      'Sprachbot',
      'Sprachbot',
    ]);
    const rentalId = receipt.body.rental.id;
    const mine = await asked<TBotRentals>(irene, 'zh-CN', '/api/bot-rentals');
    expect(mine.body.items.find((r) => r.id === rentalId)?.packageName).toBe('语言机器人');
    expect((await asked<TBotRental>(irene, 'de', `/api/bot-rentals/${rentalId}`)).body.packageName).toBe(
      'Sprachbot',
    );
    const sales = await asked<TPage<TRentalPurchase>>(irene, 'fr', '/api/bot-rentals/purchases');
    expect(sales.body.items.map((p) => p.packageName)).toEqual(['Language bot']);
  });

  it('refuses a name too long in any language, and names that are not an object', async () => {
    const long = await admin.post(
      '/api/admin/bot-packages',
      packageInput({ nameTranslations: { de: 'x'.repeat(61) } }),
    );
    expect([long.status, (long.body.details as { fields: Array<{ code: string }> }).fields[0]!.code]).toEqual(
      [400, 'BOT_PACKAGE_NAME_INVALID'],
    );
    const odd = await admin.post('/api/admin/bot-packages', packageInput({ nameTranslations: 'Sprachbot' }));
    expect([odd.status, odd.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('lets only admins read and write the names in every language', async () => {
    const irene = await as('irene01');
    expect((await irene.get('/api/admin/bot-packages')).status).toBe(403);
    const input = packageInput({ nameTranslations: { de: 'Fremd' } });
    expect((await irene.post('/api/admin/bot-packages', input)).status).toBe(403);
    const starter = (await irene.get<TBotPackages>('/api/bot-packages')).body.items[0]!;
    expect((await irene.call('PUT', `/api/admin/bot-packages/${starter.id}`, input)).status).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/bot-packages' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('renting', () => {
  it('pays from the wallet into sales through the ledger, and records the rental, sale and volume', async () => {
    const alice = await as('alice01');
    const starter = (await alice.get<TBotPackages>('/api/bot-packages')).body.items[0]!;
    const before = await books();
    const reply = await rent(alice, starter.id);
    expect(reply.status).toBe(200);
    const { rental, purchase, balanceAfter } = reply.body;
    expect(balanceAfter).toBe('900.000000');
    expect(await funds(alice)).toBe('900.000000');
    expect(rental).toMatchObject({
      packageName: 'Starter',
      capitalLimit: '1000.000000',
      mode: 'own_key',
      active: true,
      daysLeft: 30,
    });
    expect(Date.parse(rental.endsAt) - Date.parse(rental.startsAt)).toBe(30 * 86_400_000);
    expect(purchase).toMatchObject({
      kind: 'rent',
      price: '100.000000',
      discount: '0.000000',
      paid: '100.000000',
    });
    const after = await books();
    expect(BigInt(after.sales) - BigInt(before.sales)).toBe(100_000_000n);
    expect(Number(after.transfers) - Number(before.transfers)).toBe(1);
    const volume = await t.db
      .selectFrom('volume_events')
      .selectAll()
      .where('source_id', '=', purchase.id)
      .executeTakeFirstOrThrow();
    expect(volume).toMatchObject({ source: 'bot_rental', amount_minor: '100000000', currency: 'USDT' });

    const mine = await alice.get<TBotRentals>('/api/bot-rentals');
    expect(mine.body.items.map((r) => r.id)).toEqual([rental.id]);
    const sales = await alice.get<TPage<TRentalPurchase>>('/api/bot-rentals/purchases');
    expect(sales.body.items.map((p) => [p.kind, p.packageName, p.paid])).toEqual([
      ['rent', 'Starter', '100.000000'],
    ]);
  });

  it('takes a voucher off the price in the same transaction and marks it used', async () => {
    const bobby = await as('bobby01');
    const pro = (await bobby.get<TBotPackages>('/api/bot-packages')).body.items.find(
      (p) => p.name === 'Pro',
    )!;
    const voucher = await giveVoucher('bobby01', 1500);
    const quote = await bobby.post('/api/bot-rentals/quote', {
      kind: 'rent',
      packageId: pro.id,
      voucherId: voucher.id,
    });
    expect(quote.body).toEqual({
      currency: 'USDT',
      price: '300.000000',
      discount: '45.000000',
      pay: '255.000000',
    });
    expect(await voucherState(bobby, voucher.id)).toBe('available');

    const before = await books();
    const reply = await rent(bobby, pro.id, { voucherId: voucher.id, mode: 'managed' });
    expect(reply.status).toBe(200);
    expect(reply.body.purchase).toMatchObject({
      price: '300.000000',
      discount: '45.000000',
      paid: '255.000000',
      voucherCode: voucher.code,
    });
    expect(reply.body.rental.mode).toBe('managed');
    expect(reply.body.balanceAfter).toBe('745.000000');
    expect(await funds(bobby)).toBe('745.000000');
    expect(BigInt((await books()).sales) - BigInt(before.sales)).toBe(255_000_000n);
    expect(await voucherState(bobby, voucher.id)).toBe('used');
    const used = (await bobby.get<TPage<TVoucher>>('/api/vouchers?state=used')).body.items[0]!;
    expect(used.usedFor).toBe(`bot_rental_purchase:${reply.body.purchase.id}`);
  });

  it('a 100% voucher rents without any ledger transfer', async () => {
    const carol = await as('carol01');
    const starter = (await carol.get<TBotPackages>('/api/bot-packages')).body.items[0]!;
    const voucher = await giveVoucher('carol01', 10_000);
    const before = await books();
    const reply = await rent(carol, starter.id, { voucherId: voucher.id });
    expect(reply.status).toBe(200);
    expect(reply.body.purchase.paid).toBe('0.000000');
    expect(reply.body.balanceAfter).toBe('1000.000000');
    const after = await books();
    expect([after.transfers, after.sales]).toEqual([before.transfers, before.sales]);
    expect(Number(after.rentals) - Number(before.rentals)).toBe(1);
  });

  it('refuses a wrong password, too little balance, no agreement, a used voucher and an off-sale package, changing nothing', async () => {
    const david = await as('david01');
    const elite = (await david.get<TBotPackages>('/api/bot-packages')).body.items.find(
      (p) => p.name === 'Elite',
    )!;
    const dear = await makePackage({ name: 'Dear', price: '5000' });
    const offSale = await makePackage({ name: 'Gone', onSale: false });
    const voucher = await giveVoucher('david01', 1000);
    const spent = await giveVoucher('david01', 1000);
    await t.db
      .updateTable('vouchers')
      .set({ used_at: new Date(), used_for: 'elsewhere:1' })
      .where('id', '=', spent.id)
      .execute();
    const before = { books: await books(), funds: await funds(david) };

    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [
        elite.id,
        { voucherId: voucher.id, password: await david.seal('Wrong999') },
        400,
        'TRANSACTION_PASSWORD_WRONG',
      ],
      [dear.id, { voucherId: voucher.id }, 400, 'LEDGER_INSUFFICIENT_FUNDS'],
      [elite.id, { voucherId: voucher.id, agreed: false }, 400, 'AGREEMENT_REQUIRED'],
      [elite.id, { voucherId: spent.id }, 409, 'VOUCHER_USED'],
      [offSale.id, { voucherId: voucher.id }, 409, 'BOT_PACKAGE_OFF_SALE'],
      [elite.id, { wallet: 'reward' }, 400, 'WALLET_NOT_ALLOWED'],
      ['999999', {}, 404, 'BOT_PACKAGE_NOT_FOUND'],
    ];
    for (const [packageId, overrides, status, code] of cases) {
      const reply = await rent(david, packageId, overrides);
      expect([reply.status, reply.body.code]).toEqual([status, code]);
    }
    expect(await books()).toEqual(before.books);
    expect(await funds(david)).toBe(before.funds);
    expect(await voucherState(david, voucher.id)).toBe('available');
    expect((await david.get<TBotRentals>('/api/bot-rentals')).body.items).toEqual([]);
  });

  it('a retry with the same key rents once and gets the same answer', async () => {
    const emily = await as('emily01');
    const starter = (await emily.get<TBotPackages>('/api/bot-packages')).body.items[0]!;
    const key = randomUUID();
    const body = await rentBody(emily, starter.id);
    const first = await emily.move<Receipt>('/api/bot-rentals', body, key);
    const again = await emily.move<Receipt>('/api/bot-rentals', body, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await emily.get<TBotRentals>('/api/bot-rentals')).body.items).toHaveLength(1);
    expect(await funds(emily)).toBe('900.000000');
  });

  it('two rentals racing on a balance enough for one: exactly one is paid', async () => {
    const frank = await as('frank01');
    const big = await makePackage({ name: 'Big', price: '600' });
    const voucher = await giveVoucher('frank01', 100);
    const [a, b] = await Promise.all([
      rentBody(frank, big.id, { voucherId: voucher.id }),
      rentBody(frank, big.id),
    ]);
    const results = await Promise.all([
      frank.move<Receipt>('/api/bot-rentals', a),
      frank.move<Receipt>('/api/bot-rentals', b),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.code).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect((await frank.get<TBotRentals>('/api/bot-rentals')).body.items).toHaveLength(1);
    const paid = results.find((r) => r.status === 200)!.body.purchase.paid;
    expect(await funds(frank)).toBe((1000 - Number(paid)).toFixed(6));
    // The voucher is used only if its purchase went through.
    const winnerUsedIt = results.find((r) => r.status === 200)!.body.purchase.voucherCode === voucher.code;
    expect(await voucherState(frank, voucher.id)).toBe(winnerUsedIt ? 'used' : 'available');
  });
});

describe('one voucher, two purchases at once', () => {
  it('exactly one rental uses it; the other is refused and pays nothing', async () => {
    const kevin = await as('kevin01');
    const starter = (await kevin.get<TBotPackages>('/api/bot-packages')).body.items[0]!;
    const voucher = await giveVoucher('kevin01', 5000);
    const before = await books();
    const bodies = await Promise.all([
      rentBody(kevin, starter.id, { voucherId: voucher.id }),
      rentBody(kevin, starter.id, { voucherId: voucher.id }),
    ]);
    const results = await Promise.all(bodies.map((body) => kevin.move<Receipt>('/api/bot-rentals', body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('VOUCHER_USED');
    const after = await books();
    expect(BigInt(after.sales) - BigInt(before.sales)).toBe(50_000_000n);
    expect(Number(after.rentals) - Number(before.rentals)).toBe(1);
    expect(await funds(kevin)).toBe('950.000000');
  });
});

describe('top-up and renewal', () => {
  let rental: TBotRental;
  let alice: Client;

  beforeAll(async () => {
    alice = await as('alice01');
    rental = (await alice.get<TBotRentals>('/api/bot-rentals')).body.items[0]!;
  });

  const topUp = async (id: string, units: number, overrides: Record<string, unknown> = {}) =>
    alice.move<Receipt>(`/api/bot-rentals/${id}/top-up`, {
      units,
      wallet: 'funds',
      agreed: true,
      password: await alice.seal(PAY_PASSWORD),
      ...overrides,
    });
  const renew = async (client: Client, id: string) =>
    client.move<Receipt>(`/api/bot-rentals/${id}/renew`, {
      wallet: 'funds',
      agreed: true,
      password: await client.seal(PAY_PASSWORD),
    });

  it('a top-up raises the capital limit by whole units at the unit price', async () => {
    const before = await funds(alice);
    const reply = await topUp(rental.id, 3);
    expect(reply.status).toBe(200);
    expect(reply.body.rental.capitalLimit).toBe('1300.000000');
    expect(reply.body.purchase).toMatchObject({
      kind: 'topup',
      price: '30.000000',
      capitalAdded: '300.000000',
    });
    expect(Number(await funds(alice))).toBe(Number(before) - 30);
    expect(reply.body.rental.endsAt).toBe(rental.endsAt);
    expect((await topUp(rental.id, 0)).body.code).toBe('VALIDATION_FAILED');
  });

  it('a renewal before the end extends from the end', async () => {
    const reply = await renew(alice, rental.id);
    expect(reply.status).toBe(200);
    expect(Date.parse(reply.body.rental.endsAt) - Date.parse(rental.endsAt)).toBe(30 * 86_400_000);
    expect(reply.body.purchase).toMatchObject({ kind: 'renew', daysAdded: 30, paid: '100.000000' });
  });

  it('after the end, a renewal runs from now, and a top-up is refused', async () => {
    await t.db
      .updateTable('bot_rentals')
      .set({
        starts_at: sql<Date>`now() - interval '70 days'`,
        ends_at: sql<Date>`now() - interval '3 days'`,
      })
      .where('id', '=', rental.id)
      .execute();
    const ended = (await alice.get<TBotRental>(`/api/bot-rentals/${rental.id}`)).body;
    expect([ended.active, ended.daysLeft]).toEqual([false, 0]);
    expect((await topUp(rental.id, 1)).body.code).toBe('BOT_RENTAL_ENDED');
    const startedAt = Date.now();
    const reply = await renew(alice, rental.id);
    expect(reply.status).toBe(200);
    const endsAt = Date.parse(reply.body.rental.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(startedAt + 30 * 86_400_000 - 5_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 5_000);
    expect(reply.body.rental.active).toBe(true);
  });

  it("a stranger can neither see, top up nor renew another member's rental", async () => {
    const carol = await as('carol01');
    const before = await books();
    const seen = await carol.get(`/api/bot-rentals/${rental.id}`);
    expect([seen.status, seen.body.code]).toEqual([404, 'BOT_RENTAL_NOT_FOUND']);
    expect((await renew(carol, rental.id)).body.code).toBe('BOT_RENTAL_NOT_FOUND');
    const top = await carol.move(`/api/bot-rentals/${rental.id}/top-up`, {
      units: 1,
      wallet: 'funds',
      agreed: true,
      password: await carol.seal(PAY_PASSWORD),
    });
    expect(top.body.code).toBe('BOT_RENTAL_NOT_FOUND');
    const quote = await carol.post('/api/bot-rentals/quote', { kind: 'renew', rentalId: rental.id });
    expect(quote.body.code).toBe('BOT_RENTAL_NOT_FOUND');
    expect((await carol.get<TBotRentals>('/api/bot-rentals')).body.items.map((r) => r.id)).not.toContain(
      rental.id,
    );
    expect(await books()).toEqual(before);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/bot-rentals/${rental.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a rented package cannot be deleted, nor change currency', async () => {
    const removed = await admin.del(`/api/admin/bot-packages/${rental.packageId}`);
    expect(removed.body.code).toBe('BOT_PACKAGE_IN_USE');
    const changed = await admin.call(
      'PUT',
      `/api/admin/bot-packages/${rental.packageId}`,
      packageInput({ currency: 'USDC' }),
    );
    expect(changed.body.code).toBe('BOT_PACKAGE_IN_USE');
  });
});
