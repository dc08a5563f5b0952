import { type Kysely, sql } from 'kysely';

/**
 * Decision 83: a right transaction password ends the count of wrong ones by moving the member's guard row
 * to a new `generation` instead of deleting the failures; a failure records the generation it was counted
 * in, and only those of the guard's current generation count. `generation = generation + 1` is one UPDATE
 * of the guard row, which waits for the row like the wrong guesses' SELECT ... FOR UPDATE and then adds to
 * the row as the guess ahead of it left it. A DELETE of failures in that statement would see only the
 * failures committed before it started waiting (decision 78), and a time stamp would be taken before the
 * wait; so the right password's settling needed a transaction of four round trips. The failures of older
 * generations are deleted by the next wrong guess, under the row lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transaction_password_guards ADD COLUMN generation bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
  await sql`ALTER TABLE transaction_password_failures ADD COLUMN generation bigint NOT NULL DEFAULT 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE transaction_password_failures DROP COLUMN generation`.execute(db);
  await sql`ALTER TABLE transaction_password_guards DROP COLUMN generation`.execute(db);
}
