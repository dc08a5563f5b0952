import type { TMoneyHoldState, TNotificationPage, TWalletOverview } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { untilSomeoneWaitsForALock } from '../../../test/lock-waits';
import { DEMO_PASSWORD, securityEvents, stepUpCode } from '../../../test/step-up';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

// Decision 42: TX_PASSWORD_MAX_FAILURES (5) wrong transaction passwords within
// TX_PASSWORD_FAILURE_WINDOW_MINUTES (15) lock every money action for TX_PASSWORD_LOCK_MINUTES (30), counted
// per member and exactly under concurrent guesses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
async function member(username: string): Promise<{ client: Client; id: string }> {
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  // Each member its own address, so the per-IP money limit never joins in.
  client.ip = `10.0.1.${++ipSeq}`;
  const user = await client.login(username);
  return { client, id: user.userid };
}

/** A transfer's body with `password` sealed (each with a nonce of its own). */
async function transferBody(client: Client, password: string) {
  return {
    to: 'bobby01',
    currency: 'USDT',
    fromWallet: 'funds',
    toWallet: 'funds',
    amount: '1',
    password: await client.seal(password),
  };
}

async function transfer(client: Client, password: string) {
  return client.move('/api/wallet/transfer', await transferBody(client, password));
}

async function funds(client: Client): Promise<string | undefined> {
  const body = (await client.get<TWalletOverview>('/api/wallet')).body;
  return body.currencies.find((c) => c.currency === 'USDT')?.wallets.find((w) => w.wallet === 'funds')
    ?.available;
}

async function kindsOf(memberId: string): Promise<string[]> {
  return (await securityEvents(t.db, memberId)).map((e) => e.action);
}

const count = (items: string[], item: string) => items.filter((i) => i === item).length;

