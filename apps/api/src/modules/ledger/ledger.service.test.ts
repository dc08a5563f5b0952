import { randomUUID } from 'node:crypto';
import { type Expression, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTransfers, fund, makeMember, totalsOf } from '../../../test/ledger-fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { LedgerError } from './ledger.errors';
import { createLedgerService, type LedgerService } from './ledger.service';
import type { LedgerAccount, NewTransferSpec } from './ledger.types';

let db: Db;
let drop: () => Promise<void>;
let ledger: LedgerService;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  ledger = createLedgerService({ db });
});
afterAll(() => drop());

const USDT = 'USDT';
const usdt = (units: number) => BigInt(units) * 1_000_000n;

/** Two fresh members with funds wallets in USDT; the first holds `opening`. */
async function pair(opening = usdt(100)) {
  const alice = await makeMember(db, 'alice');
  const bob = await makeMember(db, 'bob');
  const a = await ledger.account(db, { memberId: alice, wallet: 'funds', currency: USDT });
  const b = await ledger.account(db, { memberId: bob, wallet: 'funds', currency: USDT });
  if (opening > 0n) await fund(ledger, db, a.id, USDT, opening);
  return { alice, bob, a, b };
}

const move = (
  from: LedgerAccount,
  to: LedgerAccount,
  amount: bigint,
  over: Partial<NewTransferSpec> = {},
) => ({
  id: randomUUID(),
  debitAccountId: from.id,
  creditAccountId: to.id,
  amount,
  currency: from.currency,
  kind: 'transfer' as const,
  ...over,
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LedgerError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const available = async (memberId: string) => {
  const rows = await ledger.balances(memberId);
  return rows.find((r) => r.wallet === 'funds' && r.currency === USDT);
};

describe('ledger transfers', () => {
  it('a transfer moves funds and records the balance after on both sides', async () => {
    const { alice, bob, a, b } = await pair();
    const { transfers, replayed } = await ledger.transfer([move(a, b, usdt(30), { memo: 'lunch' })]);
    expect(replayed).toBe(false);
    expect(transfers[0]).toMatchObject({
      amount: usdt(30),
      status: 'posted',
      debitBalanceAfter: usdt(70),
      creditBalanceAfter: usdt(30),
      memo: 'lunch',
    });
    expect(await available(alice)).toMatchObject({ posted: usdt(70), available: usdt(70) });
    expect(await available(bob)).toMatchObject({ posted: usdt(30), available: usdt(30) });
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatchedAccounts: [] });
  });

  it('insufficient funds are refused and nothing changes', async () => {
    const { a, b } = await pair(usdt(10));
    const before = [await totalsOf(db, a.id), await totalsOf(db, b.id), await countTransfers(db)];
    expect(await refusal(ledger.transfer([move(a, b, usdt(10) + 1n)]))).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect([await totalsOf(db, a.id), await totalsOf(db, b.id), await countTransfers(db)]).toEqual(before);
    // exactly the balance is fine
    await ledger.transfer([move(a, b, usdt(10))]);
    expect((await totalsOf(db, b.id)).creditsPosted).toBe(usdt(10));
  });

  it('a hold reduces available but not posted; post moves it; void releases it; a second post or void is refused', async () => {
    const { alice, bob, a, b } = await pair(usdt(50));
    const hold = await ledger.transfer([move(a, b, usdt(20), { pending: true, kind: 'withdrawal' })]);
    const holdId = hold.transfers[0]!.id;
    expect(await available(alice)).toMatchObject({
      posted: usdt(50),
      pendingOut: usdt(20),
      available: usdt(30),
    });
    expect(await available(bob)).toMatchObject({ posted: 0n, pendingIn: usdt(20), available: 0n });
    // what is held cannot be spent
    expect(await refusal(ledger.transfer([move(a, b, usdt(31))]))).toBe('LEDGER_INSUFFICIENT_FUNDS');

    // post for less than held: 15 moves, 5 is released
    const posted = await ledger.postPending(randomUUID(), holdId, { amount: usdt(15) });
    expect(posted).toMatchObject({ status: 'post_pending', pendingId: holdId, amount: usdt(15) });
    expect(posted.debitBalanceAfter).toBe(usdt(35));
    expect(await available(alice)).toMatchObject({ posted: usdt(35), pendingOut: 0n, available: usdt(35) });
    expect(await available(bob)).toMatchObject({ posted: usdt(15), pendingIn: 0n });
    expect(await refusal(ledger.postPending(randomUUID(), holdId))).toBe('LEDGER_PENDING_ALREADY_RESOLVED');
    expect(await refusal(ledger.voidPending(randomUUID(), holdId))).toBe('LEDGER_PENDING_ALREADY_RESOLVED');

    const hold2 = (await ledger.transfer([move(a, b, usdt(35), { pending: true })])).transfers[0]!;
    expect(await available(alice)).toMatchObject({ available: 0n });
    await ledger.voidPending(randomUUID(), hold2.id, { memo: 'rejected: address on a list' });
    expect(await available(alice)).toMatchObject({ posted: usdt(35), pendingOut: 0n, available: usdt(35) });
    expect(await refusal(ledger.voidPending(randomUUID(), hold2.id))).toBe('LEDGER_PENDING_ALREADY_RESOLVED');
    expect(await refusal(ledger.postPending(randomUUID(), hold2.id))).toBe('LEDGER_PENDING_ALREADY_RESOLVED');

    // a post for more than held, or of something that is not a hold, is refused
    const hold3 = (await ledger.transfer([move(a, b, usdt(1), { pending: true })])).transfers[0]!;
    expect(await refusal(ledger.postPending(randomUUID(), hold3.id, { amount: usdt(2) }))).toBe(
      'LEDGER_POST_EXCEEDS_PENDING',
    );
    expect(await refusal(ledger.postPending(randomUUID(), posted.id))).toBe('LEDGER_NOT_PENDING');
    expect(await refusal(ledger.voidPending(randomUUID(), randomUUID()))).toBe('LEDGER_PENDING_NOT_FOUND');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatchedAccounts: [] });
  });

  it('the database refuses a second resolution of a hold even when the code check is bypassed', async () => {
    const { a, b } = await pair(usdt(5));
    const hold = (await ledger.transfer([move(a, b, usdt(5), { pending: true })])).transfers[0]!;
    await ledger.voidPending(randomUUID(), hold.id);
    const second = sql`
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, status,
        pending_id, debit_balance_after, credit_balance_after)
      VALUES (${randomUUID()}, ${a.id}, ${b.id}, 1, 'USDT', 'transfer', 'post_pending', ${hold.id}, 0, 0)`;
    await expect(second.execute(db)).rejects.toMatchObject({
      code: '23505',
      constraint: 'ledger_transfers_resolved_once',
    });
  });

  it('linked transfers: one failing rolls back all', async () => {
    const { a, b } = await pair(usdt(10));
    const carol = await makeMember(db, 'carol');
    const c = await ledger.account(db, { memberId: carol, wallet: 'funds', currency: USDT });
    const before = [await totalsOf(db, a.id), await totalsOf(db, b.id), await totalsOf(db, c.id)];
    const count = await countTransfers(db);
    // the first leg alone would succeed; the second overdraws b, who only has what the first gave
    const legs = [move(a, b, usdt(6)), move(b, c, usdt(7))];
    expect(await refusal(ledger.transfer(legs))).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect([await totalsOf(db, a.id), await totalsOf(db, b.id), await totalsOf(db, c.id)]).toEqual(before);
    expect(await countTransfers(db)).toBe(count);

    // later legs see earlier ones: with 6 then 6, both go through, linked to the first id
    const ok = await ledger.transfer([move(a, b, usdt(6)), move(b, c, usdt(6))]);
    expect(ok.transfers.map((t) => t.linkedId)).toEqual([ok.transfers[0]!.id, ok.transfers[0]!.id]);
    expect((await totalsOf(db, c.id)).creditsPosted).toBe(usdt(6));
  });

  it('stores memo and meta exactly, whatever characters they hold (they travel as array parameters)', async () => {
    const { a, b } = await pair(usdt(10));
    const awkward = 'a "quoted", {braced}\\ back\\slash; NULL, comma, \u00e9t\u00e9 \u{1F600} \n new line';
    const meta = { note: awkward, list: ['{x}', '"y"', null], n: 12.5, nested: { 'k,"ey': 'NULL' } };
    const { transfers } = await ledger.transfer([move(a, b, usdt(1), { memo: awkward, meta })]);
    const [stored] = await db
      .selectFrom('ledger_transfers')
      .select(['memo', 'meta'])
      .where('id', '=', transfers[0]!.id)
      .execute();
    expect(stored).toEqual({ memo: awkward, meta });
    expect(transfers[0]).toMatchObject({ memo: awkward, meta });
  });

  it('the same id with the same content is a no-op returning the same transfer', async () => {
    const { alice, a, b } = await pair(usdt(10));
    const spec = move(a, b, usdt(4), { meta: { order: 7, tags: ['x'] }, memo: 'once' });
    const first = await ledger.transfer([spec]);
    const again = await ledger.transfer([{ ...spec, meta: { tags: ['x'], order: 7 } }]);
    expect(again.replayed).toBe(true);
    expect(again.transfers).toEqual(first.transfers);
    expect(await available(alice)).toMatchObject({ posted: usdt(6) });

    // posts, voids and reversals are idempotent the same way
    const hold = (await ledger.transfer([move(a, b, usdt(1), { pending: true })])).transfers[0]!;
    const postId = randomUUID();
    const post = await ledger.postPending(postId, hold.id);
    expect(await ledger.postPending(postId, hold.id)).toEqual(post);
    expect(await available(alice)).toMatchObject({ posted: usdt(5), available: usdt(5) });
  });

  it('the same id with other content is refused', async () => {
    const { a, b } = await pair(usdt(10));
    const spec = move(a, b, usdt(4));
    await ledger.transfer([spec]);
    const count = await countTransfers(db);
    for (const other of [
      { ...spec, amount: usdt(5) },
      { ...spec, memo: 'changed' },
      { ...spec, pending: true as const },
      { ...spec, debitAccountId: b.id, creditAccountId: a.id },
    ]) {
      expect(await refusal(ledger.transfer([other]))).toBe('LEDGER_ID_CONFLICT');
    }
    // an applied id inside a new batch is refused too, and the batch's other leg does not move
    expect(await refusal(ledger.transfer([move(a, b, 1n), spec]))).toBe('LEDGER_ID_CONFLICT');
    expect(await countTransfers(db)).toBe(count);
  });

  it('a correction is a reversing transfer, once, and needs the funds to still be there', async () => {
    const { alice, bob, a, b } = await pair(usdt(10));
    const sent = (await ledger.transfer([move(a, b, usdt(8))])).transfers[0]!;
    const reversal = await ledger.reverse(randomUUID(), sent.id, { memo: 'sent by mistake' });
    expect(reversal).toMatchObject({
      kind: 'reversal',
      reversesId: sent.id,
      debitAccountId: b.id,
      creditAccountId: a.id,
      amount: usdt(8),
    });
    expect(await available(alice)).toMatchObject({ posted: usdt(10) });
    expect(await available(bob)).toMatchObject({ posted: 0n });
    expect(await refusal(ledger.reverse(randomUUID(), sent.id))).toBe('LEDGER_ALREADY_REVERSED');

    const again = (await ledger.transfer([move(a, b, usdt(3))])).transfers[0]!;
    await ledger.transfer([move(b, a, usdt(2))]); // bob spends part of it
    expect(await refusal(ledger.reverse(randomUUID(), again.id))).toBe('LEDGER_INSUFFICIENT_FUNDS');
    const hold = (await ledger.transfer([move(a, b, 1n, { pending: true })])).transfers[0]!;
    expect(await refusal(ledger.reverse(randomUUID(), hold.id))).toBe('LEDGER_NOT_REVERSIBLE');
  });

  it('refuses malformed transfers before touching anything', async () => {
    const { a, b } = await pair(usdt(10));
    const usdc = await ledger.account(db, {
      memberId: (await makeMember(db)) as string,
      wallet: 'funds',
      currency: 'USDC',
    });
    expect(await refusal(ledger.transfer([move(a, b, 0n)]))).toBe('LEDGER_AMOUNT_INVALID');
    expect(await refusal(ledger.transfer([move(a, b, -5n)]))).toBe('LEDGER_AMOUNT_INVALID');
    expect(await refusal(ledger.transfer([move(a, b, 10n ** 38n)]))).toBe('LEDGER_AMOUNT_INVALID');
    expect(await refusal(ledger.transfer([move(a, a, 1n)]))).toBe('LEDGER_SAME_ACCOUNT');
    expect(await refusal(ledger.transfer([move(a, usdc, 1n)]))).toBe('LEDGER_CURRENCY_MISMATCH');
    expect(await refusal(ledger.transfer([move(a, b, 1n, { id: 'not-a-uuid' })]))).toBe(
      'LEDGER_INVALID_SPEC',
    );
    expect(await refusal(ledger.transfer([]))).toBe('LEDGER_INVALID_SPEC');
    const dup = move(a, b, 1n);
    expect(await refusal(ledger.transfer([dup, dup]))).toBe('LEDGER_INVALID_SPEC');
    expect(await refusal(ledger.transfer([move(a, b, 1n, { debitAccountId: '999999999' })]))).toBe(
      'LEDGER_ACCOUNT_NOT_FOUND',
    );
    expect(
      await refusal(ledger.account(db, { memberId: a.memberId!, wallet: 'funds', currency: 'NOPE' })),
    ).toBe('LEDGER_CURRENCY_UNKNOWN');
    expect(
      await refusal(
        ledger.account(db, { memberId: a.memberId!, wallet: 'savings' as 'funds', currency: USDT }),
      ),
    ).toBe('LEDGER_WALLET_UNKNOWN');
  });

  it('get-or-create returns the same account every time, also when called at once', async () => {
    const member = await makeMember(db);
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        ledger.account(db, { memberId: member, wallet: 'reward', currency: USDT }),
      ),
    );
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    const fees = await Promise.all([1, 2, 3].map(() => ledger.systemAccount(db, 'fees', 'USDC')));
    expect(new Set(fees.map((f) => f.id)).size).toBe(1);
    expect(fees[0]).toMatchObject({ memberId: null, systemCode: 'fees', currency: 'USDC' });
  });

  it("a move inside a caller's transaction is undone when the caller rolls back", async () => {
    const { alice, a, b } = await pair(usdt(10));
    const failing = db.transaction().execute(async (trx) => {
      await ledger.transfer([move(a, b, usdt(4))], { trx });
      throw new Error('the withdrawal row could not be written');
    });
    await expect(failing).rejects.toThrow('could not be written');
    expect(await available(alice)).toMatchObject({ posted: usdt(10) });

    await db.transaction().execute(async (trx) => {
      const hold = await ledger.transfer([move(a, b, usdt(4), { pending: true })], { trx });
      await ledger.postPending(randomUUID(), hold.transfers[0]!.id, { trx });
    });
    expect(await available(alice)).toMatchObject({ posted: usdt(6) });
  });
});

