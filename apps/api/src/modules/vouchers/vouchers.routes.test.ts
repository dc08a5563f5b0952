import type { TAdminVoucher, TErrorBody, TPage, TVoucher } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOfMember } from '../../../test/fixtures';
import { untilSomeoneWaitsForALock } from '../../../test/lock-waits';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { createVoucherService } from './vouchers.service';

let t: TestApp;
let admin: Client;
let carol: Client;
let david: Client;

const memberIdOf = (username: string) => idOfMember(t.db, username);

async function issue(body: Record<string, unknown>) {
  return admin.post<{ items: TAdminVoucher[] } & Partial<TErrorBody>>('/api/admin/vouchers', body);
}

async function listOf(client: Client, state: string) {
  const reply = await client.get<TPage<TVoucher>>(`/api/vouchers?state=${state}`);
  expect(reply.status).toBe(200);
  return reply.body.items;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = new Client(t.app);
  await admin.loginAdmin();
  carol = new Client(t.app);
  await carol.login('carol01');
  david = new Client(t.app);
  await david.login('david01');
});
afterAll(() => t.close());

describe('issuing vouchers', () => {
  it('gives each named member a voucher of their own, audited', async () => {
    const reply = await issue({ usernames: ['carol01', 'DAVID01'], discountBps: 1500, validDays: 30 });
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((v) => [v.username, v.discountBps, v.state, v.issuedBy])).toEqual([
      ['carol01', 1500, 'available', 'admin'],
      ['david01', 1500, 'available', 'admin'],
    ]);
    const [a, b] = reply.body.items;
    expect(a!.code).toMatch(/^[A-Z0-9]{12}$/);
    expect(a!.code).not.toBe(b!.code);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'voucher.issue')
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ members: ['carol01', 'david01'], discountBps: 1500, validDays: 30 });

    const mine = await listOf(carol, 'available');
    expect(mine.map((v) => v.id)).toEqual([a!.id]);
    expect(mine[0]).toMatchObject({ discountBps: 1500, currency: null, maxDiscount: null, usedAt: null });
  });

  it('keeps a cap in the currency it names', async () => {
    const reply = await issue({
      usernames: ['carol01'],
      discountBps: 5000,
      currency: 'USDT',
      maxDiscount: '20',
      validDays: 7,
    });
    expect(reply.status).toBe(200);
    expect(reply.body.items[0]).toMatchObject({ currency: 'USDT', maxDiscount: '20.000000' });
  });

  it('refuses bad input and unknown members, issuing nothing', async () => {
    const before = await t.db
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await issue({ usernames: ['carol01', 'nobody77'], discountBps: 1000, validDays: 5 });
    expect([unknown.status, unknown.body.code, unknown.body.details]).toEqual([
      404,
      'MEMBER_NOT_FOUND',
      { usernames: ['nobody77'] },
    ]);
    const capless = await issue({
      usernames: ['carol01'],
      discountBps: 1000,
      maxDiscount: '5',
      validDays: 5,
    });
    expect(capless.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: [{ path: 'currency', code: 'VOUCHER_CAP_NEEDS_CURRENCY' }] },
    });
    const rate = await issue({ usernames: ['carol01'], discountBps: 10_001, validDays: 5 });
    expect(rate.body).toMatchObject({ details: { fields: [{ code: 'VOUCHER_DISCOUNT_INVALID' }] } });
    const days = await issue({ usernames: ['carol01'], discountBps: 100, validDays: 0 });
    expect(days.body).toMatchObject({ details: { fields: [{ code: 'VOUCHER_VALIDITY_INVALID' }] } });
    const after = await t.db
      .selectFrom('vouchers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is for admins only', async () => {
    const asMember = await carol.post('/api/admin/vouchers', {
      usernames: ['carol01'],
      discountBps: 10_000,
      validDays: 1,
    });
    expect(asMember.status).toBe(403);
    expect((await carol.get('/api/admin/vouchers')).status).toBe(403);
    const stranger = await t.app.inject({ method: 'GET', url: '/api/vouchers' });
    expect(stranger.statusCode).toBe(401);
  });

  it("lists every member's vouchers for the admin, by member and state", async () => {
    const reply = await admin.get<TPage<TAdminVoucher>>(
      '/api/admin/vouchers?username=david01&state=available',
    );
    expect(reply.status).toBe(200);
    expect(reply.body.items.map((v) => v.username)).toEqual(['david01']);
  });
});

