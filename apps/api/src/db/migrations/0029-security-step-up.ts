import { type Kysely, sql } from 'kysely';

/**
 * Decision 42: the money hold after a credential change, and the per-member counter of wrong transaction
 * passwords.
 *
 * - `money_holds`: one row per hold, kept after it ends (the member's history of holds). The hold in force
 *   is the one ending last, if that is still ahead.
 * - `transaction_password_guards`: one row per member who ever gave a transaction password. Each guess is
 *   settled (refused while locked, counted when wrong) with this row locked, so concurrent guesses of one
 *   member are counted one after another; the argon2 check itself runs before the row is locked, not under
 *   it (decision 78). `locked_until` refuses every money action until it has passed.
 * - `transaction_password_failures`: the wrong guesses since the last right one or the last lock; those
 *   within the window are counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE money_holds (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      reason text NOT NULL CHECK (reason IN ('password_changed', 'password_reset', 'contact_changed',
        'transaction_password_set', 'transaction_password_changed')),
      starts_at timestamptz NOT NULL DEFAULT now(),
      ends_at timestamptz NOT NULL,
      CHECK (ends_at > starts_at)
    )`.execute(db);
  await sql`CREATE INDEX money_holds_member_end ON money_holds (member_id, ends_at DESC)`.execute(db);

  await sql`
    CREATE TABLE transaction_password_guards (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      locked_until timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE transaction_password_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX transaction_password_failures_member_at ON transaction_password_failures (member_id, at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['transaction_password_failures', 'transaction_password_guards', 'money_holds']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
