import { type Kysely, sql } from 'kysely';

/**
 * What admins publish for members: news, the marquee's announcements, the home slider's images and
 * downloadable files. The about-us text and the app version live in the existing `settings` table
 * (keys `about_us`, `app_version`), which is already a key -> jsonb store with its own key check.
 *
 * Pictures and PDFs are uploads (`*_upload_id`) the content service claimed with their purpose. No foreign
 * key: the uploads table comes from another migration that may run after this one on a database that
 * already has it (migrations run unordered); the claim checks that the upload exists.
 *
 * A news item is a draft while `published_at` is NULL. `notified_at` records that publishing it as
 * important told every member, so unpublishing and publishing again does not ring the bell twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const languages = sql`('en-US', 'zh-CN', 'bm-MY', 'de', 'fr')`;
  await sql`
    CREATE TABLE news (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 300),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
      language text NOT NULL CHECK (language IN ${languages}),
      cover_upload_id uuid,
      important boolean NOT NULL DEFAULT false,
      published_at timestamptz,
      notified_at timestamptz,
      click_count bigint NOT NULL DEFAULT 0 CHECK (click_count >= 0),
      created_by bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX news_published ON news (published_at DESC, id) WHERE published_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX news_created ON news (created_at DESC, id)`.execute(db);

  await sql`
    CREATE TABLE announcements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      text text NOT NULL CHECK (length(text) BETWEEN 1 AND 300),
      language text NOT NULL CHECK (language IN ${languages}),
      starts_at timestamptz NOT NULL DEFAULT now(),
      ends_at timestamptz,
      created_by bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at IS NULL OR ends_at > starts_at)
    )`.execute(db);

  // A link is an app path or an https address. `\\\\` here is `\\` in SQL: inside a regex bracket
  // PostgreSQL needs the backslash escaped, or the bracket never closes.
  await sql`
    CREATE TABLE slider_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      upload_id uuid NOT NULL,
      link text CHECK (length(link) <= 300 AND (link ~ '^/[^/\\\\]' OR link ~ '^https://\\S+$')),
      position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000),
      created_by bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE content_files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      upload_id uuid NOT NULL,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
      created_by bigint NOT NULL REFERENCES members(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['content_files', 'slider_images', 'announcements', 'news']) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
  await sql`DELETE FROM settings WHERE key IN ('about_us', 'app_version')`.execute(db);
}
