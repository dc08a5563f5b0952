import type { Db } from '../src/db/database';
import type { DemoStaff } from '../src/db/seed/demo-staff';

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

/** A member's id from their username (the tests name members as people do). */
export async function idOfMember(db: Db, username: string): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const PAY_PASSWORD = 'Pay12345';

/** The body of a transfer of `amount` USDT to bobby01, funds to funds, with PAY_PASSWORD sealed by the sender. */
export async function transferToBobby(sender: { seal(value: string): Promise<unknown> }, amount: string) {
  return {
    to: 'bobby01',
    currency: 'USDT',
    fromWallet: 'funds',
    toWallet: 'funds',
    amount,
    password: await sender.seal(PAY_PASSWORD),
  };
}

/** Sets a member's transaction password directly (the TAC flow has tests of its own). */
export async function givePayPassword(db: Db, username: string, value = PAY_PASSWORD): Promise<void> {
  const { hashPassword } = await import('../src/modules/auth/password');
  await db
    .updateTable('members')
    .set({ transaction_password_hash: await hashPassword(value) })
    .where('username', '=', username)
    .execute();
}

/**
 * A staff member (admin or support) with the password `Staff12345` and, unless `enrolled` is false, a
 * confirmed authenticator secret sealed as the staff MFA service seals it. For tests that need staff of
 * their own beside the demo's.
 */
export async function makeStaff(
  db: Db,
  username: string,
  options: { role?: 'admin' | 'support'; enrolled?: boolean } = {},
): Promise<DemoStaff & { id: string }> {
  const { hashPassword } = await import('../src/modules/auth/password');
  const { generateSecret } = await import('otplib');
  const { createSecretBox } = await import('../src/platform/secret-box');
  const { staffTotpBinding } = await import('../src/modules/auth/staff-mfa.service');
  const { MASTER_KEY } = await import('./master-key');
  const staff: DemoStaff = {
    username,
    password: 'Staff12345',
    role: options.role ?? 'admin',
    email: `${username.toLowerCase()}@staff.test`,
    fullName: username,
    totpSecret: generateSecret(),
  };
  const row = await db
    .insertInto('members')
    .values({
      username,
      email: staff.email,
      mobile: null,
      full_name: username,
      password_hash: await hashPassword(staff.password),
      transaction_password_hash: null,
      role: staff.role,
      sponsor_id: null,
      placement_parent_id: null,
      placement_side: null,
      placement_depth: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.enrolled !== false) {
    const box = createSecretBox(Buffer.from(MASTER_KEY, 'base64'));
    await db
      .insertInto('staff_totp')
      .values({
        member_id: row.id,
        secret_sealed: box.seal(staff.totpSecret, staffTotpBinding(row.id)),
        confirmed_at: new Date(),
      })
      .execute();
  }
  return { ...staff, id: row.id };
}
