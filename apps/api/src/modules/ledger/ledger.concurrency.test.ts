import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, makeMember, type Totals, totalsOf } from '../../../test/ledger-fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { LedgerError } from './ledger.errors';
import { createLedgerService, type LedgerService } from './ledger.service';
import type { Transfer, TransferResult, TransferSpec } from './ledger.types';

/**
 * Service-level concurrency: 32 workers on separate pool connections hammer 4 hot members in 2 currencies
 * with transfers, linked pairs, holds and their posts or voids; some requests are sent twice at the same
 * moment with the same id, and some holds are resolved twice at once. Afterwards every id is applied
 * exactly once, the books balance, no member is below zero, and the totals are exactly what the
 * acknowledged operations add up to. (The same through HTTP comes with the routes.)
 */

let db: Db;
let drop: () => Promise<void>;
let ledger: LedgerService;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  ledger = createLedgerService({ db });
});
afterAll(() => drop());

const WORKERS = 32;
const OPS_PER_WORKER = 12;
const CURRENCIES = ['USDT', 'USDC'];
const OPENING = 1_000n;

type Outcome = { ok: true; result: TransferResult } | { ok: false; code: string };

async function call(specs: TransferSpec[]): Promise<Outcome> {
  try {
    return { ok: true, result: await ledger.transfer(specs) };
  } catch (error) {
    if (error instanceof LedgerError) return { ok: false, code: error.code };
    throw error;
  }
}

const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