describe('wrong transaction passwords', () => {
  it('12 concurrent wrong guesses: exactly 5 are counted, the 5th locks, the rest are refused', async () => {
    const { client, id } = await member('alice01');
    const before = await funds(client);
    // Sealed one after another (each takes a nonce), fired together.
    const bodies = [];
    for (let i = 0; i < 12; i++) bodies.push(await transferBody(client, `Wrong${i}999`));
    const replies = await Promise.all(bodies.map((body) => client.move('/api/wallet/transfer', body)));

    const codes = replies.map((r) => r.body.code as string);
    expect(count(codes, 'TRANSACTION_PASSWORD_WRONG')).toBe(4);
    expect(count(codes, 'TRANSACTION_PASSWORD_LOCKED')).toBe(8);
    const locked = replies.find((r) => r.body.code === 'TRANSACTION_PASSWORD_LOCKED')!;
    expect(locked.status).toBe(423);
    const retry = (locked.body.details as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(retry).toBeGreaterThan(29 * 60);
    expect(retry).toBeLessThanOrEqual(30 * 60);

    const kinds = await kindsOf(id);
    expect(count(kinds, 'security.transaction_password_failed')).toBe(5);
    expect(count(kinds, 'security.transaction_password_locked')).toBe(1);
    const failures = (await securityEvents(t.db, id))
      .filter((e) => e.action === 'security.transaction_password_failed')
      .map((e) => e.detail.failures);
    expect(failures).toEqual([1, 2, 3, 4, 5]);
    expect((await securityEvents(t.db, id))[0]?.ip).toBe(client.ip);

    const bell = await client.get<TNotificationPage>('/api/notifications');
    expect(bell.body.items[0]?.kind).toBe('transaction_password_locked');
    const state = await client.get<TMoneyHoldState>('/api/me/money-hold');
    expect(state.body.transactionPasswordLockedUntil).toBe(bell.body.items[0]?.params.until);
    expect(await funds(client)).toBe(before);
  });

  it('during the lock even the right password is refused, for every money action; after it, it works', async () => {
    const { client, id } = await member('carol01');
    for (let i = 0; i < 5; i++) await transfer(client, 'Wrong12345');
    const right = await transfer(client, PAY_PASSWORD);
    expect([right.status, right.body.code]).toEqual([423, 'TRANSACTION_PASSWORD_LOCKED']);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(29 * 60);
    // A conversion between the member's own coins is not held after a credential change, but is locked.
    const pairs = await client.get<{
      items: Array<{ id: string; fromCurrency: string; toCurrency: string }>;
    }>('/api/wallet/exchange/pairs');
    const pair = pairs.body.items.find((p) => p.fromCurrency === 'MCOIN' && p.toCurrency === 'USDT')!;
    const quote = await client.post<{ quoteToken: string }>('/api/wallet/exchange/quote', {
      pairId: pair.id,
      amount: '100',
    });
    const exchange = await client.move('/api/wallet/exchange', {
      pairId: pair.id,
      amount: '100',
      quoteToken: quote.body.quoteToken,
      password: await client.seal(PAY_PASSWORD),
    });
    expect(exchange.body.code).toBe('TRANSACTION_PASSWORD_LOCKED');
    // Refused guesses during the lock are not counted.
    expect(count(await kindsOf(id), 'security.transaction_password_failed')).toBe(5);

    // The lock's time passes (moved in the database, not slept).
    await t.db
      .updateTable('transaction_password_guards')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('member_id', '=', id)
      .execute();
    expect((await transfer(client, PAY_PASSWORD)).status).toBe(200);
    expect(
      (await client.get<TMoneyHoldState>('/api/me/money-hold')).body.transactionPasswordLockedUntil,
    ).toBeNull();
    // The count starts again after a lock: one wrong guess is just wrong.
    expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
  });

  it('counts only the guesses within the window', async () => {
    const { client, id } = await member('david01');
    for (let i = 0; i < 4; i++) {
      expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    }
    await t.db
      .updateTable('transaction_password_failures')
      .set({ at: sql<Date>`at - interval '16 minutes'` })
      .where('member_id', '=', id)
      .execute();
    expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    const last = (await securityEvents(t.db, id)).at(-1);
    expect(last?.detail).toEqual({ failures: 1 });
    for (let i = 0; i < 3; i++) await transfer(client, 'Wrong12345');
    expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_LOCKED');
  });

  it('a right password starts the count again', async () => {
    const { client, id } = await member('emily01');
    for (let i = 0; i < 4; i++) await transfer(client, 'Wrong12345');
    expect((await transfer(client, PAY_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    }
    expect(count(await kindsOf(id), 'security.transaction_password_locked')).toBe(0);
  });

  it('a right password settled right behind a concurrent wrong one succeeds and clears its failure', async () => {
    // Decisions 78 and 83: a right password must end the count as the guess ahead of it left it. A read or a
    // DELETE in a statement that waited for the row sees the snapshot taken before the wait, so it misses
    // the failure the wrong guess ahead of it committed, which would then outlive the right password.
    const { client, id } = await member('grace01');
    const wrongBody = await transferBody(client, 'Wrong12345');
    const rightBody = await transferBody(client, PAY_PASSWORD);
    await t.db
      .insertInto('transaction_password_guards')
      .values({ member_id: id, locked_until: null })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .execute();

    // This test holds the member's guard row, so both guesses queue for it in the order they arrive.
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = t.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('transaction_password_guards')
        .select('member_id')
        .where('member_id', '=', id)
        .forUpdate()
        .execute();
      held();
      await released;
    });
    await holding;
    const wrong = client.move('/api/wallet/transfer', wrongBody);
    await untilSomeoneWaitsForALock(t.db, 10_000, 1);
    const right = client.move('/api/wallet/transfer', rightBody);
    await untilSomeoneWaitsForALock(t.db, 10_000, 2);
    letGo();
    await holder;

    expect((await wrong).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    expect((await right).status).toBe(200);
    expect(count(await kindsOf(id), 'security.transaction_password_failed')).toBe(1);
    // The count starts again: the next wrong guess is the first.
    expect((await transfer(client, 'Wrong12345')).body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    expect((await securityEvents(t.db, id)).at(-1)?.detail).toEqual({ failures: 1 });
  });

  it('a new transaction password, set with step-up, ends the lock (and starts a money hold instead)', async () => {
    const { client, id } = await member('frank01');
    for (let i = 0; i < 5; i++) await transfer(client, 'Wrong12345');
    expect((await transfer(client, PAY_PASSWORD)).body.code).toBe('TRANSACTION_PASSWORD_LOCKED');
    const code = await stepUpCode(t, client, 'transaction_password', 'frank01@demo.local');
    const reset = await client.post('/api/me/transaction-password', {
      currentPassword: DEMO_PASSWORD,
      code,
      secret: await client.seal('Newpay123'),
      confirm: await client.seal('Newpay123'),
    });
    expect(reset.status).toBe(200);
    const state = await client.get<TMoneyHoldState>('/api/me/money-hold');
    expect(state.body.transactionPasswordLockedUntil).toBeNull();
    expect(state.body.hold?.reason).toBe('transaction_password_changed');
    expect(await kindsOf(id)).toContain('security.transaction_password_changed');
  });
});
