import { type Kysely, sql } from 'kysely';

/**
 * Content in five languages (issue 19, item 5; decision 65). Each news text, announcement and site note
 * (about us, the withdrawal note) becomes one jsonb object keyed by language, English (`en-US`) required:
 * the text written so far becomes the English one. The single `language` of an item goes: an item now has
 * every language its admin wrote. Lengths stay checked by the shared zod schema on the way in.
 *
 * A mining package keeps `name` as its English name (purchases, stock and the audit log show it) and gains
 * `name_translations` (the other languages) and a `description` per language.
 */
const localized = (column: string) =>
  sql.raw(`CHECK (jsonb_typeof(${column}) = 'object' AND jsonb_typeof(${column} -> 'en-US') = 'string')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE news
      DROP CONSTRAINT news_title_check,
      DROP CONSTRAINT news_summary_check,
      DROP CONSTRAINT news_body_check,
      ALTER COLUMN summary DROP DEFAULT,
      ALTER COLUMN title TYPE jsonb USING jsonb_build_object('en-US', title),
      ALTER COLUMN summary TYPE jsonb USING jsonb_build_object('en-US', summary),
      ALTER COLUMN body TYPE jsonb USING jsonb_build_object('en-US', body),
      DROP COLUMN language`.execute(db);
  await sql`
    ALTER TABLE news
      ADD CONSTRAINT news_title_localized ${localized('title')},
      ADD CONSTRAINT news_summary_localized ${localized('summary')},
      ADD CONSTRAINT news_body_localized ${localized('body')}`.execute(db);

  await sql`
    ALTER TABLE announcements
      DROP CONSTRAINT announcements_text_check,
      ALTER COLUMN text TYPE jsonb USING jsonb_build_object('en-US', text),
      DROP COLUMN language`.execute(db);
  await sql`ALTER TABLE announcements ADD CONSTRAINT announcements_text_localized ${localized('text')}`.execute(
    db,
  );

  await sql`
    ALTER TABLE mining_packages
      ADD COLUMN name_translations jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(name_translations) = 'object'),
      ADD COLUMN description jsonb NOT NULL DEFAULT '{"en-US": ""}' ${localized('description')}`.execute(db);

  await sql`
    UPDATE settings SET value = jsonb_build_object('text', jsonb_build_object('en-US', value -> 'text'))
    WHERE key IN ('about_us', 'withdrawal_note') AND jsonb_typeof(value -> 'text') = 'string'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE mining_packages DROP COLUMN name_translations, DROP COLUMN description`.execute(db);
  await sql`
    UPDATE settings SET value = jsonb_build_object('text', value -> 'text' -> 'en-US')
    WHERE key IN ('about_us', 'withdrawal_note') AND jsonb_typeof(value -> 'text') = 'object'`.execute(db);
  await sql`
    ALTER TABLE announcements
      DROP CONSTRAINT announcements_text_localized,
      ALTER COLUMN text TYPE text USING text ->> 'en-US',
      ADD COLUMN language text NOT NULL DEFAULT 'en-US'`.execute(db);
  await sql`
    ALTER TABLE news
      DROP CONSTRAINT news_title_localized,
      DROP CONSTRAINT news_summary_localized,
      DROP CONSTRAINT news_body_localized,
      ALTER COLUMN title TYPE text USING title ->> 'en-US',
      ALTER COLUMN summary TYPE text USING summary ->> 'en-US',
      ALTER COLUMN body TYPE text USING body ->> 'en-US',
      ALTER COLUMN summary SET DEFAULT '',
      ADD COLUMN language text NOT NULL DEFAULT 'en-US'`.execute(db);
}
