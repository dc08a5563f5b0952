import { type Kysely, sql } from 'kysely';

/**
 * Notifications behind the bell. A personal one has its member; a broadcast (member_id NULL) is stored once
 * and seen by every member. Whether a member has read one is a row in notification_reads, for both kinds,
 * so "unread" is the same question for both: visible to the member and without a read row of theirs.
 *
 * The texts are not stored: `kind` names the locale texts and `params` fills them in, so a notification
 * reads in whatever language the member uses when they look at it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      member_id bigint REFERENCES members(id),
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{2,40}$'),
      params jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(params) = 'object'),
      link text CHECK (link ~ '^/[^/\\\\]' AND length(link) <= 300),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The member's own, newest first; and the broadcasts, which every member's list and count also read.
  await sql`CREATE INDEX notifications_member ON notifications (member_id, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_broadcast ON notifications (id DESC) WHERE member_id IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE notification_reads (
      member_id bigint NOT NULL REFERENCES members(id),
      notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, notification_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE notification_reads`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
}
