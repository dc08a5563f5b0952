import { type Kysely, sql } from 'kysely';

/**
 * Signed-in reads resolve their session from a cache in each API process (decision 71). Whatever could make
 * a cached session stop opening the account tells every process at once, through `pg_notify` on the
 * `session_revoked` channel with the member's id: a session ended, deleted, re-keyed or moved back in time;
 * a member's role changed or the member removed. Triggers, not the application, so every writer counts,
 * admin SQL included. PostgreSQL delivers the notice when the writing transaction commits (never for a
 * rollback). A TRUNCATE says `*`: forget everything.
 *
 * `last_seen_at` moving forward (the once-a-minute touch) says nothing: it only lengthens a session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION session_revoked_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('session_revoked', '*');
        RETURN NULL;
      END IF;
      IF TG_TABLE_NAME = 'sessions' THEN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('session_revoked', OLD.member_id::text); END IF;
        IF TG_OP = 'UPDATE' AND NEW.member_id IS DISTINCT FROM OLD.member_id THEN
          PERFORM pg_notify('session_revoked', NEW.member_id::text);
        END IF;
      ELSE
        PERFORM pg_notify('session_revoked', OLD.id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_revoked AFTER UPDATE ON sessions FOR EACH ROW
      WHEN (NEW.ended_at IS DISTINCT FROM OLD.ended_at
        OR NEW.token_hash IS DISTINCT FROM OLD.token_hash
        OR NEW.member_id IS DISTINCT FROM OLD.member_id
        OR NEW.created_at IS DISTINCT FROM OLD.created_at
        OR NEW.last_seen_at < OLD.last_seen_at)
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
  await sql`
    CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
  await sql`
    CREATE TRIGGER members_access_changed AFTER UPDATE ON members FOR EACH ROW
      WHEN (NEW.role IS DISTINCT FROM OLD.role OR NEW.id IS DISTINCT FROM OLD.id)
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
  await sql`
    CREATE TRIGGER members_deleted AFTER DELETE ON members FOR EACH ROW
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
  await sql`
    CREATE TRIGGER members_truncated AFTER TRUNCATE ON members FOR EACH STATEMENT
      EXECUTE FUNCTION session_revoked_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER members_truncated ON members`.execute(db);
  await sql`DROP TRIGGER members_deleted ON members`.execute(db);
  await sql`DROP TRIGGER members_access_changed ON members`.execute(db);
  await sql`DROP TRIGGER sessions_truncated ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_deleted ON sessions`.execute(db);
  await sql`DROP TRIGGER sessions_revoked ON sessions`.execute(db);
  await sql`DROP FUNCTION session_revoked_notify()`.execute(db);
}