describe('voucher states', () => {
  it('shows available, used and expired apart, and only to their owner', async () => {
    const [fresh, old] = (
      await issue({ usernames: ['david01', 'david01'], discountBps: 1000, validDays: 10 })
    ).body.items;
    // A duplicate name gives one voucher, not two.
    expect(old).toBeUndefined();
    const [toExpire] = (await issue({ usernames: ['david01'], discountBps: 1000, validDays: 10 })).body.items;
    await t.db
      .updateTable('vouchers')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', toExpire!.id)
      .execute();
    const service = createVoucherService({ db: t.db });
    const davidId = await memberIdOf('david01');
    await t.db.transaction().execute((trx) =>
      service.consume(trx, {
        memberId: davidId,
        voucherId: fresh!.id,
        priceMinor: 50_000_000n,
        currency: 'USDT',
        purchaseRef: 'test:1',
      }),
    );

    const available = await listOf(david, 'available');
    expect(available.map((v) => v.id)).not.toContain(fresh!.id);
    const used = await listOf(david, 'used');
    expect(used.map((v) => [v.id, v.state, v.usedFor])).toEqual([[fresh!.id, 'used', 'test:1']]);
    const expired = await listOf(david, 'expired');
    expect(expired.map((v) => [v.id, v.state])).toEqual([[toExpire!.id, 'expired']]);
    // Carol sees none of David's.
    const carols = [...(await listOf(carol, 'used')), ...(await listOf(carol, 'expired'))];
    expect(carols).toEqual([]);
    expect((await carol.get('/api/vouchers?state=nonsense')).status).toBe(400);
  });

  it('refuses a used, expired, foreign or other-currency voucher, and quoting changes nothing', async () => {
    const service = createVoucherService({ db: t.db });
    const davidId = await memberIdOf('david01');
    const carolId = await memberIdOf('carol01');
    const [usdcOnly] = (
      await issue({ usernames: ['david01'], discountBps: 2500, currency: 'USDC', validDays: 3 })
    ).body.items;
    const use = { memberId: davidId, voucherId: usdcOnly!.id, priceMinor: 100_000_000n, currency: 'USDC' };
    expect(await service.quote(use)).toEqual({ discountMinor: 25_000_000n, payMinor: 75_000_000n });
    expect(await service.quote(use)).toEqual({ discountMinor: 25_000_000n, payMinor: 75_000_000n });
    await expect(service.quote({ ...use, currency: 'USDT' })).rejects.toMatchObject({
      code: 'VOUCHER_CURRENCY_MISMATCH',
    });
    await expect(service.quote({ ...use, memberId: carolId })).rejects.toMatchObject({
      code: 'VOUCHER_NOT_FOUND',
    });
    await expect(service.quote({ ...use, voucherId: '999999' })).rejects.toMatchObject({
      code: 'VOUCHER_NOT_FOUND',
    });
    const [expired] = (await listOf(david, 'expired')) as TVoucher[];
    await expect(service.quote({ ...use, voucherId: expired!.id, currency: 'USDT' })).rejects.toMatchObject({
      code: 'VOUCHER_EXPIRED',
    });
    const [used] = await listOf(david, 'used');
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          service.consume(trx, { ...use, voucherId: used!.id, currency: 'USDT', purchaseRef: 'test:2' }),
        ),
    ).rejects.toMatchObject({ code: 'VOUCHER_USED' });
    expect((await listOf(david, 'available')).map((v) => v.id)).toContain(usdcOnly!.id);
  });

  it('two purchases consuming one voucher at once: exactly one succeeds', async () => {
    const service = createVoucherService({ db: t.db });
    const carolId = await memberIdOf('carol01');
    const [voucher] = (await issue({ usernames: ['carol01'], discountBps: 1000, validDays: 3 })).body.items;
    const purchase = (ref: string) =>
      t.db.transaction().execute(async (trx) => {
        const effect = await service.consume(trx, {
          memberId: carolId,
          voucherId: voucher!.id,
          priceMinor: 10_000_000n,
          currency: 'USDT',
          purchaseRef: ref,
        });
        // The purchase that got the row keeps it until the other one is queued behind its lock, so the
        // two overlap for certain; the other then finds the voucher used.
        await untilSomeoneWaitsForALock(t.db);
        return effect;
      });
    const results = await Promise.allSettled([purchase('race:a'), purchase('race:b')]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as { code: string }).code)).toEqual(['VOUCHER_USED']);
    const row = await t.db
      .selectFrom('vouchers')
      .select(['used_for'])
      .where('id', '=', voucher!.id)
      .executeTakeFirstOrThrow();
    expect(['race:a', 'race:b']).toContain(row.used_for);
  });
});
