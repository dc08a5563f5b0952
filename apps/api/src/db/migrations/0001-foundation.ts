import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE members (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      username text NOT NULL CHECK (username ~ '^[A-Za-z0-9]{5,15}$'),
      email text CHECK (email IS NULL OR email = lower(email)),
      mobile text CHECK (mobile IS NULL OR mobile ~ '^\\+[0-9]{6,18}$'),
      full_name text,
      password_hash text NOT NULL,
      transaction_password_hash text,
      role text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
      sponsor_id bigint REFERENCES members(id),
      placement_parent_id bigint REFERENCES members(id),
      placement_side text CHECK (placement_side IN ('left', 'right')),
      placement_depth integer NOT NULL DEFAULT 0,
      rank text NOT NULL DEFAULT 'Fans',
      language text NOT NULL DEFAULT 'en-US',
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- a placed member has both a parent and a side; the tree's root and the admins have neither
      CHECK ((placement_parent_id IS NULL) = (placement_side IS NULL)),
      -- two sign-ups racing for one slot: only one can win
      CONSTRAINT members_placement_slot UNIQUE (placement_parent_id, placement_side)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX members_username_ci ON members (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX members_email ON members (email) WHERE email IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX members_mobile ON members (mobile) WHERE mobile IS NOT NULL`.execute(db);
  await sql`CREATE INDEX members_sponsor ON members (sponsor_id)`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      ip text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_member_at ON login_failures (member_id, at)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id bigint NOT NULL REFERENCES members(id),
      token_hash bytea NOT NULL UNIQUE,
      ip text NOT NULL,
      user_agent text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      end_reason text
    )`.execute(db);
  await sql`CREATE INDEX sessions_member_live ON sessions (member_id, last_seen_at DESC) WHERE ended_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE tac_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purpose text NOT NULL,
      destination text NOT NULL,
      member_id bigint REFERENCES members(id),
      code_hash bytea NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX tac_codes_lookup ON tac_codes (purpose, destination, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE crypto_nonces (
      nonce text PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions(id),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE mail_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id bigint REFERENCES members(id),
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      destination text NOT NULL,
      subject text NOT NULL,
      purpose text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX mail_log_member ON mail_log (member_id, sent_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_log', 'crypto_nonces', 'tac_codes', 'sessions', 'login_failures', 'members']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
