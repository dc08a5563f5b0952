import { type Kysely, sql } from 'kysely';

/**
 * Content in five languages, the last two pieces (issue 19, item 5; decision 74):
 * - a bot package's name per language, stored as a mining package's is (0043): `name` stays the English one
 *   (what the audit log and the admin list show), the other languages in `name_translations`;
 * - a slide's picture per language: `upload_id` stays the English picture, every member's fallback, and
 *   `upload_translations` maps another language to a picture of its own (an upload id, claimed like the
 *   English one; no foreign key, as for every content upload: 0011).
 */
const anObject = (column: string) => sql.raw(`CHECK (jsonb_typeof(${column}) = 'object')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE bot_packages
      ADD COLUMN name_translations jsonb NOT NULL DEFAULT '{}' ${anObject('name_translations')}`.execute(db);
  await sql`
    ALTER TABLE slider_images
      ADD COLUMN upload_translations jsonb NOT NULL DEFAULT '{}' ${anObject('upload_translations')}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE slider_images DROP COLUMN upload_translations`.execute(db);
  await sql`ALTER TABLE bot_packages DROP COLUMN name_translations`.execute(db);
}