describe('ledger under concurrent load', () => {
  it('32 workers: every id applied once, sums zero, nobody negative, totals equal to the acknowledged moves', async () => {
    const accounts = new Map<string, string[]>(); // currency -> the 4 members' funds accounts
    for (const currency of CURRENCIES) accounts.set(currency, []);
    for (let i = 0; i < 4; i++) {
      const memberId = await makeMember(db, 'hot');
      for (const currency of CURRENCIES) {
        const account = await ledger.account(db, { memberId, wallet: 'funds', currency });
        await fund(ledger, db, account.id, currency, OPENING);
        accounts.get(currency)!.push(account.id);
      }
    }
    const everyAccount = [...accounts.values()].flat();
    const start = new Map<string, Totals>();
    for (const id of everyAccount) start.set(id, await totalsOf(db, id));

    /** Every batch attempted, with the outcome of each of its (possibly simultaneous) sends. */
    const attempts: Array<{ specs: TransferSpec[]; outcomes: Outcome[] }> = [];
    const openHolds: Transfer[] = [];
    const races: Array<[Outcome, Outcome]> = [];

    const send = async (specs: TransferSpec[], copies: number) => {
      const outcomes = await Promise.all(Array.from({ length: copies }, () => call(specs)));
      attempts.push({ specs, outcomes });
      return outcomes;
    };

    const newMove = (pending = false): TransferSpec => {
      const currency = pick(CURRENCIES);
      const [from, to] = [...accounts.get(currency)!].sort(() => Math.random() - 0.5);
      return {
        id: randomUUID(),
        debitAccountId: from!,
        creditAccountId: to!,
        amount: BigInt(1 + randomInt(400)),
        currency,
        kind: 'transfer',
        ...(pending ? { pending: true as const } : {}),
      };
    };

    const worker = async () => {
      for (let i = 0; i < OPS_PER_WORKER; i++) {
        const roll = Math.random();
        // a quarter of the requests are sent twice at once with the same id (a client retrying early)
        const copies = Math.random() < 0.25 ? 2 : 1;
        if (roll < 0.55) {
          await send([newMove()], copies);
        } else if (roll < 0.7) {
          await send([newMove(), newMove()], copies);
        } else if (roll < 0.85 || openHolds.length === 0) {
          const outcomes = await send([newMove(true)], copies);
          const made = outcomes.find((o) => o.ok);
          if (made?.ok) openHolds.push(made.result.transfers[0]!);
        } else {
          const hold = openHolds.splice(randomInt(openHolds.length), 1)[0]!;
          const resolve = (): TransferSpec =>
            Math.random() < 0.5
              ? {
                  id: randomUUID(),
                  postPendingId: hold.id,
                  amount: BigInt(1 + randomInt(Number(hold.amount))),
                }
              : { id: randomUUID(), voidPendingId: hold.id };
          // two different resolutions of one hold racing: exactly one may win
          const [one, other] = await Promise.all([send([resolve()], 1), send([resolve()], 1)]);
          races.push([one![0]!, other![0]!]);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    // each id: applied exactly once when acknowledged, absent when every send was refused
    const acknowledged: Transfer[] = [];
    let refusedIds = 0;
    let replays = 0;
    for (const { specs, outcomes } of attempts) {
      const wins = outcomes.filter((o): o is Extract<Outcome, { ok: true }> => o.ok);
      if (wins.length === 0) {
        for (const o of outcomes) expect(o.ok ? null : o.code).toMatch(/^LEDGER_/);
        const rows = await db
          .selectFrom('ledger_transfers')
          .select('id')
          .where(
            'id',
            'in',
            specs.map((s) => s.id),
          )
          .execute();
        expect(rows).toEqual([]);
        refusedIds += specs.length;
        continue;
      }
      // one send moved the money; a simultaneous copy replayed it, or ran first and found too little money
      expect(wins.filter((w) => !w.result.replayed)).toHaveLength(1);
      for (const o of outcomes) if (!o.ok) expect(o.code).toBe('LEDGER_INSUFFICIENT_FUNDS');
      replays += wins.length - 1;
      const first = wins.find((w) => !w.result.replayed)!.result.transfers;
      for (const w of wins) expect(w.result.transfers).toEqual(first);
      // and sending it once more now is a replay of the very same rows
      expect(await ledger.transfer(specs)).toEqual({ transfers: first, replayed: true });
      acknowledged.push(...first);
    }
    expect(acknowledged.length + refusedIds).toBeGreaterThanOrEqual(WORKERS * OPS_PER_WORKER);
    expect(replays).toBeGreaterThan(0);
    expect(races.length).toBeGreaterThan(0);
    for (const race of races) {
      expect(race.map((o) => (o.ok ? 'won' : o.code)).sort()).toEqual([
        'LEDGER_PENDING_ALREADY_RESOLVED',
        'won',
      ]);
    }
    const holdsResolvedTwice = acknowledged.filter((t) => t.pendingId).map((t) => t.pendingId);
    expect(new Set(holdsResolvedTwice).size).toBe(holdsResolvedTwice.length);
    const storedCount = await db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(
        'id',
        'in',
        acknowledged.map((t) => t.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(storedCount.n)).toBe(acknowledged.length);

    // the model: opening totals plus what the acknowledged transfers add up to
    const model = new Map([...start].map(([id, t]) => [id, { ...t }]));
    const held = new Map(acknowledged.filter((t) => t.status === 'pending').map((t) => [t.id, t.amount]));
    for (const t of acknowledged) {
      const d = model.get(t.debitAccountId)!;
      const c = model.get(t.creditAccountId)!;
      if (t.status === 'posted' || t.status === 'post_pending') {
        d.debitsPosted += t.amount;
        c.creditsPosted += t.amount;
      }
      if (t.status === 'pending') {
        d.debitsPending += t.amount;
        c.creditsPending += t.amount;
      }
      if (t.pendingId) {
        d.debitsPending -= held.get(t.pendingId)!;
        c.creditsPending -= held.get(t.pendingId)!;
      }
    }
    for (const id of everyAccount) {
      const actual = await totalsOf(db, id);
      expect(actual).toEqual(model.get(id));
      expect(actual.creditsPosted - actual.debitsPosted - actual.debitsPending >= 0n).toBe(true);
    }
    expect(await ledger.audit()).toEqual({ unbalanced: [], mismatchedAccounts: [] });

    // The balance after of each transfer chains, per account, in insertion order: proof that each one
    // read the balance under the lock, after the one before it had committed.
    const rows = await db
      .selectFrom('ledger_transfers')
      .selectAll()
      .where(
        'id',
        'in',
        acknowledged.map((t) => t.id),
      )
      .orderBy('seq')
      .execute();
    const posted = new Map([...start].map(([id, t]) => [id, t.creditsPosted - t.debitsPosted]));
    for (const r of rows) {
      const moves = r.status === 'posted' || r.status === 'post_pending' ? BigInt(r.amount) : 0n;
      posted.set(r.debit_account_id, posted.get(r.debit_account_id)! - moves);
      posted.set(r.credit_account_id, posted.get(r.credit_account_id)! + moves);
      expect([r.id, BigInt(r.debit_balance_after), BigInt(r.credit_balance_after)]).toEqual([
        r.id,
        posted.get(r.debit_account_id),
        posted.get(r.credit_account_id),
      ]);
    }
  }, 120_000);
});
