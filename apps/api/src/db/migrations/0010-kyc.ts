import { type Kysely, sql } from 'kysely';

/**
 * Identity verification. One row per submission attempt, never deleted: a rejected one stays as history
 * beside the member's next attempt, and the member's state is that of their latest row.
 *
 * Two partial unique indexes hold the rules that concurrent requests could otherwise break:
 * - at most one pending submission per member (two submissions at once: one wins);
 * - an ID (country, type, number) belongs to one pending-or-approved submission. A rejected one frees it,
 *   so a member whose submission was rejected may send the same number again. Numbers are compared
 *   without their hyphens (`id_number_key`): 880101-14-5566 and 880101145566 are the same IC.
 *
 * The pictures are uploads (purpose 'kyc') of the member's own, claimed in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE kyc_submissions (
      id uuid PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      country char(2) NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      id_type text NOT NULL CHECK (id_type IN ('ic', 'passport', 'license')),
      id_number text NOT NULL CHECK (id_number ~ '^[A-Z0-9]+(-[A-Z0-9]+)*$' AND length(id_number) <= 30),
      id_number_key text GENERATED ALWAYS AS (replace(id_number, '-', '')) STORED,
      full_name text NOT NULL CHECK (length(full_name) BETWEEN 1 AND 100),
      front_upload_id uuid NOT NULL REFERENCES uploads(id),
      back_upload_id uuid NOT NULL REFERENCES uploads(id),
      holding_upload_id uuid NOT NULL REFERENCES uploads(id),
      reason text CHECK (length(reason) <= 500),
      reviewed_by bigint REFERENCES members(id),
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'pending') = (reviewed_at IS NULL)),
      CHECK ((status = 'pending') = (reviewed_by IS NULL)),
      CHECK ((status = 'rejected') = (reason IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (member_id)
    WHERE status = 'pending'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX kyc_submissions_id_in_use ON kyc_submissions (country, id_type, id_number_key)
    WHERE status <> 'rejected'`.execute(db);
  // The member's latest submission, and their history.
  await sql`CREATE INDEX kyc_submissions_member ON kyc_submissions (member_id, created_at DESC)`.execute(db);
  // The admin queue: by status, newest first.
  await sql`CREATE INDEX kyc_submissions_queue ON kyc_submissions (status, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE kyc_submissions`.execute(db);
}