describe('group commit', () => {
  it('concurrent requests share transactions, yet each is refused or applied on its own', async () => {
    const { a, b } = await pair(usdt(10));
    // 30 requests at once for 1 USDT each from 10 USDT: exactly 10 can pass, whichever they are.
    const specs = Array.from({ length: 30 }, () => move(a, b, usdt(1)));
    const outcomes = await Promise.allSettled(specs.map((spec) => ledger.transfer([spec])));
    const applied = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [(o.reason as LedgerError).code] : [],
    );
    expect(applied).toHaveLength(10);
    expect(refused).toEqual(Array(20).fill('LEDGER_INSUFFICIENT_FUNDS'));
    expect((await available(a.memberId!))?.available).toBe(0n);

    // Rows written by one transaction share its xmin: fewer transactions than transfers means grouping.
    const ids = specs.map((s) => s.id);
    const { rows } = await sql<{ transactions: number; transfers: number }>`
      SELECT count(DISTINCT xmin::text)::int AS transactions, count(*)::int AS transfers
      FROM ledger_transfers WHERE id = ANY(${ids}::uuid[])`.execute(db);
    expect(rows[0]!.transfers).toBe(10);
    expect(rows[0]!.transactions).toBeLessThan(10);
  });

  it('a request refused inside a group leaves the linked rows of the others whole', async () => {
    const { a, b } = await pair(usdt(5));
    const { a: c, b: d } = await pair(usdt(5));
    const linkedOk = [move(c, d, usdt(2)), move(c, d, usdt(3))];
    const linkedTooMuch = [move(a, b, usdt(4)), move(a, b, usdt(4))];
    const [ok, tooMuch] = await Promise.allSettled([
      ledger.transfer(linkedOk),
      ledger.transfer(linkedTooMuch),
    ]);
    expect(ok.status).toBe('fulfilled');
    expect(tooMuch.status === 'rejected' && (tooMuch.reason as LedgerError).code).toBe(
      'LEDGER_INSUFFICIENT_FUNDS',
    );
    expect((await available(a.memberId!))?.available).toBe(usdt(5));
    expect((await available(c.memberId!))?.available).toBe(0n);
  });
});

