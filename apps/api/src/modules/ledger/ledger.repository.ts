import { type Kysely, type Selectable, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, LedgerAccountsTable, LedgerTransfersTable } from '../../db/schema';
import type {
  HistoryFilters,
  HistoryItem,
  HistoryStatus,
  JsonObject,
  LedgerAccount,
  MemberBalance,
  MemberNameColumn,
  Transfer,
  TransferStatus,
  Wallet,
} from './ledger.types';

/** Any query runner: the pool or a transaction. Writes are only ever given a transaction. */
type Ex = Kysely<Database>;

/**
 * Many values as one array parameter (`= ANY(...)`, `unnest(...)`), not one parameter each: the bulk
 * statements (a bonus run's 2,000 transfers) bind and parse 15 arrays instead of 30,000 values, about 40%
 * less time per statement, which is time the accounts stay locked (decision 39).
 */
const list = <T>(values: T[], type: 'bigint' | 'uuid' | 'text' | 'numeric' | 'jsonb') =>
  sql`${values}::${sql.raw(type)}[]`;

/**
 * A member's balances as a subquery, one row per account: what `balancesOf` reads, and what another
 * module's statement joins when it wants the balances beside its own rows in one round trip (GET
 * /api/wallet, decision 82). The ledger keeps the arithmetic of posted and available here, once.
 */
export function memberBalancesView(ex: Ex, memberId: string) {
  return ex
    .selectFrom('ledger_accounts')
    .select([
      'id as account_id',
      'wallet',
      'currency',
      sql<string>`credits_posted - debits_posted`.as('posted'),
      'debits_pending as pending_out',
      'credits_pending as pending_in',
      sql<string>`credits_posted - debits_posted - debits_pending`.as('available'),
    ])
    .where('member_id', '=', memberId);
}

/** A row of `memberBalancesView`, its amounts as bigint (pg hands NUMERIC over as a string). */
export interface MemberBalanceRow {
  account_id: string;
  wallet: string | null;
  currency: string;
  posted: string;
  pending_out: string;
  pending_in: string;
  available: string;
}

/**
 * Reads a row of the view; a row of a LEFT JOIN that found no account (all nulls) reads as null. When the
 * account is there its amounts are NOT NULL columns, hence the casts.
 */
