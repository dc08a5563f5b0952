import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCurrency, makeMember } from '../../../test/ledger-fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { LedgerError, type LedgerErrorCode } from './ledger.errors';
import { createLedgerService, type LedgerService } from './ledger.service';
import type { TransferResult, TransferSpec } from './ledger.types';

/**
 * Random sequences of transfers, holds, posts, voids, reversals, linked batches and retries, valid and
 * not, run against the real ledger and against a small model kept in memory. After every operation the
 * ledger must agree with the model (success or the refusal the model expects, and the balances after);
 * after every sequence the books must balance and match the model account by account.
 */

let db: Db;
let drop: () => Promise<void>;
let ledger: LedgerService;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  ledger = createLedgerService({ db });
});
afterAll(() => drop());

// ---- the model ---------------------------------------------------------------------------------------

interface MAccount {
  id: string;
  currency: string;
  member: boolean;
  dp: bigint;
  cp: bigint;
  dpend: bigint;
  cpend: bigint;
}

interface MTransfer {
  id: string;
  debit: string;
  credit: string;
  amount: bigint;
  currency: string;
  status: 'posted' | 'pending' | 'post_pending' | 'void_pending';
  resolved: boolean;
  reversed: boolean;
}

type Leg =
  | {
      kind: 'new';
      id: string;
      debit: string;
      credit: string;
      amount: bigint;
      currency: string;
      pending: boolean;
    }
  | { kind: 'post'; id: string; pendingId: string; amount?: bigint }
  | { kind: 'void'; id: string; pendingId: string }
  | { kind: 'reverse'; id: string; reversesId: string };

function toSpec(leg: Leg, memo = ''): TransferSpec {
  switch (leg.kind) {
    case 'new':
      return {
        id: leg.id,
        debitAccountId: leg.debit,
        creditAccountId: leg.credit,
        amount: leg.amount,
        currency: leg.currency,
        kind: 'transfer',
        memo,
        ...(leg.pending ? { pending: true as const } : {}),
      };
    case 'post':
      return {
        id: leg.id,
        postPendingId: leg.pendingId,
        memo,
        ...(leg.amount ? { amount: leg.amount } : {}),
      };
    case 'void':
      return { id: leg.id, voidPendingId: leg.pendingId, memo };
    case 'reverse':
      return { id: leg.id, reversesId: leg.reversesId, memo };
  }
}

const available = (a: MAccount) => a.cp - a.dp - a.dpend;

class Model {
  accounts = new Map<string, MAccount>();
  transfers = new Map<string, MTransfer>();
  /** every hold ever made, resolved or not, and every transfer: what posts, voids and reversals pick from */
  holds: string[] = [];
  all: string[] = [];
  batches: Array<{ specs: TransferSpec[]; ids: string[] }> = [];

  /** Problems a batch has whatever the order of application: the ledger must refuse with one of them. */
  staticErrors(legs: Leg[]): Set<LedgerErrorCode> {
    const errors = new Set<LedgerErrorCode>();
    const seenHolds = new Set<string>();
    const seenReversals = new Set<string>();
    for (const leg of legs) {
      if (leg.kind === 'new') {
        if (leg.debit === leg.credit) errors.add('LEDGER_SAME_ACCOUNT');
        else if (this.accounts.get(leg.credit)!.currency !== leg.currency)
          errors.add('LEDGER_CURRENCY_MISMATCH');
      } else if (leg.kind === 'post' || leg.kind === 'void') {
        const held = this.transfers.get(leg.pendingId)!;
        if (held.status !== 'pending') errors.add('LEDGER_NOT_PENDING');
        else if (held.resolved || seenHolds.has(leg.pendingId)) errors.add('LEDGER_PENDING_ALREADY_RESOLVED');
        if (leg.kind === 'post' && leg.amount !== undefined && leg.amount > held.amount) {
          errors.add('LEDGER_POST_EXCEEDS_PENDING');
        }
        seenHolds.add(leg.pendingId);
      } else {
        const original = this.transfers.get(leg.reversesId)!;
        if (original.status !== 'posted' && original.status !== 'post_pending')
          errors.add('LEDGER_NOT_REVERSIBLE');
        else if (original.reversed || seenReversals.has(leg.reversesId))
          errors.add('LEDGER_ALREADY_REVERSED');
        seenReversals.add(leg.reversesId);
      }
    }
    return errors;
  }

