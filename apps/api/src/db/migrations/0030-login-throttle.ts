import { type Kysely, sql } from 'kysely';

/**
 * Login throttling that cannot lock a member out (decision 43), in place of the flat lock.
 *
 * `login_throttle` counts the tries of one login subject from one address: growing waits after the free
 * tries, and `trusted_until` for an address that logged in or took an unlock code (it skips the account's
 * ceiling). `login_throttle_accounts` counts the failures of one subject from every address in a day: past
 * the ceiling a login from an untrusted address needs an unlock code sent to the member's contact.
 * A subject is `m:<member id>`, or `u:<the login as typed, lower case>` when no member has it, so an unknown
 * name behaves exactly like a known one.
 *
 * `tac_codes_member_day` serves the per-account daily cap of codes per purpose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_throttle (
      subject text NOT NULL,
      ip text NOT NULL,
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      next_try_at timestamptz NOT NULL DEFAULT now(),
      last_try_at timestamptz NOT NULL DEFAULT now(),
      trusted_until timestamptz,
      PRIMARY KEY (subject, ip)
    )`.execute(db);
  await sql`
    CREATE TABLE login_throttle_accounts (
      subject text PRIMARY KEY,
      failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
      window_started_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_throttle_last_try ON login_throttle (last_try_at)`.execute(db);
  await sql`
    CREATE INDEX tac_codes_member_day ON tac_codes (member_id, purpose, created_at DESC)
    WHERE member_id IS NOT NULL`.execute(db);
  await sql`DROP TABLE login_failures`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN locked_until`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN locked_until timestamptz`.execute(db);
  await sql`
    CREATE TABLE login_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_member_at ON login_failures (member_id, at)`.execute(db);
  await sql`DROP INDEX tac_codes_member_day`.execute(db);
  await sql`DROP TABLE login_throttle_accounts`.execute(db);
  await sql`DROP TABLE login_throttle`.execute(db);
}
