import { type Kysely, sql } from 'kysely';

/**
 * Each slider picture gets a description per language (issue 19, item 5; decision 73): what a screen reader
 * says instead of the picture, and what a member reads when the picture does not load. Stored like every
 * other localized text (0043): one jsonb object, a string under `en-US` required. Slides written before have
 * no description yet: their English one is empty, and members get the generic "slide n of m" until an admin
 * writes one; the admin form asks for English on the next save.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE slider_images
      ADD COLUMN alt jsonb NOT NULL DEFAULT '{"en-US": ""}'
        CONSTRAINT slider_images_alt_localized
        CHECK (jsonb_typeof(alt) = 'object' AND jsonb_typeof(alt -> 'en-US') = 'string')`.execute(db);
  // Only the rows above take the empty one: a new slide always says what its picture shows.
  await sql`ALTER TABLE slider_images ALTER COLUMN alt DROP DEFAULT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE slider_images DROP COLUMN alt`.execute(db);
}
