import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createMembersRepository } from './members.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noKyc = () => sql<string>`'none'`;

describe('members repository: the profile read (GET /api/me)', () => {
  it('brings no password hash into the app, only whether a transaction password is set', async () => {
    const members = createMembersRepository(t.db);
    const ids = await t.db
      .selectFrom('members')
      .select(['id', 'username'])
      .where('username', 'in', ['alice01', 'bobby01'])
      .execute();
    const id = (name: string) => ids.find((m) => m.username === name)!.id;
    await t.db
      .updateTable('members')
      .set({ transaction_password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA' })
      .where('id', '=', id('bobby01'))
      .execute();
    await t.db
      .updateTable('members')
      .set({ transaction_password_hash: null })
      .where('id', '=', id('alice01'))
      .execute();

    const alice = await members.findWithNames(id('alice01'), noKyc);
    const bobby = await members.findWithNames(id('bobby01'), noKyc);
    expect([alice?.has_transaction_password, bobby?.has_transaction_password]).toEqual([false, true]);
    for (const row of [alice, bobby]) {
      expect(Object.keys(row ?? {})).not.toContain('password_hash');
      expect(Object.keys(row ?? {})).not.toContain('transaction_password_hash');
      expect(Object.values(row ?? {}).some((v) => typeof v === 'string' && v.startsWith('$argon2'))).toBe(
        false,
      );
    }
    // The whole row, for sign-in and the step-ups, still has both.
    expect((await members.findById(id('bobby01')))?.transaction_password_hash).toMatch(/^\$argon2id\$/);
  });
});
