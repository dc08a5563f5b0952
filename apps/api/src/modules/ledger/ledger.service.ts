import type { Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { LedgerError } from './ledger.errors';
import {
  type AccountTotals,
  memberBalancesView,
  type NewTransferRow,
  ledgerRepository as repo,
  toMemberBalance,
} from './ledger.repository';
import {
  type HistoryFilters,
  type JsonObject,
  type LedgerAccount,
  type MemberNameColumn,
  type NewTransferSpec,
  type SystemCode,
  SystemCodes,
  type Transfer,
  TransferKinds,
  type TransferResult,
  type TransferSpec,
  type Trx,
  type Wallet,
  Wallets,
} from './ledger.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ACCOUNT_ID = /^[1-9][0-9]{0,18}$/;
const MAX_AMOUNT = 10n ** 38n - 1n; // NUMERIC(38,0)
const MAX_PAGE_SIZE = 100;
const MAX_BATCH = 100;
/** Transfers `transferEach` applies in one call at most (15 parameters a row stay under pg's 65,535). */
const MAX_EACH = 2000;
/** Transfers applied together in one group-commit transaction at most. */
const MAX_GROUP = 200;
// Own transactions are retried on these; ordered locking should make them impossible, but a caller's
// transaction elsewhere may still lock in another order.
const RETRYABLE = new Set(['40001', '40P01']);

export interface TrxOption {
  /** Run inside the caller's transaction (READ COMMITTED) instead of a transaction of the ledger's own. */
  trx?: Trx;
}

interface PgError {
  code?: string;
  constraint?: string;
}

/** The row a spec stands for, before balances: what "the same content" of an idempotent retry means. */
type PlannedRow = Omit<NewTransferRow, 'debitBalanceAfter' | 'creditBalanceAfter'> & {
  /** The amount held by the pending transfer a post or void resolves. */
  heldAmount: bigint | null;
};

const isNew = (s: TransferSpec): s is NewTransferSpec => 'debitAccountId' in s;

/** JSON with sorted keys, so two metas with the same content compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function sameContent(row: PlannedRow, existing: Transfer): boolean {
  return (
    existing.debitAccountId === row.debitAccountId &&
    existing.creditAccountId === row.creditAccountId &&
    existing.amount === row.amount &&
    existing.currency === row.currency &&
    existing.kind === row.kind &&
    existing.status === row.status &&
    existing.pendingId === row.pendingId &&
    existing.linkedId === row.linkedId &&
    existing.reversesId === row.reversesId &&
    existing.memo === row.memo &&
    existing.createdBy === row.createdBy &&
    canonical(existing.meta) === canonical(row.meta)
  );
}

/** Refusals that need no database: a malformed request is refused before anything is read or locked. */
function checkShape(specs: TransferSpec[]): void {
  if (specs.length === 0 || specs.length > MAX_BATCH) {
    throw new LedgerError('LEDGER_INVALID_SPEC', `a batch has 1..${MAX_BATCH} transfers`);
  }
  const ids = new Set<string>();
  for (const s of specs) {
    if (typeof s.id !== 'string' || !UUID.test(s.id)) {
      throw new LedgerError('LEDGER_INVALID_SPEC', 'a transfer id is a lower-case uuid', { id: s.id });
    }
    if (ids.has(s.id)) throw new LedgerError('LEDGER_INVALID_SPEC', 'duplicate id in a batch', { id: s.id });
    ids.add(s.id);
    if ((s.memo ?? '').length > 500) throw new LedgerError('LEDGER_INVALID_SPEC', 'memo too long');
    const amount = isNew(s) ? s.amount : 'postPendingId' in s ? s.amount : undefined;
    if (amount !== undefined && (typeof amount !== 'bigint' || amount <= 0n || amount > MAX_AMOUNT)) {
      throw new LedgerError('LEDGER_AMOUNT_INVALID', undefined, { id: s.id });
    }
    if (isNew(s)) {
      if (!(TransferKinds as readonly string[]).includes(s.kind) || s.kind === 'reversal') {
        throw new LedgerError('LEDGER_INVALID_SPEC', `unknown kind ${s.kind}`, { id: s.id });
      }
      if (s.debitAccountId === s.creditAccountId) {
        throw new LedgerError('LEDGER_SAME_ACCOUNT', undefined, { id: s.id });
      }
    }
  }
}

function mapDbError(error: unknown): unknown {
  const e = error as PgError;
  if (e.code === '23514' && e.constraint === 'ledger_accounts_member_not_negative') {
    return new LedgerError('LEDGER_INSUFFICIENT_FUNDS');
  }
  if (e.code === '23505' && e.constraint === 'ledger_transfers_resolved_once') {
    return new LedgerError('LEDGER_PENDING_ALREADY_RESOLVED');
  }
  if (e.code === '23505' && e.constraint === 'ledger_transfers_reversed_once') {
    return new LedgerError('LEDGER_ALREADY_REVERSED');
  }
  if (e.code === '23503' && /^ledger_transfers_(debit|credit)$/.test(e.constraint ?? '')) {
    return new LedgerError('LEDGER_CURRENCY_MISMATCH');
  }
  return error;
}

const isIdTaken = (error: unknown) => {
  const e = error as PgError;
  return e.code === '23505' && e.constraint === 'ledger_transfers_pkey';
};

/**
 * The double-entry ledger: the only writer of balances. Every movement is a transfer row (immutable) plus
 * the matching change of both accounts' totals, in one transaction, under row locks taken in id order.
 */
export function createLedgerService(deps: {
  db: Db;
  /** Transactions that apply waiting transfers at the same time (group commit); each holds a connection. */
  groupBatches?: number;
  /**
   * Told how many transfer rows a call wrote (replays write none): the metrics' counter. Without a caller's
   * transaction the rows are committed when it is told; inside one, they are applied and the caller commits.
   */
  onApplied?: (transfers: number) => void;
}) {
  const { db } = deps;
  const counted = (result: TransferResult): TransferResult => {
    if (!result.replayed) deps.onApplied?.(result.transfers.length);
    return result;
  };
  const groupBatches = deps.groupBatches ?? 2;

  /** Runs `work` in the caller's transaction, or in one of its own (retried on a deadlock). */
  async function inTransaction<T>(opts: TrxOption, work: (trx: Trx) => Promise<T>): Promise<T> {
    if (opts.trx) {
      try {
        return await work(opts.trx);
      } catch (error) {
        throw mapDbError(error);
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(work);
      } catch (error) {
        if (attempt < 3 && RETRYABLE.has((error as PgError).code ?? '')) continue;
        throw error;
      }
    }
  }

  async function account(
    ex: Kysely<Database>,
    key: { memberId: string; wallet: Wallet; currency: string },
  ): Promise<LedgerAccount> {
    if (!(Wallets as readonly string[]).includes(key.wallet)) throw new LedgerError('LEDGER_WALLET_UNKNOWN');
    const found = await repo.findMemberAccount(ex, key.memberId, key.wallet, key.currency);
    if (found) return found;
    // Checked first: a foreign-key violation would abort the caller's transaction.
    if (!(await repo.currency(ex, key.currency))) throw new LedgerError('LEDGER_CURRENCY_UNKNOWN');
    const made = await repo.insertAccount(ex, { memberId: key.memberId, wallet: key.wallet }, key.currency);
    return made ?? (await repo.findMemberAccount(ex, key.memberId, key.wallet, key.currency))!;
  }

  /**
   * `account` for several keys, found in one statement (a transfer's two sides); any missing is made as
   * `account` makes it. Answers in the keys' order.
   */
  async function accounts<
    const K extends ReadonlyArray<{ memberId: string; wallet: Wallet; currency: string }>,
  >(ex: Kysely<Database>, keys: K): Promise<{ [I in keyof K]: LedgerAccount }> {
    const found = await repo.findMemberAccounts(ex, [...keys]);
    const answered = await Promise.all(
      keys.map(
        (k) =>
          found.find(
            (a) => a.memberId === k.memberId && a.wallet === k.wallet && a.currency === k.currency,
          ) ?? account(ex, k),
      ),
    );
    // One account per key, in the keys' order.
    return answered as { [I in keyof K]: LedgerAccount };
  }

  async function systemAccount(ex: Kysely<Database>, code: SystemCode, currency: string) {
    if (!(SystemCodes as readonly string[]).includes(code)) {
      throw new LedgerError('LEDGER_INVALID_SPEC', `unknown system account ${code}`);
    }
    const found = await repo.findSystemAccount(ex, code, currency);
    if (found) return found;
    if (!(await repo.currency(ex, currency))) throw new LedgerError('LEDGER_CURRENCY_UNKNOWN');
    const made = await repo.insertAccount(ex, { systemCode: code }, currency);
    return made ?? (await repo.findSystemAccount(ex, code, currency))!;
  }

  /** Turns specs into concrete rows; posts, voids and reversals take their accounts from the transfer they name. */
  async function plan(trx: Trx, specs: TransferSpec[]): Promise<PlannedRow[]> {
    const refIds = specs.flatMap((s) =>
      'postPendingId' in s
        ? [s.postPendingId]
        : 'voidPendingId' in s
          ? [s.voidPendingId]
          : 'reversesId' in s
            ? [s.reversesId]
            : [],
    );
    // Transfer rows never change, so reading them without a lock is safe.
    const refs = new Map(
      (
        await repo.findTransfers(
          trx,
          refIds.filter((id) => UUID.test(id)),
        )
      ).map((t) => [t.id, t]),
    );
    const linkedId = specs.length > 1 ? specs[0]!.id : null;
    const common = (s: TransferSpec) => ({
      id: s.id,
      linkedId,
      memo: s.memo ?? '',
      meta: s.meta ?? {},
      createdBy: s.createdBy ?? null,
    });
    return specs.map((s): PlannedRow => {
      if (isNew(s)) {
        return {
          ...common(s),
          debitAccountId: s.debitAccountId,
          creditAccountId: s.creditAccountId,
          amount: s.amount,
          currency: s.currency,
          kind: s.kind,
          status: s.pending ? 'pending' : 'posted',
          pendingId: null,
          reversesId: null,
          heldAmount: null,
        };
      }
      if ('reversesId' in s) {
        const original = refs.get(s.reversesId);
        if (!original) throw new LedgerError('LEDGER_TRANSFER_NOT_FOUND', undefined, { id: s.reversesId });
        if (original.status !== 'posted' && original.status !== 'post_pending') {
          throw new LedgerError('LEDGER_NOT_REVERSIBLE', undefined, { id: s.reversesId });
        }
        return {
          ...common(s),
          debitAccountId: original.creditAccountId,
          creditAccountId: original.debitAccountId,
          amount: original.amount,
          currency: original.currency,
          kind: 'reversal',
          status: 'posted',
          pendingId: null,
          reversesId: original.id,
          heldAmount: null,
        };
      }
      const pendingId = 'postPendingId' in s ? s.postPendingId : s.voidPendingId;
      const pending = refs.get(pendingId);
      if (!pending) throw new LedgerError('LEDGER_PENDING_NOT_FOUND', undefined, { id: pendingId });
      if (pending.status !== 'pending')
        throw new LedgerError('LEDGER_NOT_PENDING', undefined, { id: pendingId });
      const amount = 'postPendingId' in s ? (s.amount ?? pending.amount) : pending.amount;
      if (amount > pending.amount) {
        throw new LedgerError('LEDGER_POST_EXCEEDS_PENDING', undefined, {
          id: s.id,
          held: pending.amount.toString(),
        });
      }
      return {
        ...common(s),
        debitAccountId: pending.debitAccountId,
        creditAccountId: pending.creditAccountId,
        amount,
        currency: pending.currency,
        kind: pending.kind,
        status: 'postPendingId' in s ? 'post_pending' : 'void_pending',
        pendingId,
        reversesId: null,
        heldAmount: pending.amount,
      };
    });
  }

  /** The existing rows if every id was already applied with this content; a refusal if any id clashes. */
  function replayOf(rows: PlannedRow[], existing: Transfer[]): Transfer[] | null {
    if (existing.length === 0) return null;
    const byId = new Map(existing.map((t) => [t.id, t]));
    const same = rows.every((r) => {
      const found = byId.get(r.id);
      return found !== undefined && sameContent(r, found);
    });
    if (!same) {
      throw new LedgerError('LEDGER_ID_CONFLICT', 'a transfer id was already used for another transfer', {
        ids: existing.map((t) => t.id),
      });
    }
    return rows.map((r) => byId.get(r.id)!);
  }

  /**
   * Applies several independent requests (each a list of linked rows) in one database transaction: their
   * accounts are locked together in id order (one statement), each request is checked and applied in
   * memory on the locked totals in turn, and all their changes are written with one UPDATE and one INSERT.
   * A request that is refused (its own LedgerError) leaves the others alone. This is the group commit:
   * one round of locks, writes and one commit for many transfers.
   */
  async function applyBatch(
    trx: Trx,
    requests: PlannedRow[][],
  ): Promise<Array<TransferResult | LedgerError>> {
    const all = requests.flat();
    const accountIds = [...new Set(all.flatMap((r) => [r.debitAccountId, r.creditAccountId]))];
    const results: Array<TransferResult | LedgerError | null> = requests.map(() => null);
    const badIds = new Set(accountIds.filter((id) => !ACCOUNT_ID.test(id)));
    requests.forEach((rows, i) => {
      if (rows.some((r) => badIds.has(r.debitAccountId) || badIds.has(r.creditAccountId))) {
        results[i] = new LedgerError('LEDGER_ACCOUNT_NOT_FOUND');
      }
    });
    const lockIds = accountIds
      .filter((id) => !badIds.has(id))
      // Numeric order of decimal ids (no leading zeros): shorter first, then by text; no bigint per comparison.
      .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    const locked = lockIds.length ? await repo.lockAccounts(trx, lockIds) : [];

    // Under the locks, a concurrent retry of the same transfers has committed or not started: this read
    // (a new snapshot in READ COMMITTED) sees it if it committed.
    const existing = new Map(
      (
        await repo.findTransfers(
          trx,
          all.map((r) => r.id),
        )
      ).map((t) => [t.id, t]),
    );
    // A hold resolves once and a transfer is reversed once: earlier resolutions, and those of this batch.
    // (The accounts are locked, so no other resolution can commit meanwhile.)
    const earlier = await repo.resolutionsOf(
      trx,
      all.flatMap((r) => (r.pendingId ? [r.pendingId] : [])),
      all.flatMap((r) => (r.reversesId ? [r.reversesId] : [])),
    );
    const resolved = new Set(earlier.flatMap((e) => (e.pending_id ? [e.pending_id] : [])));
    const reversed = new Set(earlier.flatMap((e) => (e.reverses_id ? [e.reverses_id] : [])));

    const accounts = new Map(locked.map((a) => [a.id, a]));
    const state = new Map<string, AccountTotals & { member: boolean }>(
      locked.map((a) => [
        a.id,
        {
          debitsPosted: a.debitsPosted,
          creditsPosted: a.creditsPosted,
          debitsPending: a.debitsPending,
          creditsPending: a.creditsPending,
          member: a.memberId !== null,
        },
      ]),
    );
    const finalRows: NewTransferRow[] = [];
    const applied: number[] = [];

    requests.forEach((rows, i) => {
      if (results[i]) return;
      try {
        const replay = replayOf(
          rows,
          rows.flatMap((r) => (existing.has(r.id) ? [existing.get(r.id)!] : [])),
        );
        if (replay) {
          results[i] = { transfers: replay, replayed: true };
          return;
        }
        const outcome = simulate(rows, accounts, state, resolved, reversed);
        finalRows.push(...outcome);
        applied.push(i);
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        results[i] = error;
      }
    });

    if (finalRows.length > 0) {
      const deltas = new Map<string, AccountTotals>();
      for (const a of locked) {
        const s = state.get(a.id)!;
        const delta = {
          debitsPosted: s.debitsPosted - a.debitsPosted,
          creditsPosted: s.creditsPosted - a.creditsPosted,
          debitsPending: s.debitsPending - a.debitsPending,
          creditsPending: s.creditsPending - a.creditsPending,
        };
        if (Object.values(delta).some((v) => v !== 0n)) deltas.set(a.id, delta);
      }
      const totals = await repo.addToTotals(trx, deltas);
      for (const [id, t] of totals) {
        const s = state.get(id)!;
        // The locks make this impossible; if it ever happens, nothing of this batch may commit.
        if (
          t.debitsPosted !== s.debitsPosted ||
          t.creditsPosted !== s.creditsPosted ||
          t.debitsPending !== s.debitsPending ||
          t.creditsPending !== s.creditsPending
        ) {
          throw new Error(`ledger account ${id} totals diverged from the locked state`);
        }
      }
      const inserted = new Map((await repo.insertTransfers(trx, finalRows)).map((t) => [t.id, t]));
      for (const i of applied) {
        results[i] = { transfers: requests[i]!.map((r) => inserted.get(r.id)!), replayed: false };
      }
    }
    return results as Array<TransferResult | LedgerError>;
  }

  /**
   * One request's rows on the locked totals, in order (later rows see earlier ones). On a refusal nothing
   * of this request stays in `state`; on success `state`, `resolved` and `reversed` include it.
   */
  function simulate(
    rows: PlannedRow[],
    accounts: Map<string, LedgerAccount>,
    state: Map<string, AccountTotals & { member: boolean }>,
    resolved: Set<string>,
    reversed: Set<string>,
  ): NewTransferRow[] {
    for (const r of rows) {
      const debit = accounts.get(r.debitAccountId);
      const credit = accounts.get(r.creditAccountId);
      if (!debit || !credit) throw new LedgerError('LEDGER_ACCOUNT_NOT_FOUND', undefined, { id: r.id });
      if (debit.currency !== r.currency || credit.currency !== r.currency) {
        throw new LedgerError('LEDGER_CURRENCY_MISMATCH', undefined, { id: r.id });
      }
    }
    const pendingIds = rows.flatMap((r) => (r.pendingId ? [r.pendingId] : []));
    const reversedIds = rows.flatMap((r) => (r.reversesId ? [r.reversesId] : []));
    if (pendingIds.some((id) => resolved.has(id)) || new Set(pendingIds).size < pendingIds.length) {
      throw new LedgerError('LEDGER_PENDING_ALREADY_RESOLVED');
    }
    if (reversedIds.some((id) => reversed.has(id)) || new Set(reversedIds).size < reversedIds.length) {
      throw new LedgerError('LEDGER_ALREADY_REVERSED');
    }

    // Work on copies of the touched totals; they replace the batch state only if every row passes.
    const touched = new Map<string, AccountTotals & { member: boolean }>();
    const totalsOf = (id: string) => {
      let t = touched.get(id);
      if (!t) {
        t = { ...state.get(id)! };
        touched.set(id, t);
      }
      return t;
    };
    const out: NewTransferRow[] = [];
    for (const r of rows) {
      const d = totalsOf(r.debitAccountId);
      const c = totalsOf(r.creditAccountId);
      const takesFunds = r.status === 'posted' || r.status === 'pending';
      if (takesFunds && d.member && d.creditsPosted - d.debitsPosted - d.debitsPending < r.amount) {
        throw new LedgerError('LEDGER_INSUFFICIENT_FUNDS', undefined, { id: r.id });
      }
      if (r.status === 'posted') {
        d.debitsPosted += r.amount;
        c.creditsPosted += r.amount;
      } else if (r.status === 'pending') {
        d.debitsPending += r.amount;
        c.creditsPending += r.amount;
      } else {
        // A post or void releases the whole hold; a post then moves what it names (at most the hold).
        const held = r.heldAmount!;
        d.debitsPending -= held;
        c.creditsPending -= held;
        if (r.status === 'post_pending') {
          d.debitsPosted += r.amount;
          c.creditsPosted += r.amount;
        }
      }
      const { heldAmount: _held, ...row } = r;
      out.push({
        ...row,
        debitBalanceAfter: d.creditsPosted - d.debitsPosted,
        creditBalanceAfter: c.creditsPosted - c.debitsPosted,
      });
    }
    for (const [id, t] of touched) state.set(id, t);
    for (const id of pendingIds) resolved.add(id);
    for (const id of reversedIds) reversed.add(id);
    return out;
  }

  /** One request on its own: the batch of one, its refusal thrown. */
  async function apply(trx: Trx, rows: PlannedRow[]): Promise<TransferResult> {
    const [result] = await applyBatch(trx, [rows]);
    if (result instanceof LedgerError) throw result;
    return result!;
  }

  /** One request in a transaction of its own, or in the caller's. */
  async function transferAlone(specs: TransferSpec[], opts: TrxOption = {}): Promise<TransferResult> {
    let planned: PlannedRow[] = [];
    try {
      return await inTransaction(opts, async (trx) => {
        planned = await plan(trx, specs);
        return apply(trx, planned);
      });
    } catch (error) {
      if (!isIdTaken(error)) throw mapDbError(error);
      // Another transaction inserted one of these ids after our check: only possible for other content
      // (the same content locks the same accounts and would have queued behind it). Inside a caller's
      // transaction nothing more can be read: it is aborted.
      if (opts.trx) throw new LedgerError('LEDGER_ID_CONFLICT');
      const replay = replayOf(
        planned,
        await repo.findTransfers(
          db,
          specs.map((s) => s.id),
        ),
      );
      if (replay && replay.length === specs.length) return { transfers: replay, replayed: true };
      throw new LedgerError('LEDGER_ID_CONFLICT');
    }
  }

  // --- group commit -----------------------------------------------------------------------------------
  // Requests without a caller's transaction wait in a queue; up to `batches` transactions at a time each
  // take what is waiting (up to MAX_GROUP transfers) and apply it together (applyBatch). Under load many
  // transfers share one round of locks, writes and one commit; alone, a request runs by itself at once.

  interface Waiting {
    specs: TransferSpec[];
    resolve: (result: TransferResult) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let running = 0;

  /** What is waiting, up to MAX_GROUP transfers, without two requests that share a transfer id. */
  function takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const ids = new Set<string>();
    let size = 0;
    for (let i = 0; i < waiting.length && size < MAX_GROUP; ) {
      const w = waiting[i]!;
      // A retry racing its original waits for the next group, where it finds the original applied.
      if (w.specs.some((s) => ids.has(s.id)) || (group.length > 0 && size + w.specs.length > MAX_GROUP)) {
        i++;
        continue;
      }
      waiting.splice(i, 1);
      group.push(w);
      for (const spec of w.specs) ids.add(spec.id);
      size += w.specs.length;
    }
    return group;
  }

  async function runGroup(group: Waiting[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      await transferAlone(only!.specs).then(only!.resolve, only!.reject);
      return;
    }
    let results: Array<TransferResult | LedgerError>;
    try {
      results = await inTransaction({}, async (trx) => {
        const planned: Array<PlannedRow[] | LedgerError> = [];
        for (const w of group) {
          try {
            planned.push(await plan(trx, w.specs));
          } catch (error) {
            if (!(error instanceof LedgerError)) throw error;
            planned.push(error);
          }
        }
        const applied = await applyBatch(
          trx,
          planned.filter((p): p is PlannedRow[] => !(p instanceof LedgerError)),
        );
        let next = 0;
        return planned.map((p) => (p instanceof LedgerError ? p : applied[next++]!));
      });
    } catch {
      // Something only the database caught (a lost race on an id, a constraint): each request again on its
      // own, so that only its own fails.
      await Promise.all(group.map((w) => transferAlone(w.specs).then(w.resolve, w.reject)));
      return;
    }
    group.forEach((w, i) => {
      const result = results[i]!;
      if (result instanceof LedgerError) w.reject(result);
      else w.resolve(result);
    });
  }

  function pump(): void {
    while (running < groupBatches && waiting.length > 0) {
      const group = takeGroup();
      running++;
      void runGroup(group).finally(() => {
        running--;
        pump();
      });
    }
  }

  /**
   * Executes the transfers together (linked: all or none) in one database transaction. Idempotent by id:
   * the same ids with the same content return the existing transfers and move nothing; a reused id with
   * other content is refused with LEDGER_ID_CONFLICT. Without a caller's transaction, concurrent requests
   * share transactions (group commit); each is still all or nothing, and refused on its own.
   */
  async function transfer(specs: TransferSpec[], opts: TrxOption = {}): Promise<TransferResult> {
    checkShape(specs);
    if (opts.trx) return counted(await transferAlone(specs, opts));
    return counted(
      await new Promise<TransferResult>((resolve, reject) => {
        waiting.push({ specs, resolve, reject });
        pump();
      }),
    );
  }

  /**
   * Many independent requests (each a list of linked transfers, as `transfer` takes) applied set-based in
   * the caller's transaction: their accounts locked in one id-ordered statement, each request checked on
   * the locked totals in turn, then one UPDATE of totals and one INSERT of rows for all. The same rules as
   * `transfer`: idempotent per id (a request already applied with the same content is a replay), a reused
   * id with other content refused, member accounts never below zero. A refused request comes back as its
   * LedgerError in its place and leaves the others alone; the caller decides whether to commit. For bulk
   * payers (the bonus runs), where one group-commit call per 100 transfers is the bottleneck.
   */
  async function transferEach(
    requests: TransferSpec[][],
    opts: Required<TrxOption>,
  ): Promise<Array<TransferResult | LedgerError>> {
    const all = requests.flat();
    if (all.length > MAX_EACH) {
      throw new LedgerError('LEDGER_INVALID_SPEC', `transferEach takes at most ${MAX_EACH} transfers`);
    }
    for (const specs of requests) checkShape(specs);
    if (new Set(all.map((s) => s.id)).size < all.length) {
      throw new LedgerError('LEDGER_INVALID_SPEC', 'duplicate id across requests');
    }
    return inTransaction(opts, async (trx) => {
      const planned: Array<PlannedRow[] | LedgerError> = [];
      for (const specs of requests) {
        try {
          planned.push(await plan(trx, specs));
        } catch (error) {
          if (!(error instanceof LedgerError)) throw error;
          planned.push(error);
        }
      }
      const applied = await applyBatch(
        trx,
        planned.filter((p): p is PlannedRow[] => !(p instanceof LedgerError)),
      );
      let next = 0;
      return planned.map((p) => (p instanceof LedgerError ? p : applied[next++]!));
    }).then((results) => {
      for (const result of results) if (!(result instanceof LedgerError)) counted(result);
      return results;
    });
  }

  type ResolveOptions = TrxOption & { memo?: string; meta?: JsonObject; createdBy?: string | null };

  async function single(spec: TransferSpec, opts: TrxOption): Promise<Transfer> {
    return (await transfer([spec], opts)).transfers[0]!;
  }

  const pick = ({ memo, meta, createdBy }: ResolveOptions) => ({
    ...(memo !== undefined ? { memo } : {}),
    ...(meta !== undefined ? { meta } : {}),
    ...(createdBy !== undefined ? { createdBy } : {}),
  });

  /** Many members' accounts of one wallet and currency, created where missing, in two statements. */
  async function memberAccounts(
    ex: Kysely<Database>,
    memberIds: string[],
    wallet: Wallet,
    currency: string,
  ): Promise<Map<string, LedgerAccount>> {
    if (!(Wallets as readonly string[]).includes(wallet)) throw new LedgerError('LEDGER_WALLET_UNKNOWN');
    if (!(await repo.currency(ex, currency))) throw new LedgerError('LEDGER_CURRENCY_UNKNOWN');
    const found = await repo.findOrCreateMemberAccounts(ex, [...new Set(memberIds)], wallet, currency);
    return new Map(found.map((a) => [a.memberId!, a]));
  }

  return {
    account,
    accounts,
    memberAccounts,
    systemAccount,
    transfer,
    transferEach,

    /** Posts a hold, for its amount or `amount` (less); the rest is released. Once per hold. */
    postPending: (id: string, pendingId: string, opts: ResolveOptions & { amount?: bigint } = {}) =>
      single(
        {
          id,
          postPendingId: pendingId,
          ...(opts.amount !== undefined ? { amount: opts.amount } : {}),
          ...pick(opts),
        },
        opts,
      ),

    /** Releases a hold. Once per hold. */
    voidPending: (id: string, pendingId: string, opts: ResolveOptions = {}) =>
      single({ id, voidPendingId: pendingId, ...pick(opts) }, opts),

    /** Corrects a posted transfer by a new transfer the other way. Once per transfer. */
    reverse: (id: string, transferId: string, opts: ResolveOptions = {}) =>
      single({ id, reversesId: transferId, ...pick(opts) }, opts),

    balances: (memberId: string, opts: TrxOption = {}) => repo.balancesOf(opts.trx ?? db, memberId),

    /**
     * `balances` as a subquery for another module's statement to join (one row per account), and the
     * reading of one of its rows: the balances beside the caller's own rows in one round trip (decision 82).
     */
    balancesView: (memberId: string, opts: TrxOption = {}) => memberBalancesView(opts.trx ?? db, memberId),
    balanceOf: toMemberBalance,

    /**
     * A member's records page; with `counterpartyName`, each member counterparty's name comes in the same
     * statement.
     */
    history: async (
      memberId: string,
      filters: HistoryFilters,
      opts: TrxOption & { counterpartyName?: MemberNameColumn } = {},
    ) => {
      const { page, pageSize } = filters;
      if (
        !Number.isSafeInteger(page) ||
        page < 1 ||
        !Number.isInteger(pageSize) ||
        pageSize < 1 ||
        pageSize > MAX_PAGE_SIZE
      ) {
        throw new LedgerError('LEDGER_INVALID_SPEC', 'page >= 1 and pageSize in 1..100');
      }
      const items = await repo.historyOf(opts.trx ?? db, memberId, filters, opts.counterpartyName);
      return { items, page, pageSize };
    },

    currencies: (opts: TrxOption = {}) => repo.currencies(opts.trx ?? db),

    /** Per currency, the sum of every member account's posted balance: the platform's debt to members. */
    owedToMembers: (opts: TrxOption = {}) => repo.memberTotals(opts.trx ?? db),

    /**
     * The books' self-check: per currency the postings sum to zero, and every account's totals equal the
     * totals recomputed from its transfers. For tests and a periodic reconciliation job.
     */
    audit: async (opts: TrxOption = {}) => {
      const ex = opts.trx ?? db;
      const sums = await repo.trialBalance(ex);
      return {
        unbalanced: sums.filter((s) => s.posted !== 0n || s.pending !== 0n),
        mismatchedAccounts: await repo.mismatchedAccounts(ex),
      };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
