import { type Kysely, sql } from 'kysely';

/**
 * A staff session's second-factor state (enrolled, verified, last step-up) now rides in the session cache
 * with the session (decision 76), so whatever changes it tells every process, as 0046 does for sessions and
 * roles: `pg_notify('session_revoked', member id)` when a staff member's factor is set up, confirmed, or
 * removed (`staff_totp`; its per-code bookkeeping, last step and failure counts, says nothing), and when a
 * session passes the factor, steps up or loses that mark (`staff_sessions`). A TRUNCATE says `*`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION staff_state_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('session_revoked', '*');
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('session_revoked', OLD.member_id::text); END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('session_revoked', NEW.member_id::text); END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER staff_totp_added_or_removed AFTER INSERT OR DELETE ON staff_totp FOR EACH ROW
      EXECUTE FUNCTION staff_state_changed_notify()`.execute(db);
  await sql`
    CREATE TRIGGER staff_totp_confirmed AFTER UPDATE ON staff_totp FOR EACH ROW
      WHEN (NEW.confirmed_at IS DISTINCT FROM OLD.confirmed_at OR NEW.member_id IS DISTINCT FROM OLD.member_id)
      EXECUTE FUNCTION staff_state_changed_notify()`.execute(db);
  await sql`
    CREATE TRIGGER staff_totp_truncated AFTER TRUNCATE ON staff_totp FOR EACH STATEMENT
      EXECUTE FUNCTION staff_state_changed_notify()`.execute(db);
  await sql`
    CREATE TRIGGER staff_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON staff_sessions FOR EACH ROW
      EXECUTE FUNCTION staff_state_changed_notify()`.execute(db);
  await sql`
    CREATE TRIGGER staff_sessions_truncated AFTER TRUNCATE ON staff_sessions FOR EACH STATEMENT
      EXECUTE FUNCTION staff_state_changed_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER staff_sessions_truncated ON staff_sessions`.execute(db);
  await sql`DROP TRIGGER staff_sessions_changed ON staff_sessions`.execute(db);
  await sql`DROP TRIGGER staff_totp_truncated ON staff_totp`.execute(db);
  await sql`DROP TRIGGER staff_totp_confirmed ON staff_totp`.execute(db);
  await sql`DROP TRIGGER staff_totp_added_or_removed ON staff_totp`.execute(db);
  await sql`DROP FUNCTION staff_state_changed_notify()`.execute(db);
}
