import { randomUUID } from 'node:crypto';
import type { Db } from '../../apps/api/src/db/database';
import type { LedgerService } from '../../apps/api/src/modules/ledger/ledger.service';
import type { NewTransferSpec } from '../../apps/api/src/modules/ledger/ledger.types';
import { makeMember } from '../../apps/api/test/fixtures';

export interface BenchMember {
  id: string;
  username: string;
  /** The member's funds wallet in the bench currency. */
  accountId: string;
}

/** Runs `work` for 0..n-1 with at most `limit` at a time. */
export async function forEachLimited(n: number, limit: number, work: (i: number) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, n) }, lane));
}

/** The bench's currency: USDT when the migrations seed it, else a currency row of its own. */
export async function benchCurrency(db: Db): Promise<string> {
  const usdt = await db.selectFrom('currencies').select('code').where('code', '=', 'USDT').executeTakeFirst();
  if (usdt) return usdt.code;
  await db.insertInto('currencies').values({ code: 'BENCHUSD', decimals: 6, kind: 'coin' }).execute();
  return 'BENCHUSD';
}

/**
 * `count` members, each with a funds account credited `amount` from deposits clearing (what an admin's
 * manual deposit does), in linked batches of 100 deposits.
 */
export async function makeFundedMembers(
  db: Db,
  ledger: LedgerService,
  currency: string,
  count: number,
  amount: bigint,
): Promise<BenchMember[]> {
  const ids: string[] = new Array(count);
  await forEachLimited(count, 16, async (i) => {
    ids[i] = await makeMember(db, 'bench');
  });
  const accounts: string[] = new Array(count);
  await forEachLimited(count, 16, async (i) => {
    accounts[i] = (await ledger.account(db, { memberId: ids[i]!, wallet: 'funds', currency })).id;
  });
  const clearing = await ledger.systemAccount(db, 'deposits_clearing', currency);
  for (let start = 0; start < count; start += 100) {
    const specs: NewTransferSpec[] = accounts.slice(start, start + 100).map((accountId) => ({
      id: randomUUID(),
      debitAccountId: clearing.id,
      creditAccountId: accountId,
      amount,
      currency,
      kind: 'deposit',
      memo: 'bench funding',
    }));
    await ledger.transfer(specs);
  }
  const names = new Map(
    (await db.selectFrom('members').select(['id', 'username']).where('id', 'in', ids).execute()).map((m) => [
      m.id,
      m.username,
    ]),
  );
  return ids.map((id, i) => ({ id, username: names.get(id)!, accountId: accounts[i]! }));
}