  /**
   * Applies a batch without static problems in order, on a copy; null when a member would go below zero.
   * Returns the new state and the expected balance after of each leg.
   */
  simulate(legs: Leg[]) {
    const accounts = structuredClone(this.accounts);
    const transfers = structuredClone(this.transfers);
    const after: Array<[bigint, bigint]> = [];
    for (const leg of legs) {
      let row: MTransfer;
      if (leg.kind === 'new') {
        row = { ...leg, status: leg.pending ? 'pending' : 'posted', resolved: false, reversed: false };
      } else if (leg.kind === 'reverse') {
        const o = transfers.get(leg.reversesId)!;
        o.reversed = true;
        row = { ...o, id: leg.id, debit: o.credit, credit: o.debit, status: 'posted', reversed: false };
      } else {
        const held = transfers.get(leg.pendingId)!;
        held.resolved = true;
        const amount = leg.kind === 'post' ? (leg.amount ?? held.amount) : held.amount;
        row = { ...held, id: leg.id, amount, status: leg.kind === 'post' ? 'post_pending' : 'void_pending' };
        const d = accounts.get(held.debit)!;
        const c = accounts.get(held.credit)!;
        d.dpend -= held.amount;
        c.cpend -= held.amount;
        if (leg.kind === 'post') {
          d.dp += amount;
          c.cp += amount;
        }
      }
      const d = accounts.get(row.debit)!;
      const c = accounts.get(row.credit)!;
      if (row.status === 'posted' || row.status === 'pending') {
        if (d.member && available(d) < row.amount) return null;
        if (row.status === 'posted') {
          d.dp += row.amount;
          c.cp += row.amount;
        } else {
          d.dpend += row.amount;
          c.cpend += row.amount;
        }
      }
      transfers.set(row.id, row);
      after.push([d.cp - d.dp, c.cp - c.dp]);
    }
    return { accounts, transfers, after };
  }

  commit(legs: Leg[], next: { accounts: Map<string, MAccount>; transfers: Map<string, MTransfer> }) {
    this.accounts = next.accounts;
    this.transfers = next.transfers;
    for (const leg of legs) {
      this.all.push(leg.id);
      if (leg.kind === 'new' && leg.pending) this.holds.push(leg.id);
    }
  }
}

// ---- the operations ----------------------------------------------------------------------------------

const index = fc.nat({ max: 10_000 });
const newLeg = fc.record({
  t: fc.constant('new' as const),
  from: index,
  to: index,
  amount: fc.bigInt({ min: 1n, max: 300n }),
  pending: fc.boolean(),
});
const postLeg = fc.record({
  t: fc.constant('post' as const),
  p: index,
  amount: fc.option(fc.bigInt({ min: 1n, max: 300n }), { nil: undefined }),
});
const voidLeg = fc.record({ t: fc.constant('void' as const), p: index });
const reverseLeg = fc.record({ t: fc.constant('reverse' as const), x: index });
const leg = fc.oneof(
  { arbitrary: newLeg, weight: 4 },
  { arbitrary: postLeg, weight: 2 },
  { arbitrary: voidLeg, weight: 1 },
  { arbitrary: reverseLeg, weight: 1 },
);
type LegOp = typeof leg extends fc.Arbitrary<infer T> ? T : never;
const operation = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant('deposit' as const),
      to: index,
      amount: fc.bigInt({ min: 1n, max: 1000n }),
    }),
    weight: 3,
  },
  { arbitrary: leg.map((l) => ({ t: 'batch' as const, legs: [l] })), weight: 7 },
  {
    arbitrary: fc.array(leg, { minLength: 2, maxLength: 3 }).map((legs) => ({ t: 'batch' as const, legs })),
    weight: 2,
  },
  { arbitrary: fc.record({ t: fc.constant('retry' as const), b: index, mutate: fc.boolean() }), weight: 1 },
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

