import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { createLedgerService } from '../../src/modules/ledger/ledger.service';
import type { Outcome } from './bank-clients';

/** What the fault suite checks once the dust settles; every list must come back empty. */
export interface BooksReport {
  /** Acknowledged transfers not in the ledger exactly once (by their key and their receipt's id). */
  lost: string[];
  /** Member transfers in the ledger that no acknowledged request asked for. */
  unexpected: string[];
  /** The ledger's own check: currencies whose postings do not sum to zero, accounts whose totals drifted. */
  audit: Awaited<ReturnType<ReturnType<typeof createLedgerService>['audit']>>;
  /** Member accounts below zero. */
  negative: string[];
  /**
   * Idempotency keys still 'running' after every answer was given, whose transfer is not in the ledger
   * exactly once. A key whose final write was cut (its connection terminated after the ledger committed)
   * stays 'running' by design (platform/idempotency.ts): the answer went out, a retry takes the key over
   * and the ledger's derived transfer id keeps it applied once. Those are counted in `runningApplied`.
   */
  stuckKeys: string[];
  /** Keys left 'running' whose transfer is applied once: a final write lost to a fault. */
  runningApplied: string[];
}

/** Checks the books against what the clients were told. `before`: transfer ids that predate the run. */
export async function checkBooks(db: Db, outcomes: Outcome[], before: Set<string>): Promise<BooksReport> {
  const rows = (
    await db
      .selectFrom('ledger_transfers')
      .select(['id', sql<string | null>`meta->>'requestKey'`.as('key')])
      .where('kind', '=', 'transfer')
      .execute()
  ).filter((row) => !before.has(row.id));
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.key ?? `(no key) ${row.id}`;
    byKey.set(key, [...(byKey.get(key) ?? []), row.id]);
  }
  const acknowledged = outcomes.filter((o) => o.status === 200);
  const lost = acknowledged
    .filter((o) => {
      const ids = byKey.get(o.key) ?? [];
      return ids.length !== 1 || ids[0] !== o.body.id;
    })
    .map((o) => o.key);
  const asked = new Set(acknowledged.map((o) => o.key));
  const unexpected = [...byKey.keys()].filter((key) => !asked.has(key));

  const audit = await createLedgerService({ db }).audit();
  const negative = (
    await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', 'is not', null)
      .where(sql<boolean>`credits_posted - debits_posted - debits_pending < 0`)
      .execute()
  ).map((r) => r.id);
  const running = (
    await db.selectFrom('idempotency_keys').select('key').where('status', '=', 'running').execute()
  ).map((r) => r.key);
  const appliedOnce = (key: string) => (byKey.get(key) ?? []).length === 1;
  const stuckKeys = running.filter((key) => !appliedOnce(key));
  const runningApplied = running.filter(appliedOnce);
  return { lost, unexpected, audit, negative, stuckKeys, runningApplied };
}

/** Bot orders the exchange got more than once, or that it got without a bot order behind them. */
export async function doubleOrders(
  db: Db,
): Promise<{ twice: string[]; unrecorded: string[]; slotTwice: string[] }> {
  const twice = await sql<{ id: string }>`
    SELECT client_order_id AS id FROM paper_orders
     WHERE client_order_id IS NOT NULL GROUP BY client_order_id HAVING count(*) > 1`.execute(db);
  const unrecorded = await sql<{ id: string }>`
    SELECT p.client_order_id AS id FROM paper_orders p
     WHERE NOT EXISTS (SELECT 1 FROM bot_orders b WHERE b.client_order_id = p.client_order_id)`.execute(db);
  const slotTwice = await sql<{ id: string }>`
    SELECT cycle_id::text || ' ' || slot AS id FROM bot_orders
     GROUP BY cycle_id, slot HAVING count(*) > 1`.execute(db);
  return {
    twice: twice.rows.map((r) => r.id),
    unrecorded: unrecorded.rows.map((r) => r.id),
    slotTwice: slotTwice.rows.map((r) => r.id),
  };
}
