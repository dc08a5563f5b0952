import type {
  TCartQuote,
  TCartReceipt,
  TErrorBody,
  TMiningPackage,
  TMiningPackages,
  TNetworkParams,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_PASSWORD } from '../../../test/fixtures';
import { type PurchaseFixture, purchaseFixture } from '../../../test/purchase-fixtures';
import { Client, createTestApp, ORIGIN, type TestApp } from '../../../test/test-app';
import { picture } from '../../../test/upload-fixtures';

let t: TestApp;
let admin: Client;
let fx: PurchaseFixture;

const packageInput = (overrides: Record<string, unknown> = {}) => ({
  categoryId: null,
  name: 'Cart pkg',
  price: '100',
  currency: 'USDT',
  hashRateGhs: 10,
  durationDays: 30,
  minedCurrency: 'MCOIN',
  yieldRule: 'fixed',
  yieldPerUnit: '0.001',
  perMemberLimit: null,
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

const fieldCode = (body: Record<string, unknown>) =>
  (body.details as { fields: Array<{ code: string }> } | undefined)?.fields[0]?.code;

/** Counts a refused request must leave as they were. */
async function books() {
  const count = async (
    table: 'ledger_transfers' | 'mining_purchases' | 'volume_events' | 'mining_stock_movements',
  ) =>
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const used = await t.db.selectFrom('vouchers').select('id').where('used_at', 'is not', null).execute();
  const cart = await t.db
    .selectFrom('mining_cart_items')
    .select(['member_id', 'package_id', 'units'])
    .execute();
  return {
    transfers: await count('ledger_transfers'),
    purchases: await count('mining_purchases'),
    volume: await count('volume_events'),
    movements: await count('mining_stock_movements'),
    used: used.length,
    cart: cart.length,
  };
}

async function checkout(client: Client, body: Record<string, unknown>, key?: string) {
  return client.move<TCartReceipt & Partial<TErrorBody>>(
    '/api/mining/cart-checkout',
    {
      placement: 'stock',
      wallet: 'funds',
      agreed: true,
      password: await client.seal(PAY_PASSWORD),
      ...body,
    },
    key,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
  fx = purchaseFixture(t, admin);
  for (const name of ['alice01', 'bobby01', 'david01']) await fx.approveKyc(name);
});
afterAll(() => t.close());

describe('package pictures', () => {
  it('an admin sets and replaces a package picture, claimed with the package; members can see it', async () => {
    const adminId = await fx.memberId('admin');
    const first = await t.services.uploads.storeImage({
      ownerId: adminId,
      purpose: 'mining_package',
      data: await picture('png', 64, 48),
    });
    const pkg = await makePackage({ name: 'Pictured', pictureUploadId: first.id });
    expect(pkg.pictureUploadId).toBe(first.id);
    const claimed = await t.db
      .selectFrom('uploads')
      .select(['claimed_at', 'visibility', 'content_type'])
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // Re-encoded like every picture (PNG becomes WebP) and public.
    expect(claimed).toMatchObject({ visibility: 'public', content_type: 'image/webp' });
    expect(claimed.claimed_at).not.toBeNull();

    const alice = await fx.as('alice01');
    const list = await alice.get<TMiningPackages>('/api/mining/packages');
    expect(list.body.items.find((p) => p.id === pkg.id)?.pictureUploadId).toBe(first.id);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/uploads/${first.id}`,
      headers: { origin: ORIGIN, cookie: `__Host-sid=${alice.cookie}` },
    });
    expect([shown.statusCode, shown.headers['content-type']]).toEqual([200, 'image/webp']);

    // Saving again with the same picture works; a new one replaces it.
    const same = await admin.call<TMiningPackage>('PUT', `/api/admin/mining/packages/${pkg.id}`, {
      ...packageInput({ name: 'Pictured', pictureUploadId: first.id }),
    });
    expect(same.status).toBe(200);
    const second = await t.services.uploads.storeImage({
      ownerId: adminId,
      purpose: 'mining_package',
      data: await picture('jpeg', 64, 48),
    });
    const replaced = await admin.call<TMiningPackage>('PUT', `/api/admin/mining/packages/${pkg.id}`, {
      ...packageInput({ name: 'Pictured', pictureUploadId: second.id }),
    });
    expect(replaced.body.pictureUploadId).toBe(second.id);
  });

  it('refuses a picture of another purpose or owner, and nothing is created', async () => {
    const alice = await fx.as('alice01');
    const avatar = await t.services.uploads.storeImage({
      ownerId: await fx.memberId('alice01'),
      purpose: 'avatar',
      data: await picture('png'),
    });
    const before = (await admin.get<TMiningPackages>('/api/admin/mining/packages')).body.items.length;
    const refused = await admin.post(
      '/api/admin/mining/packages',
      packageInput({ pictureUploadId: avatar.id }),
    );
    expect([refused.status, refused.body.code]).toEqual([404, 'UPLOAD_NOT_FOUND']);
    const bad = await admin.post('/api/admin/mining/packages', packageInput({ pictureUploadId: 'x' }));
    expect(fieldCode(bad.body)).toBe('UPLOAD_NOT_FOUND');
    expect((await admin.get<TMiningPackages>('/api/admin/mining/packages')).body.items.length).toBe(before);
    // Members may not upload package pictures.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await picture('png'))], { type: 'image/png' }), 'p.png');
    const request = new Request('http://platform.test', { method: 'POST', body: form });
    const upload = await alice.call(
      'POST',
      '/api/uploads?purpose=mining_package',
      Buffer.from(await request.arrayBuffer()),
      {
        'content-type': request.headers.get('content-type') ?? '',
      },
    );
    expect(upload.body.code).toBe('UPLOAD_PURPOSE_NOT_ALLOWED');
  });
});

describe('network difficulty and block reward', () => {
  it('admins set them per coin from a date, history kept and audited; bad input changes nothing', async () => {
    const set = (body: Record<string, unknown>) => admin.post('/api/admin/mining/network-params', body);
    expect(
      (
        await set({
          currency: 'MCOIN',
          effectiveFrom: '2026-01-01',
          difficulty: '1318359375',
          blockReward: '3.125',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await set({
          currency: 'MCOIN',
          effectiveFrom: '2026-02-01',
          difficulty: '659179687.5',
          blockReward: '3.125',
        })
      ).status,
    ).toBe(200);
    const rows = async () =>
      (await admin.get<{ items: TNetworkParams[] }>('/api/admin/mining/network-params')).body.items;
    expect((await rows()).map((r) => [r.effectiveFrom, r.difficulty, r.blockReward])).toEqual([
      ['2026-02-01', '659179687.5', '3.12500000'],
      ['2026-01-01', '1318359375', '3.12500000'],
    ]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ difficulty: '0' }, 'MINING_DIFFICULTY_INVALID'],
      [{ difficulty: '-5' }, 'MINING_DIFFICULTY_INVALID'],
      [{ difficulty: '1e9' }, 'MINING_DIFFICULTY_INVALID'],
      [{ difficulty: '1.123456789' }, 'MINING_DIFFICULTY_INVALID'],
      [{ effectiveFrom: '1 May' }, 'MINING_DAY_INVALID'],
    ];
    for (const [change, code] of cases) {
      const reply = await set({
        currency: 'MCOIN',
        effectiveFrom: '2026-03-01',
        difficulty: '1',
        blockReward: '1',
        ...change,
      });
      expect([code, fieldCode(reply.body)]).toEqual([code, code]);
    }
    const unknown = await set({
      currency: 'NOPE',
      effectiveFrom: '2026-03-01',
      difficulty: '1',
      blockReward: '1',
    });
    expect(unknown.status).toBe(400);
    const tooPrecise = await set({
      currency: 'MCOIN',
      effectiveFrom: '2026-03-01',
      difficulty: '1',
      blockReward: '0.000000001',
    });
    expect(tooPrecise.status).toBe(400);
    expect(await rows()).toHaveLength(2);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'mining.network_params')
      .execute();
    expect(audit).toHaveLength(2);
    const alice = await fx.as('alice01');
    expect((await alice.get('/api/admin/mining/network-params')).status).toBe(403);
    expect((await alice.post('/api/admin/mining/network-params', {})).status).toBe(403);
  });

  it('lists a daily package’s rates for the admin screen', async () => {
    const pkg = await makePackage({ name: 'Daily list', yieldRule: 'daily', yieldPerUnit: null });
    await admin.post(`/api/admin/mining/packages/${pkg.id}/rates`, { day: '2026-01-02', perUnit: '0.0002' });
    await admin.post(`/api/admin/mining/packages/${pkg.id}/rates`, { day: '2026-01-01', perUnit: '0.0001' });
    const rates = await admin.get<{ items: unknown[] }>(`/api/admin/mining/packages/${pkg.id}/rates`);
    expect(rates.body.items).toEqual([
      { day: '2026-01-02', perUnit: '0.00020000' },
      { day: '2026-01-01', perUnit: '0.00010000' },
    ]);
    const alice = await fx.as('alice01');
    expect((await alice.get(`/api/admin/mining/packages/${pkg.id}/rates`)).status).toBe(403);
  });
});

describe('cart checkout', () => {
  it('previews every line, then buys all of them in one transaction with one voucher on one line', async () => {
    const a = await makePackage({ name: 'Line A', price: '100' });
    const b = await makePackage({ name: 'Line B', price: '50' });
    const alice = await fx.as('alice01');
    await alice.call('PUT', `/api/mining/cart/${a.id}`, { units: 2 });
    await alice.call('PUT', `/api/mining/cart/${b.id}`, { units: 1 });
    // Another member's cart holds the same package: alice's checkout leaves it alone.
    const bobby = await fx.as('bobby01');
    await bobby.call('PUT', `/api/mining/cart/${a.id}`, { units: 1 });
    const voucher = await fx.giveVoucher('alice01', 1000);
    const lines = [
      { packageId: a.id, units: 2 },
      { packageId: b.id, units: 1 },
    ];
    const onB = { voucherId: voucher.id, packageId: b.id };
    const quote = await alice.post<TCartQuote>('/api/mining/cart-checkout/quote', { lines, voucher: onB });
    expect(quote.body).toEqual({
      lines: [
        expect.objectContaining({
          packageName: 'Line A',
          price: '200.000000',
          discount: '0.000000',
          pay: '200.000000',
        }),
        expect.objectContaining({
          packageName: 'Line B',
          price: '50.000000',
          discount: '5.000000',
          pay: '45.000000',
        }),
      ],
      totals: [{ currency: 'USDT', price: '250.000000', discount: '5.000000', pay: '245.000000' }],
      kycApproved: true,
    });
    const before = await fx.available(alice, 'USDT');
    const receipt = await checkout(alice, { lines, voucher: onB });
    expect(receipt.status).toBe(200);
    expect(receipt.body.purchases.map((p) => [p.packageName, p.units, p.paid])).toEqual([
      ['Line A', 2, '200.000000'],
      ['Line B', 1, '45.000000'],
    ]);
    const after = await fx.available(alice, 'USDT');
    expect(Number(before) - Number(after)).toBe(245);
    expect(receipt.body.balances).toEqual([{ currency: 'USDT', balanceAfter: after }]);
    const rows = await t.db
      .selectFrom('mining_purchases')
      .select(['checkout_id', 'voucher_id'])
      .where('checkout_id', '=', receipt.body.checkoutId)
      .orderBy('package_id')
      .execute();
    expect(rows.map((r) => r.voucher_id)).toEqual([null, voucher.id]);
    // The bought packages left the cart.
    expect((await alice.get<{ items: unknown[] }>('/api/mining/cart')).body.items).toEqual([]);
    const theirs = await bobby.get<{ items: Array<{ packageId: string }> }>('/api/mining/cart');
    expect(theirs.body.items.map((i) => i.packageId)).toEqual([a.id]);
    await bobby.del(`/api/mining/cart/${a.id}`);
  });

  it('one package bought from the cart leaves it with the purchase; bought on its own, it stays', async () => {
    const pkg = await makePackage({ name: 'From cart', price: '10' });
    const david = await fx.as('david01');
    await david.call('PUT', `/api/mining/cart/${pkg.id}`, { units: 1 });
    const buy = async (extra: Record<string, unknown>) =>
      david.move<Partial<TErrorBody>>('/api/mining/purchases', {
        packageId: pkg.id,
        units: 1,
        placement: 'stock',
        wallet: 'funds',
        agreed: true,
        password: await david.seal(PAY_PASSWORD),
        ...extra,
      });
    const cartIds = async () =>
      (await david.get<{ items: Array<{ packageId: string }> }>('/api/mining/cart')).body.items.map(
        (i) => i.packageId,
      );
    expect((await buy({})).status).toBe(200);
    expect(await cartIds()).toEqual([pkg.id]);
    // The same transaction takes it out, so no later read of the cart can still show it (no second call).
    expect((await buy({ fromCart: true })).status).toBe(200);
    expect(await cartIds()).toEqual([]);
  });

  it('is all or nothing: one line beyond its limit, too little balance or a bad voucher buys nothing', async () => {
    const ok = await makePackage({ name: 'Fine' });
    const limited = await makePackage({ name: 'Limited', perMemberLimit: 1 });
    const dear = await makePackage({ name: 'Dear', price: '900' });
    const bobby = await fx.as('bobby01');
    const carol = await fx.as('carol01');
    await bobby.call('PUT', `/api/mining/cart/${ok.id}`, { units: 1 });
    const spent = await fx.giveVoucher('bobby01', 500);
    expect(
      (
        await checkout(bobby, {
          lines: [{ packageId: limited.id, units: 1 }],
          voucher: { voucherId: spent.id, packageId: limited.id },
        })
      ).status,
    ).toBe(200);
    const before = await books();
    const cases: Array<[Client, Record<string, unknown>, string]> = [
      [
        bobby,
        {
          lines: [
            { packageId: ok.id, units: 1 },
            { packageId: limited.id, units: 1 },
          ],
        },
        'MINING_LIMIT_REACHED',
      ],
      [
        bobby,
        {
          lines: [
            { packageId: ok.id, units: 1 },
            { packageId: dear.id, units: 1 },
          ],
        },
        'LEDGER_INSUFFICIENT_FUNDS',
      ],
      [
        bobby,
        { lines: [{ packageId: ok.id, units: 1 }], voucher: { voucherId: spent.id, packageId: ok.id } },
        'VOUCHER_USED',
      ],
      [
        bobby,
        { lines: [{ packageId: ok.id, units: 1 }], voucher: { voucherId: spent.id, packageId: dear.id } },
        'MINING_CART_INVALID',
      ],
      [bobby, { lines: [{ packageId: ok.id, units: 1 }], agreed: false }, 'AGREEMENT_REQUIRED'],
      [carol, { lines: [{ packageId: ok.id, units: 1 }] }, 'MINING_KYC_REQUIRED'],
    ];
    for (const [client, body, code] of cases) {
      const reply = await checkout(client, body);
      expect([code, reply.body.code]).toEqual([code, code]);
    }
    const invalid = [
      { lines: [] },
      {
        lines: [
          { packageId: ok.id, units: 1 },
          { packageId: ok.id, units: 2 },
        ],
      },
    ];
    for (const body of invalid)
      expect(fieldCode((await checkout(bobby, body)).body)).toBe('MINING_CART_INVALID');
    expect(await books()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/mining/cart-checkout' })).statusCode).toBe(401);
  });

  it('a double submit buys once; two checkouts racing for a limit buy once', async () => {
    const pkg = await makePackage({ name: 'Raced', perMemberLimit: 3 });
    const other = await makePackage({ name: 'Raced too' });
    const david = await fx.as('david01');
    const lines = [
      { packageId: pkg.id, units: 1 },
      { packageId: other.id, units: 1 },
    ];
    const body = {
      lines,
      placement: 'activate',
      wallet: 'funds',
      agreed: true,
      password: await david.seal(PAY_PASSWORD),
    };
    const key = 'double-submit-1';
    const [one, two] = await Promise.all([
      david.move<TCartReceipt>('/api/mining/cart-checkout', body, key),
      david.move<TCartReceipt>('/api/mining/cart-checkout', body, key),
    ]);
    expect([one.status, two.status].sort()).toEqual(expect.arrayContaining([200]));
    const again = await david.move<TCartReceipt>('/api/mining/cart-checkout', body, key);
    expect(again.status).toBe(200);
    const bought = async (id: string) =>
      (
        await t.db
          .selectFrom('mining_purchases')
          .select((eb) => eb.fn.sum<string>('units').as('n'))
          .where('package_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n;
    expect(await bought(pkg.id)).toBe('1');
    expect(await bought(other.id)).toBe('1');

    // 1 bought; each of these wants 2 more of a limit of 3: exactly one goes through.
    const race = await Promise.all(
      [0, 1].map(() => checkout(david, { lines: [{ packageId: pkg.id, units: 2 }] })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(race.find((r) => r.status === 409)?.body.code).toBe('MINING_LIMIT_REACHED');
    expect(await bought(pkg.id)).toBe('3');
  });
});