interface World {
  model: Model;
  currencies: string[];
  /** member accounts first, then system accounts */
  accounts: string[];
  memberAccounts: string[];
  clearing: Map<string, string>;
}

async function newWorld(members: number): Promise<World> {
  const model = new Model();
  const currencies = [await makeCurrency(db), await makeCurrency(db)];
  const memberAccounts: string[] = [];
  const clearing = new Map<string, string>();
  const register = (id: string, currency: string, member: boolean) =>
    model.accounts.set(id, { id, currency, member, dp: 0n, cp: 0n, dpend: 0n, cpend: 0n });
  for (let i = 0; i < members; i++) {
    const memberId = await makeMember(db, 'prop');
    for (const [wallet, currency] of [
      ['funds', currencies[0]!],
      ['funds', currencies[1]!],
      ['trading', currencies[0]!],
    ] as const) {
      const account = await ledger.account(db, { memberId, wallet, currency });
      register(account.id, currency, true);
      memberAccounts.push(account.id);
    }
  }
  const system: string[] = [];
  for (const currency of currencies) {
    const c = await ledger.systemAccount(db, 'deposits_clearing', currency);
    clearing.set(currency, c.id);
    register(c.id, currency, false);
    system.push(c.id);
  }
  const fees = await ledger.systemAccount(db, 'fees', currencies[0]!);
  register(fees.id, currencies[0]!, false);
  system.push(fees.id);
  return { model, currencies, accounts: [...memberAccounts, ...system], memberAccounts, clearing };
}

/** The legs an operation stands for in this world, or null when it has nothing to act on yet. */
function legsOf(world: World, op: LegOp): Leg | null {
  const { model, accounts } = world;
  const id = randomUUID();
  if (op.t === 'new') {
    const debit = accounts[op.from % accounts.length]!;
    const credit = accounts[op.to % accounts.length]!;
    return {
      kind: 'new',
      id,
      debit,
      credit,
      amount: op.amount,
      currency: model.accounts.get(debit)!.currency,
      pending: op.pending,
    };
  }
  if (op.t === 'post' || op.t === 'void') {
    if (model.holds.length === 0) return null;
    const pendingId = model.holds[op.p % model.holds.length]!;
    return op.t === 'post'
      ? { kind: 'post', id, pendingId, ...(op.amount ? { amount: op.amount } : {}) }
      : { kind: 'void', id, pendingId };
  }
  if (model.all.length === 0) return null;
  return { kind: 'reverse', id, reversesId: model.all[op.x % model.all.length]! };
}

/** What the sequences exercised: checked at the end, so that a generator that drifts cannot pass unnoticed. */
const seen = new Set<string>();

async function attempt(specs: TransferSpec[]): Promise<TransferResult | LedgerErrorCode> {
  try {
    const result = await ledger.transfer(specs);
    for (const t of result.transfers)
      seen.add(result.replayed ? 'replayed' : t.kind === 'reversal' ? 'reversal' : t.status);
    if (specs.length > 1 && !result.replayed) seen.add('linked');
    return result;
  } catch (error) {
    if (error instanceof LedgerError) {
      seen.add(error.code);
      return error.code;
    }
    throw error;
  }
}

