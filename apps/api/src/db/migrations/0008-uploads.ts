import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files. The bytes live in a private folder under a server-made name (`stored_name`, never the
 * client's file name); this row says whose they are, what for, and what they are. A picture has been decoded
 * and re-encoded, so `content_type`, `width` and `height` are the server's own findings. `original_name` is
 * kept only for documents, as display text.
 *
 * An upload is stored first and claimed later by the record that uses it (KYC, news, a chat message...):
 * `claimed_at` is set then, and a claimed upload cannot be claimed again. `owner_member_id` is the uploader
 * (null for uploads made by the system itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE uploads (
      id uuid PRIMARY KEY,
      owner_member_id bigint REFERENCES members(id),
      purpose text NOT NULL CHECK (purpose IN ('kyc', 'avatar', 'news', 'slider', 'file', 'support')),
      visibility text NOT NULL CHECK (visibility IN ('public', 'private')),
      stored_name text NOT NULL UNIQUE CHECK (stored_name ~ '^[0-9a-f-]{36}[.](jpg|webp|pdf)$'),
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/webp', 'application/pdf')),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      width integer CHECK (width > 0),
      height integer CHECK (height > 0),
      original_name text CHECK (length(original_name) BETWEEN 1 AND 200),
      claimed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((content_type = 'application/pdf') = (width IS NULL AND height IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX uploads_owner ON uploads (owner_member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE uploads`.execute(db);
}
