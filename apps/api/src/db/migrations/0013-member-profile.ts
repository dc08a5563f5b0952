import { type Kysely, sql } from 'kysely';

/**
 * The profile's avatar and the members' saved contact (postal) addresses.
 *
 * `members.avatar_upload_id` names an upload of purpose 'avatar' that the profile service claimed for the
 * member. No foreign key: the uploads table comes from another migration that may run after this one on a
 * database that already has it (migrations run unordered); the claim checks owner and purpose instead.
 *
 * `member_addresses`: at most one default per member, enforced by a partial unique index, so two racing
 * "set default" calls cannot both win. Coordinates come as a pair or not at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN avatar_upload_id uuid`.execute(db);

  await sql`
    CREATE TABLE member_addresses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      member_id bigint NOT NULL REFERENCES members(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      phone_prefix text NOT NULL CHECK (phone_prefix ~ '^\\+[0-9]{1,4}$'),
      phone text NOT NULL CHECK (phone ~ '^[0-9]{5,14}$'),
      line1 text NOT NULL CHECK (length(line1) BETWEEN 1 AND 200),
      line2 text CHECK (length(line2) BETWEEN 1 AND 200),
      city text NOT NULL CHECK (length(city) BETWEEN 1 AND 100),
      state text CHECK (length(state) BETWEEN 1 AND 100),
      postcode text NOT NULL CHECK (length(postcode) BETWEEN 3 AND 12),
      country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((latitude IS NULL) = (longitude IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX member_addresses_member ON member_addresses (member_id, created_at DESC)`.execute(
    db,
  );
  await sql`
    CREATE UNIQUE INDEX member_addresses_one_default ON member_addresses (member_id) WHERE is_default
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_addresses`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN avatar_upload_id`.execute(db);
}
