import { type Kysely, sql } from 'kysely';

/**
 * Team bonuses: the settings an admin edits, the daily runs, each member's left and right volumes and carry,
 * the lines a run computed (what a pairing record shows), the payouts (one per run, member and bonus type)
 * and the rank history.
 *
 * A run has two phases. `compute` is one transaction: it reads the period's volume events, adds them up the
 * placement tree set-based, moves the carries, recomputes ranks and writes one `bonus_payouts` row per
 * (run, member, type); it sets `computed_at`. `pay` then credits the unpaid payouts through the ledger, with
 * the payout's id as the transfer id, and stamps `paid_at`. A crash in either phase leaves a state the next
 * attempt continues from without paying twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bonus_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      settings jsonb NOT NULL,
      updated_by bigint REFERENCES members(id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE bonus_runs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      -- the UTC day the run pays for: volume events with created_at in [period_start, period_start + 1 day)
      period_start date NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
      settings jsonb NOT NULL,
      computed_at timestamptz,
      totals jsonb NOT NULL DEFAULT '{}',
      error text,
      started_by bigint REFERENCES members(id),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE member_volumes (
      member_id bigint PRIMARY KEY REFERENCES members(id),
      personal_total_minor bigint NOT NULL DEFAULT 0 CHECK (personal_total_minor >= 0),
      left_total_minor bigint NOT NULL DEFAULT 0 CHECK (left_total_minor >= 0),
      right_total_minor bigint NOT NULL DEFAULT 0 CHECK (right_total_minor >= 0),
      left_carry_minor bigint NOT NULL DEFAULT 0 CHECK (left_carry_minor >= 0),
      right_carry_minor bigint NOT NULL DEFAULT 0 CHECK (right_carry_minor >= 0),
      last_run_id bigint REFERENCES bonus_runs(id)
    )`.execute(db);

  await sql`
    CREATE TABLE bonus_run_members (
      run_id bigint NOT NULL REFERENCES bonus_runs(id),
      member_id bigint NOT NULL REFERENCES members(id),
      rank text NOT NULL,
      new_left_minor bigint NOT NULL,
      new_right_minor bigint NOT NULL,
      left_carry_before_minor bigint NOT NULL,
      right_carry_before_minor bigint NOT NULL,
      matched_minor bigint NOT NULL,
      left_carry_after_minor bigint NOT NULL,
      right_carry_after_minor bigint NOT NULL,
      PRIMARY KEY (run_id, member_id)
    )`.execute(db);

  // A payout's id (and its ledger transfer's): a uuid (version 8) digest of (run, member, type), the same
  // construction as the platform's derivedUuid, so a resumed run meets the ids it already paid.
  await sql`
    CREATE FUNCTION bonus_payout_id(run_id bigint, member_id bigint, kind text) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT (substr(h, 1, 12) || '8' || substr(h, 14, 3)
        || to_hex(((('x' || substr(h, 17, 1))::bit(4)::int) & 3) | 8) || substr(h, 18, 15))::uuid
      FROM (SELECT encode(sha256(convert_to('bonus:' || run_id || ':' || member_id || ':' || kind, 'UTF8')), 'hex') AS h) d
    $$`.execute(db);
  await sql`
    CREATE TABLE bonus_payouts (
      -- also the ledger transfer's id: derived from (run, member, type)
      id uuid PRIMARY KEY,
      run_id bigint NOT NULL REFERENCES bonus_runs(id),
      member_id bigint NOT NULL REFERENCES members(id),
      type text NOT NULL CHECK (type IN ('sponsor', 'pairing')),
      period_start date NOT NULL,
      rank text NOT NULL,
      rate_bps integer NOT NULL,
      base_minor bigint NOT NULL CHECK (base_minor >= 0),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      capped boolean NOT NULL DEFAULT false,
      currency text NOT NULL REFERENCES currencies(code),
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (run_id, member_id, type)
    )`.execute(db);
  await sql`CREATE INDEX bonus_payouts_member ON bonus_payouts (member_id, period_start DESC, type)`.execute(
    db,
  );
  await sql`CREATE INDEX bonus_payouts_unpaid ON bonus_payouts (run_id) WHERE paid_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE rank_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      run_id bigint NOT NULL REFERENCES bonus_runs(id),
      from_rank text NOT NULL,
      to_rank text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rank_history_member ON rank_history (member_id, id DESC)`.execute(db);
  await sql`
    CREATE TRIGGER rank_history_append_only BEFORE UPDATE OR DELETE ON rank_history
    FOR EACH ROW EXECUTE FUNCTION append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rank_history',
    'bonus_payouts',
    'bonus_run_members',
    'member_volumes',
    'bonus_runs',
    'bonus_settings',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS bonus_payout_id(bigint, bigint, text)`.execute(db);
}