describe('many requests in one go (transferEach)', () => {
  it('applies each request on its own in the caller transaction: refused ones apart, replays move nothing', async () => {
    const { alice, bob, a, b } = await pair(usdt(10));
    const carol = await makeMember(db, 'carol');
    const accounts = await ledger.memberAccounts(db, [bob, carol, bob], 'funds', USDT);
    expect([...accounts.keys()].sort()).toEqual([bob, carol].sort());
    expect(accounts.get(bob)?.id).toBe(b.id);
    const c = accounts.get(carol)!;
    const first = move(a, b, usdt(4));
    const tooMuch = move(a, c, usdt(7));
    const second = move(a, c, usdt(5));
    const results = await db
      .transaction()
      .execute((trx) => ledger.transferEach([[first], [tooMuch], [second]], { trx }));
    expect(results[0]).toMatchObject({ replayed: false });
    expect(results[1]).toBeInstanceOf(LedgerError);
    expect((results[1] as LedgerError).code).toBe('LEDGER_INSUFFICIENT_FUNDS');
    expect(results[2]).toMatchObject({ replayed: false });
    expect(await available(alice)).toMatchObject({ posted: usdt(1) });
    // The same requests again: the applied ones are replays, nothing moves twice.
    const again = await db.transaction().execute((trx) => ledger.transferEach([[first], [second]], { trx }));
    expect(again.map((r) => (r instanceof LedgerError ? r.code : r.replayed))).toEqual([true, true]);
    expect(await available(alice)).toMatchObject({ posted: usdt(1) });
    expect(await available(carol)).toMatchObject({ posted: usdt(5) });
    // An id reused with other content is refused, as by transfer().
    const clash = await db
      .transaction()
      .execute((trx) => ledger.transferEach([[{ ...first, amount: usdt(1) }]], { trx }));
    expect((clash[0] as LedgerError).code).toBe('LEDGER_ID_CONFLICT');
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatchedAccounts: [] });
  });

  it('refuses duplicate ids across requests and oversized calls before touching anything', async () => {
    const { a, b } = await pair(usdt(10));
    const one = move(a, b, usdt(1));
    expect(
      await refusal(db.transaction().execute((trx) => ledger.transferEach([[one], [one]], { trx }))),
    ).toBe('LEDGER_INVALID_SPEC');
    const many = Array.from({ length: 2001 }, () => [move(a, b, 1n)]);
    expect(await refusal(db.transaction().execute((trx) => ledger.transferEach(many, { trx })))).toBe(
      'LEDGER_INVALID_SPEC',
    );
    expect(
      await available(
        (await ledger.account(db, { memberId: b.memberId!, wallet: 'funds', currency: USDT })).memberId!,
      ),
    ).toMatchObject({
      posted: 0n,
    });
  });
});

