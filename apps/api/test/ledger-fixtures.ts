import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/database';
import type { LedgerService } from '../src/modules/ledger/ledger.service';

/** Test helpers of the ledger's tests (not a test file itself). */

let counter = 0;

export { makeMember } from './fixtures';

/** A currency row of the test's own, so its accounts and sums concern this test only. */
export async function makeCurrency(db: Db, decimals = 6): Promise<string> {
  counter++;
  const code = `T${process.pid % 10000}X${counter}`.slice(0, 12);
  await db.insertInto('currencies').values({ code, decimals, kind: 'coin' }).execute();
  return code;
}

/** Credits a member account from deposits clearing, as an admin's manual deposit would. */
export async function fund(
  ledger: LedgerService,
  db: Db,
  accountId: string,
  currency: string,
  amount: bigint,
) {
  const clearing = await ledger.systemAccount(db, 'deposits_clearing', currency);
  const { transfers } = await ledger.transfer([
    {
      id: randomUUID(),
      debitAccountId: clearing.id,
      creditAccountId: accountId,
      amount,
      currency,
      kind: 'deposit',
    },
  ]);
  return transfers[0]!;
}

export interface Totals {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

export async function totalsOf(db: Db, accountId: string): Promise<Totals> {
  const r = await db
    .selectFrom('ledger_accounts')
    .select(['debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    debitsPosted: BigInt(r.debits_posted),
    creditsPosted: BigInt(r.credits_posted),
    debitsPending: BigInt(r.debits_pending),
    creditsPending: BigInt(r.credits_pending),
  };
}

export async function countTransfers(db: Db): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transfers`.execute(db);
  return r.rows[0]!.n;
}