async function step(world: World, op: Operation): Promise<void> {
  const { model } = world;
  if (op.t === 'retry') {
    if (model.batches.length === 0) return;
    const batch = model.batches[op.b % model.batches.length]!;
    const specs = op.mutate
      ? batch.specs.map((s, i) => (i === 0 ? { ...s, memo: 'changed' } : s))
      : batch.specs;
    // nothing may move: the books are compared with the model, which this step leaves as it is
    const result = await attempt(specs);
    if (op.mutate) expect(result).toBe('LEDGER_ID_CONFLICT');
    else {
      expect(result).toMatchObject({ replayed: true });
      expect((result as TransferResult).transfers.map((t) => t.id)).toEqual(batch.ids);
    }
    return;
  }
  let legs: Leg[];
  if (op.t === 'deposit') {
    const credit = world.memberAccounts[op.to % world.memberAccounts.length]!;
    const currency = model.accounts.get(credit)!.currency;
    legs = [
      {
        kind: 'new',
        id: randomUUID(),
        debit: world.clearing.get(currency)!,
        credit,
        amount: op.amount,
        currency,
        pending: false,
      },
    ];
  } else {
    legs = op.legs.map((l) => legsOf(world, l)).filter((l): l is Leg => l !== null);
    if (legs.length === 0) return;
  }
  const specs = legs.map((l) => toSpec(l));
  const result = await attempt(specs);
  const problems = model.staticErrors(legs);
  if (problems.size > 0) {
    expect([...problems]).toContain(result);
    return;
  }
  const next = model.simulate(legs);
  if (!next) {
    expect(result).toBe('LEDGER_INSUFFICIENT_FUNDS');
    return;
  }
  if (typeof result === 'string') throw new Error(`refused with ${result}, the model expected success`);
  expect(result.replayed).toBe(false);
  expect(result.transfers.map((t) => [t.debitBalanceAfter, t.creditBalanceAfter])).toEqual(next.after);
  model.commit(legs, next);
  model.batches.push({ specs, ids: result.transfers.map((t) => t.id) });
}

async function checkBooks(world: World): Promise<void> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select([
      'id',
      'currency',
      'member_id',
      'debits_posted',
      'credits_posted',
      'debits_pending',
      'credits_pending',
    ])
    .where('currency', 'in', world.currencies)
    .execute();
  // every account of these currencies is one the model knows, with the same totals
  const actual = new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        currency: r.currency,
        member: r.member_id !== null,
        dp: BigInt(r.debits_posted),
        cp: BigInt(r.credits_posted),
        dpend: BigInt(r.debits_pending),
        cpend: BigInt(r.credits_pending),
      },
    ]),
  );
  expect(actual).toEqual(world.model.accounts);
  for (const currency of world.currencies) {
    const mine = rows.filter((r) => r.currency === currency);
    const sum = (f: (r: (typeof rows)[number]) => bigint) => mine.reduce((s, r) => s + f(r), 0n);
    expect(sum((r) => BigInt(r.credits_posted) - BigInt(r.debits_posted))).toBe(0n);
    expect(sum((r) => BigInt(r.credits_pending) - BigInt(r.debits_pending))).toBe(0n);
  }
  for (const a of actual.values()) {
    if (a.member) expect(available(a) >= 0n).toBe(true);
  }
  // every hold still open is within its account's held total, and the held totals are exactly the open holds
  const open = await sql<{ id: string; amount: string; debits_pending: string }>`
    SELECT t.id, t.amount, a.debits_pending FROM ledger_transfers t
    JOIN ledger_accounts a ON a.id = t.debit_account_id
    WHERE t.status = 'pending' AND t.currency IN (${sql.join(world.currencies)})
      AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)`.execute(db);
  for (const h of open.rows) expect(BigInt(h.amount) <= BigInt(h.debits_pending)).toBe(true);
  expect(await ledger.audit()).toEqual({ unbalanced: [], mismatchedAccounts: [] });
}

describe('ledger properties', () => {
  it('random sequences keep every currency at zero, no member below zero, and the model and the books equal', async () => {
    let sequences = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 4 }),
        fc.array(operation, { minLength: 20, maxLength: 40 }),
        async (members, ops) => {
          sequences++;
          const world = await newWorld(members);
          for (const op of ops) await step(world, op);
          await checkBooks(world);
        },
      ),
      { numRuns: 50 },
    );
    expect(sequences).toBeGreaterThanOrEqual(50);
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'LEDGER_ALREADY_REVERSED',
        'LEDGER_CURRENCY_MISMATCH',
        'LEDGER_ID_CONFLICT',
        'LEDGER_INSUFFICIENT_FUNDS',
        'LEDGER_NOT_REVERSIBLE',
        'LEDGER_PENDING_ALREADY_RESOLVED',
        'LEDGER_POST_EXCEEDS_PENDING',
        'LEDGER_SAME_ACCOUNT',
        'linked',
        'pending',
        'post_pending',
        'posted',
        'replayed',
        'reversal',
        'void_pending',
      ]),
    );
  }, 300_000);
});