describe('records', () => {
  it("lists a member's movements newest first with direction, counterparty, balance after and status", async () => {
    const { alice, bob, a, b } = await pair(usdt(100));
    const trading = await ledger.account(db, { memberId: alice, wallet: 'trading', currency: USDT });
    await ledger.transfer([move(a, b, usdt(10))]);
    const hold = (await ledger.transfer([move(a, b, usdt(20), { pending: true, kind: 'withdrawal' })]))
      .transfers[0]!;
    const voided = (await ledger.transfer([move(a, b, usdt(5), { pending: true, kind: 'withdrawal' })]))
      .transfers[0]!;
    await ledger.voidPending(randomUUID(), voided.id);
    await ledger.postPending(randomUUID(), hold.id, { amount: usdt(18) });
    await ledger.transfer([move(a, trading, usdt(1))]);

    const page = await ledger.history(alice, { page: 1, pageSize: 10 });
    expect(
      page.items.map((i) => [
        i.kind,
        i.wallet,
        i.direction,
        i.amount,
        i.balanceAfter,
        i.status,
        i.counterparty,
      ]),
    ).toEqual([
      [
        'transfer',
        'funds',
        'out',
        usdt(1),
        usdt(71),
        'posted',
        { memberId: alice, wallet: 'trading', systemCode: null, name: null },
      ],
      [
        'transfer',
        'trading',
        'in',
        usdt(1),
        usdt(1),
        'posted',
        { memberId: alice, wallet: 'funds', systemCode: null, name: null },
      ],
      [
        'withdrawal',
        'funds',
        'out',
        usdt(5),
        usdt(90),
        'voided',
        { memberId: bob, wallet: 'funds', systemCode: null, name: null },
      ],
      [
        'withdrawal',
        'funds',
        'out',
        usdt(18),
        usdt(72),
        'posted',
        { memberId: bob, wallet: 'funds', systemCode: null, name: null },
      ],
      [
        'transfer',
        'funds',
        'out',
        usdt(10),
        usdt(90),
        'posted',
        { memberId: bob, wallet: 'funds', systemCode: null, name: null },
      ],
      [
        'deposit',
        'funds',
        'in',
        usdt(100),
        usdt(100),
        'posted',
        { memberId: null, wallet: null, systemCode: 'deposits_clearing', name: null },
      ],
    ]);
    // Another module's name column is placed once per counterparty; each column has its own statement.
    const tagged = (tag: string) => (id: Expression<string | null>) => sql<string | null>`${tag} || ${id}`;
    for (const tag of ['one:', 'two:']) {
      const named = await ledger.history(alice, { page: 1, pageSize: 10 }, { counterpartyName: tagged(tag) });
      expect(named.items.map((i) => i.counterparty.name)).toEqual([
        `${tag}${alice}`,
        `${tag}${alice}`,
        `${tag}${bob}`,
        `${tag}${bob}`,
        `${tag}${bob}`,
        null,
      ]);
    }
    const withdrawals = await ledger.history(alice, { kind: 'withdrawal', page: 1, pageSize: 1 });
    expect(withdrawals.items.map((i) => i.status)).toEqual(['voided']);
    const second = await ledger.history(alice, { kind: 'withdrawal', page: 2, pageSize: 1 });
    expect(second.items.map((i) => i.status)).toEqual(['posted']);
    const tradingOnly = await ledger.history(alice, { wallet: 'trading', page: 1, pageSize: 10 });
    expect(tradingOnly.items).toHaveLength(1);
    expect((await ledger.history(alice, { currency: 'USDC', page: 1, pageSize: 10 })).items).toEqual([]);
    // bob sees the same movements from his side
    const bobs = await ledger.history(bob, { page: 1, pageSize: 10 });
    expect(bobs.items.map((i) => [i.direction, i.amount, i.status])).toEqual([
      ['in', usdt(5), 'voided'],
      ['in', usdt(18), 'posted'],
      ['in', usdt(10), 'posted'],
    ]);
  });
  it('cuts the same list into pages of any size, across accounts and both directions', async () => {
    const { alice, a, b } = await pair(usdt(100));
    const trading = await ledger.account(db, { memberId: alice, wallet: 'trading', currency: USDT });
    // Moves out, in, and between alice's own wallets (two records each), interleaved over two accounts.
    for (let i = 1; i <= 4; i++) {
      await ledger.transfer([move(a, b, usdt(i))]);
      await ledger.transfer([move(a, trading, usdt(i))]);
      await ledger.transfer([move(b, a, usdt(i))]);
      await ledger.transfer([move(trading, b, usdt(1))]);
    }
    const key = (i: { transferId: string; direction: string }) => `${i.transferId}:${i.direction}`;
    const all = (await ledger.history(alice, { page: 1, pageSize: 100 })).items.map(key);
    expect(all).toHaveLength(21);
    for (const pageSize of [1, 2, 3, 5, 7]) {
      const pages: string[] = [];
      for (let page = 1; (page - 1) * pageSize < all.length + pageSize; page++)
        pages.push(...(await ledger.history(alice, { page, pageSize })).items.map(key));
      expect(pages).toEqual(all);
    }
  });
});

