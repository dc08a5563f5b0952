import { type Kysely, sql } from 'kysely';

/**
 * Staff security (decision 45): a `support` role beside `admin`; every staff member's TOTP second factor
 * and one-time recovery codes; the second-factor state of each staff session (enrolment only until a code
 * was given, and when the last step-up code was); four-eyes approvals of large admin money actions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members DROP CONSTRAINT members_role_check`.execute(db);
  await sql`ALTER TABLE members ADD CONSTRAINT members_role_check CHECK (role IN ('member', 'admin', 'support'))`.execute(
    db,
  );

  // The secret is sealed with the secret box under the master key, bound to `staff_totp:<member>:secret`.
  // confirmed_at is null while an enrolment waits for its first code. last_step is the last accepted
  // RFC 6238 time step: a code of that step or an earlier one is never accepted again (replay).
  await sql`
    CREATE TABLE staff_totp (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      secret_sealed bytea NOT NULL,
      confirmed_at timestamptz,
      last_step bigint,
      failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
      failed_since timestamptz,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // HMAC-SHA256 of each code under a key derived from the master key; a used code keeps its row.
  await sql`
    CREATE TABLE staff_recovery_codes (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      code_hash bytea NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, code_hash)
    )`.execute(db);

  // A staff session without a row here has passed no second factor: it may only enrol one. A session of
  // an admin who already had a session before this migration therefore has to log in again with a code.
  await sql`
    CREATE TABLE staff_sessions (
      session_id uuid PRIMARY KEY REFERENCES sessions(id),
      member_id bigint NOT NULL REFERENCES members(id),
      verified_at timestamptz NOT NULL DEFAULT now(),
      step_up_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE admin_approvals (
      id uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('adjustment', 'manual_deposit')),
      payload jsonb NOT NULL,
      member_id bigint NOT NULL REFERENCES members(id),
      currency text NOT NULL REFERENCES currencies(code),
      amount numeric(38, 0) NOT NULL CHECK (amount > 0),
      usd_micros numeric(38, 0) NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      requested_by bigint NOT NULL REFERENCES members(id),
      requested_at timestamptz NOT NULL DEFAULT now(),
      decided_by bigint REFERENCES members(id),
      decided_at timestamptz,
      reject_reason text,
      -- the ledger transfer an approval made
      transfer_id uuid,
      CHECK ((status = 'pending') = (decided_by IS NULL)),
      -- four eyes: the one who asked never approves (the requester may withdraw a request: 'rejected')
      CHECK (status <> 'approved' OR decided_by <> requested_by)
    )`.execute(db);
  await sql`CREATE INDEX admin_approvals_status ON admin_approvals (status, requested_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE admin_approvals`.execute(db);
  await sql`DROP TABLE staff_sessions`.execute(db);
  await sql`DROP TABLE staff_recovery_codes`.execute(db);
  await sql`DROP TABLE staff_totp`.execute(db);
  await sql`UPDATE members SET role = 'member' WHERE role = 'support'`.execute(db);
  await sql`ALTER TABLE members DROP CONSTRAINT members_role_check`.execute(db);
  await sql`ALTER TABLE members ADD CONSTRAINT members_role_check CHECK (role IN ('member', 'admin'))`.execute(
    db,
  );
}