export function toMemberBalance(row: MemberBalanceRow): MemberBalance;
export function toMemberBalance(row: Nullable<MemberBalanceRow>): MemberBalance | null;
export function toMemberBalance(row: Nullable<MemberBalanceRow>): MemberBalance | null {
  if (row.account_id === null) return null;
  return {
    accountId: row.account_id,
    // A member's account always has a wallet (the check ledger_accounts_owner); only system accounts have none.
    wallet: row.wallet as Wallet,
    currency: row.currency as string,
    posted: BigInt(row.posted as string),
    pendingOut: BigInt(row.pending_out as string),
    pendingIn: BigInt(row.pending_in as string),
    available: BigInt(row.available as string),
  };
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** A transfer row as it will be inserted; amounts and balances still bigint. */
export interface NewTransferRow {
  id: string;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currency: string;
  kind: string;
  status: TransferStatus;
  pendingId: string | null;
  linkedId: string | null;
  reversesId: string | null;
  memo: string;
  meta: JsonObject;
  createdBy: string | null;
  debitBalanceAfter: bigint;
  creditBalanceAfter: bigint;
}

export interface AccountTotals {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

const accountColumns = [
  'id',
  'member_id',
  'wallet',
  'system_code',
  'currency',
  'debits_posted',
  'credits_posted',
  'debits_pending',
  'credits_pending',
] as const;

// pg hands NUMERIC and int8 over as strings; they become bigint here and nowhere later.
function toAccount(
  row: Pick<Selectable<LedgerAccountsTable>, (typeof accountColumns)[number]>,
): LedgerAccount {
  return {
    id: row.id,
    memberId: row.member_id,
    wallet: row.wallet,
    systemCode: row.system_code,
    currency: row.currency,
    debitsPosted: BigInt(row.debits_posted),
    creditsPosted: BigInt(row.credits_posted),
    debitsPending: BigInt(row.debits_pending),
    creditsPending: BigInt(row.credits_pending),
  };
}

function toTransfer(row: Selectable<LedgerTransfersTable>): Transfer {
  return {
    id: row.id,
    seq: row.seq,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: BigInt(row.amount),
    currency: row.currency,
    kind: row.kind,
    status: row.status,
    pendingId: row.pending_id,
    linkedId: row.linked_id,
    reversesId: row.reverses_id,
    memo: row.memo,
    meta: row.meta as JsonObject,
    createdBy: row.created_by,
    createdAt: row.created_at,
    debitBalanceAfter: BigInt(row.debit_balance_after),
    creditBalanceAfter: BigInt(row.credit_balance_after),
  };
}

/** What one run of a records page binds (`historyShape`). */
interface HistoryParams {
  memberId: string;
  wallet: string | undefined;
  currency: string | undefined;
  kind: string | undefined;
  upTo: number;
  limit: number;
  offset: number;
}

/**
 * A member's records page as one statement, in one of eight shapes (which filters are given), each built
 * and compiled once and run with the request's values (decision 87). See `historyOf`.
 */
const historyShape = (
  ex: Ex,
  byWallet: boolean,
  byCurrency: boolean,
  byKind: boolean,
  nameOf: MemberNameColumn | undefined,
) =>
  compiledOnce(ex, (p: HistoryParams) => {
    const accountFilter = sql.join(
      [
        sql`member_id = ${p.memberId}`,
        ...(byWallet ? [sql`wallet = ${p.wallet}`] : []),
        ...(byCurrency ? [sql`currency = ${p.currency}`] : []),
      ],
      sql` AND `,
    );
    const kindFilter = byKind ? sql`AND t.kind = ${p.kind}` : sql``;
    // A page is cut from the newest moves of each account and direction: each list's newest
    // page x pageSize rows (by the (account, seq DESC) indexes) hold every row the page can show, so the
    // statement reads a page's worth per account rather than every transfer of the ledger (decision 82).
    const moveColumns = sql`t.id, t.seq, t.created_at, t.kind, t.currency, t.memo, t.reverses_id, t.amount,
          t.status`;
    return sql<{
      id: string;
      created_at: Date;
      resolved_at: Date | null;
      kind: string;
      currency: string;
      wallet: Wallet;
      direction: 'in' | 'out';
      amount: string;
      balance_after: string;
      status: HistoryStatus;
      other_member_id: string | null;
      other_wallet: Wallet | null;
      other_system_code: string | null;
      other_name: string | null;
      memo: string;
      reverses_id: string | null;
    }>`
      WITH mine AS (SELECT id, wallet FROM ledger_accounts WHERE ${accountFilter}),
      moves AS (
        SELECT t.*, mine.wallet AS my_wallet, 'out' AS direction
        FROM mine CROSS JOIN LATERAL (
          SELECT ${moveColumns}, t.debit_balance_after AS balance_after, t.credit_account_id AS other_id
          FROM ledger_transfers t
          WHERE t.debit_account_id = mine.id AND t.status IN ('posted', 'pending') ${kindFilter}
          ORDER BY t.seq DESC LIMIT ${p.upTo}) t
        UNION ALL
        SELECT t.*, mine.wallet, 'in'
        FROM mine CROSS JOIN LATERAL (
          SELECT ${moveColumns}, t.credit_balance_after, t.debit_account_id
          FROM ledger_transfers t
          WHERE t.credit_account_id = mine.id AND t.status IN ('posted', 'pending') ${kindFilter}
          ORDER BY t.seq DESC LIMIT ${p.upTo}) t
      ),
      page AS (
        SELECT * FROM moves ORDER BY seq DESC, direction DESC
        LIMIT ${p.limit} OFFSET ${p.offset}
      )
      SELECT m.id, m.created_at, r.created_at AS resolved_at, m.kind, m.currency, m.my_wallet AS wallet,
        m.direction, m.memo, m.reverses_id,
        CASE WHEN r.status = 'post_pending' THEN r.amount ELSE m.amount END AS amount,
        CASE WHEN r.status = 'post_pending'
          THEN CASE WHEN m.direction = 'out' THEN r.debit_balance_after ELSE r.credit_balance_after END
          ELSE m.balance_after
        END AS balance_after,
        CASE WHEN m.status = 'posted' THEN 'posted'
          WHEN r.id IS NULL THEN 'pending'
          WHEN r.status = 'post_pending' THEN 'posted'
          ELSE 'voided'
        END AS status,
        o.member_id AS other_member_id, o.wallet AS other_wallet, o.system_code AS other_system_code,
        ${nameOf ? nameOf(sql.ref('o.member_id')) : sql`NULL`} AS other_name
      FROM page m
      JOIN ledger_accounts o ON o.id = m.other_id
      LEFT JOIN ledger_transfers r ON r.pending_id = m.id
      ORDER BY m.seq DESC, m.direction DESC`;
  });
/** The compiled shapes, by the caller's name column (one per calling module) and then by filters. */
const historyShapes = new Map<MemberNameColumn | undefined, Map<string, ReturnType<typeof historyShape>>>();

/** Kysely queries of the ledger tables; no rules here, those are in the service. */
export const ledgerRepository = {
  currency: (ex: Ex, code: string) =>
    ex.selectFrom('currencies').selectAll().where('code', '=', code).executeTakeFirst(),

  currencies: (ex: Ex) => ex.selectFrom('currencies').selectAll().orderBy('code').execute(),

  async findMemberAccount(ex: Ex, memberId: string, wallet: Wallet, currency: string) {
    const row = await ex
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where('member_id', '=', memberId)
      .where('wallet', '=', wallet)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  },

  /** Several members' accounts in one statement (those that exist; the caller makes the rest). */
  async findMemberAccounts(ex: Ex, keys: Array<{ memberId: string; wallet: Wallet; currency: string }>) {
    const rows = await ex
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where((eb) =>
        eb.or(
          keys.map((k) =>
            eb.and([
              eb('member_id', '=', k.memberId),
              eb('wallet', '=', k.wallet),
              eb('currency', '=', k.currency),
            ]),
          ),
        ),
      )
      .execute();
    return rows.map(toAccount);
  },

  async findSystemAccount(ex: Ex, code: string, currency: string) {
    const row = await ex
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where('system_code', '=', code)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  },

  /** Creates the account unless a concurrent caller just did; the caller reads it again then. */
  async insertAccount(
    ex: Ex,
    owner: { memberId: string; wallet: Wallet } | { systemCode: string },
    currency: string,
  ) {
    const values =
      'memberId' in owner
        ? { member_id: owner.memberId, wallet: owner.wallet, system_code: null, currency }
        : { member_id: null, wallet: null, system_code: owner.systemCode, currency };
    const row = await ex
      .insertInto('ledger_accounts')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .returning(accountColumns)
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  },

  /**
   * The accounts of many members for one wallet and currency, created where missing: one INSERT (a
   * concurrent creator wins quietly) and one SELECT, whatever the number of members.
   */
  async findOrCreateMemberAccounts(ex: Ex, memberIds: string[], wallet: Wallet, currency: string) {
    if (memberIds.length === 0) return [];
    await sql`
      INSERT INTO ledger_accounts (member_id, wallet, currency)
      SELECT m, ${wallet}, ${currency} FROM unnest(${memberIds}::bigint[]) AS m
      ON CONFLICT DO NOTHING`.execute(ex);
    const rows = await ex
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where('member_id', '=', sql<string>`ANY(${list(memberIds, 'bigint')})`)
      .where('wallet', '=', wallet)
      .where('currency', '=', currency)
      .execute();
    return rows.map(toAccount);
  },

  /**
   * Locks the accounts in ascending id order, so two transfers over the same accounts always queue in the
   * same order and never deadlock. (PostgreSQL locks the rows as the sorted result is produced.)
   */
  async lockAccounts(trx: Ex, ids: string[]): Promise<LedgerAccount[]> {
    const rows = await trx
      .selectFrom('ledger_accounts')
      .select(accountColumns)
      .where('id', '=', sql<string>`ANY(${list(ids, 'bigint')})`)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map(toAccount);
  },

  async findTransfers(ex: Ex, ids: string[]): Promise<Transfer[]> {
    if (ids.length === 0) return [];
    const rows = await ex
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', sql<string>`ANY(${list(ids, 'uuid')})`)
      .execute();
    return rows.map(toTransfer);
  },

  /** Existing posts/voids of these holds and reversals of these transfers. */
  async resolutionsOf(ex: Ex, pendingIds: string[], reversedIds: string[]) {
    if (pendingIds.length === 0 && reversedIds.length === 0) return [];
    return ex
      .selectFrom('ledger_transfers')
      .select(['id', 'pending_id', 'reverses_id'])
      .where((eb) =>
        eb.or([
          ...(pendingIds.length ? [eb('pending_id', 'in', pendingIds)] : []),
          ...(reversedIds.length ? [eb('reverses_id', 'in', reversedIds)] : []),
        ]),
      )
      .execute();
  },

  /**
   * Adds the deltas to the account totals in one statement and returns the new totals, so the service
   * can check them against what it computed under the lock.
   */
  async addToTotals(trx: Ex, deltas: Map<string, AccountTotals>): Promise<Map<string, AccountTotals>> {
    if (deltas.size === 0) return new Map();
    const entries = [...deltas];
    const column = (f: (d: AccountTotals) => bigint) =>
      list(
        entries.map(([, d]) => f(d).toString()),
        'numeric',
      );
    const result = await sql<{
      id: string;
      debits_posted: string;
      credits_posted: string;
      debits_pending: string;
      credits_pending: string;
    }>`
      UPDATE ledger_accounts a SET
        debits_posted = a.debits_posted + v.dp,
        credits_posted = a.credits_posted + v.cp,
        debits_pending = a.debits_pending + v.dpend,
        credits_pending = a.credits_pending + v.cpend
      FROM unnest(${list(
        entries.map(([id]) => id),
        'bigint',
      )}, ${column((d) => d.debitsPosted)}, ${column((d) => d.creditsPosted)}, ${column((d) => d.debitsPending)},
        ${column((d) => d.creditsPending)}) AS v(id, dp, cp, dpend, cpend)
      WHERE a.id = v.id
      RETURNING a.id, a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending`.execute(trx);
    return new Map(
      result.rows.map((r) => [
        r.id,
        {
          debitsPosted: BigInt(r.debits_posted),
          creditsPosted: BigInt(r.credits_posted),
          debitsPending: BigInt(r.debits_pending),
          creditsPending: BigInt(r.credits_pending),
        },
      ]),
    );
  },

  async insertTransfers(trx: Ex, rows: NewTransferRow[]): Promise<Transfer[]> {
    const column = <T>(type: Parameters<typeof list>[1], f: (r: NewTransferRow) => T) =>
      list(rows.map(f), type);
    // Only what the database adds comes back (the sequence number and the time); the rest is what was
    // sent. Reading every column back (amounts, balances, meta) cost more than the insert's own work in a
    // bonus run's batches, in parsing and garbage.
    const inserted = await sql<{ id: string; seq: string; created_at: Date }>`
      INSERT INTO ledger_transfers (id, debit_account_id, credit_account_id, amount, currency, kind, status,
        pending_id, linked_id, reverses_id, memo, meta, created_by, debit_balance_after, credit_balance_after)
      SELECT * FROM unnest(
        ${column('uuid', (r) => r.id)},
        ${column('bigint', (r) => r.debitAccountId)},
        ${column('bigint', (r) => r.creditAccountId)},
        ${column('numeric', (r) => r.amount.toString())},
        ${column('text', (r) => r.currency)},
        ${column('text', (r) => r.kind)},
        ${column('text', (r) => r.status)},
        ${column('uuid', (r) => r.pendingId)},
        ${column('uuid', (r) => r.linkedId)},
        ${column('uuid', (r) => r.reversesId)},
        ${column('text', (r) => r.memo)},
        ${column('jsonb', (r) => JSON.stringify(r.meta))},
        ${column('bigint', (r) => r.createdBy)},
        ${column('numeric', (r) => r.debitBalanceAfter.toString())},
        ${column('numeric', (r) => r.creditBalanceAfter.toString())})
      RETURNING id, seq, created_at`.execute(trx);
    const added = new Map(inserted.rows.map((r) => [r.id, r]));
    return rows.map((row) => {
      const { seq, created_at } = added.get(row.id)!;
      return { ...row, seq, createdAt: created_at };
    });
  },

  async balancesOf(ex: Ex, memberId: string): Promise<MemberBalance[]> {
    const rows = await memberBalancesView(ex, memberId).orderBy('currency').orderBy('wallet').execute();
    return rows.map((row) => toMemberBalance(row));
  },

  /**
   * A member's records, newest first: one per movement on one of their accounts (a move between two of
   * their own wallets is two records, one per wallet). A hold is one record whose status, amount and
   * balance after follow its post or void; the post/void rows themselves are not listed again.
   */
  async historyOf(
    ex: Ex,
    memberId: string,
    f: HistoryFilters,
    nameOf?: MemberNameColumn,
  ): Promise<HistoryItem[]> {
    let shapes = historyShapes.get(nameOf);
    if (!shapes) {
      // Each name column keeps its compiled statements for good: a caller that made a new function per call
      // would compile (and leak) a statement per request, so that is refused rather than slowly paid for.
      if (historyShapes.size >= 8) throw new Error('historyOf: give one name column function per caller');
      shapes = new Map();
      historyShapes.set(nameOf, shapes);
    }
    const key = `${Boolean(f.wallet)}/${Boolean(f.currency)}/${Boolean(f.kind)}`;
    let query = shapes.get(key);
    if (!query) {
      // Compiled with the first handle that asks; every run below is given its own `ex`.
      query = historyShape(ex, Boolean(f.wallet), Boolean(f.currency), Boolean(f.kind), nameOf);
      shapes.set(key, query);
    }
    const rows = await query.execute(
      {
        memberId,
        wallet: f.wallet,
        currency: f.currency,
        kind: f.kind,
        upTo: f.page * f.pageSize,
        limit: f.pageSize,
        offset: (f.page - 1) * f.pageSize,
      },
      ex,
    );
    return rows.map((r) => ({
      transferId: r.id,
      createdAt: r.created_at,
      resolvedAt: r.resolved_at,
      kind: r.kind,
      currency: r.currency,
      wallet: r.wallet,
      direction: r.direction,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balance_after),
      status: r.status,
      counterparty: {
        memberId: r.other_member_id,
        wallet: r.other_wallet,
        systemCode: r.other_system_code,
        name: r.other_name,
      },
      memo: r.memo,
      reversesId: r.reverses_id,
    }));
  },

  /** Per currency, what the members' accounts hold (posted credits - debits): what the platform owes them. */
  async memberTotals(ex: Ex) {
    const result = await sql<{ currency: string; posted: string }>`
      SELECT currency, sum(credits_posted - debits_posted) AS posted
      FROM ledger_accounts WHERE member_id IS NOT NULL GROUP BY currency ORDER BY currency`.execute(ex);
    return result.rows.map((r) => ({ currency: r.currency, posted: BigInt(r.posted) }));
  },

  /** Per currency, the sums over all accounts of posted and pending (credits - debits): both must be 0. */
  async trialBalance(ex: Ex) {
    const result = await sql<{ currency: string; posted: string; pending: string }>`
      SELECT currency,
        sum(credits_posted - debits_posted) AS posted,
        sum(credits_pending - debits_pending) AS pending
      FROM ledger_accounts GROUP BY currency ORDER BY currency`.execute(ex);
    return result.rows.map((r) => ({
      currency: r.currency,
      posted: BigInt(r.posted),
      pending: BigInt(r.pending),
    }));
  },

  /**
   * Accounts whose stored totals differ from the totals recomputed from the transfer rows: an outstanding
   * hold counts as pending, a posted transfer or a post of a hold as posted. Should always be empty.
   */
  async mismatchedAccounts(ex: Ex): Promise<string[]> {
    const result = await sql<{ id: string }>`
      WITH rows AS (
        SELECT t.debit_account_id, t.credit_account_id,
          CASE WHEN t.status IN ('posted', 'post_pending') THEN t.amount ELSE 0 END AS posted,
          CASE WHEN t.status = 'pending'
            AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id)
            THEN t.amount ELSE 0 END AS pending
        FROM ledger_transfers t
      ),
      legs AS (
        SELECT debit_account_id AS id, posted AS dp, 0 AS cp, pending AS dpend, 0 AS cpend FROM rows
        UNION ALL
        SELECT credit_account_id, 0, posted, 0, pending FROM rows
      ),
      sums AS (
        SELECT id, sum(dp) AS dp, sum(cp) AS cp, sum(dpend) AS dpend, sum(cpend) AS cpend
        FROM legs GROUP BY id
      )
      SELECT a.id FROM ledger_accounts a LEFT JOIN sums s ON s.id = a.id
      WHERE a.debits_posted <> coalesce(s.dp, 0) OR a.credits_posted <> coalesce(s.cp, 0)
        OR a.debits_pending <> coalesce(s.dpend, 0) OR a.credits_pending <> coalesce(s.cpend, 0)
      ORDER BY a.id`.execute(ex);
    return result.rows.map((r) => r.id);
  },
};