describe('what the database itself refuses', () => {
  it('UPDATE, DELETE and TRUNCATE of ledger_transfers are refused', async () => {
    const { a, b } = await pair(usdt(10));
    const t = (await ledger.transfer([move(a, b, usdt(1))])).transfers[0]!;
    await expect(sql`UPDATE ledger_transfers SET amount = 2 WHERE id = ${t.id}`.execute(db)).rejects.toThrow(
      /append-only: UPDATE refused/,
    );
    await expect(sql`DELETE FROM ledger_transfers WHERE id = ${t.id}`.execute(db)).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(sql`TRUNCATE ledger_transfers CASCADE`.execute(db)).rejects.toThrow(
      /append-only: TRUNCATE refused/,
    );
    expect((await ledger.history(b.memberId!, { page: 1, pageSize: 5 })).items[0]?.amount).toBe(usdt(1));
  });

  it('a member account below zero is refused by the CHECK even when the code is bypassed', async () => {
    const { a } = await pair(usdt(10));
    const raw = sql`UPDATE ledger_accounts SET debits_posted = debits_posted + ${usdt(11).toString()} WHERE id = ${a.id}`;
    await expect(raw.execute(db)).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_accounts_member_not_negative',
    });
    // nor can it spend what is held
    const hold = sql`UPDATE ledger_accounts SET debits_pending = ${usdt(10) + 1n} WHERE id = ${a.id}`;
    await expect(hold.execute(db)).rejects.toMatchObject({
      constraint: 'ledger_accounts_member_not_negative',
    });
    // a system account is the other side and may go negative
    const fees = await ledger.systemAccount(db, 'fees', USDT);
    await expect(
      sql`UPDATE ledger_accounts SET debits_posted = 5 WHERE id = ${fees.id}`.execute(db),
    ).resolves.toBeDefined();
    await sql`UPDATE ledger_accounts SET debits_posted = 0 WHERE id = ${fees.id}`.execute(db);
  });

  it('a transfer between accounts of another currency than its own is refused by the database', async () => {
    const { a } = await pair(usdt(1));
    const usdc = await ledger.systemAccount(db, 'fees', 'USDC');
    const raw = sql`
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, status,
        debit_balance_after, credit_balance_after)
      VALUES (${randomUUID()}, ${a.id}, ${usdc.id}, 1, 'USDT', 'transfer', 'posted', 0, 0)`;
    await expect(raw.execute(db)).rejects.toMatchObject({
      code: '23503',
      constraint: 'ledger_transfers_credit',
    });
  });

  it("a currency's decimals cannot change once set", async () => {
    await expect(sql`UPDATE currencies SET decimals = 2 WHERE code = 'USDT'`.execute(db)).rejects.toThrow(
      /cannot change/,
    );
    await sql`UPDATE currencies SET active = true WHERE code = 'USDT'`.execute(db);
  });
});
