import type { Db } from '../src/db/database';

/** Rows that tests of several modules need, with just what the tables require. */

let counter = 0;

/** A member row with just what the table requires. */
export async function makeMember(db: Db, prefix = 'ledger'): Promise<string> {
  counter++;
  const username = `${prefix}${process.pid % 1000}x${counter}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 15);
  const row = await db
    .insertInto('members')
    .values({
      username,
      email: null,
      mobile: null,
      full_name: null,
      password_hash: 'not-a-login',
      transaction_password_hash: null,
      role: 'member',
      sponsor_id: null,
      placement_parent_id: null,
      placement_side: null,
      placement_depth: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const PAY_PASSWORD = 'Pay12345';

/** Sets a member's transaction password directly (the TAC flow has tests of its own). */
export async function givePayPassword(db: Db, username: string, value = PAY_PASSWORD): Promise<void> {
  const { hashPassword } = await import('../src/modules/auth/password');
  await db
    .updateTable('members')
    .set({ transaction_password_hash: await hashPassword(value) })
    .where('username', '=', username)
    .execute();
}
