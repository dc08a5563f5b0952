import { type Kysely, sql } from 'kysely';

/**
 * bots.revision: a number from one sequence, moved on every change to a bot row except its lease. The bot
 * engine keeps the bots it holds in memory between passes and asks each pass only for the rows whose
 * revision passed the highest it has seen (decisions, section 38); its fenced order write compares the
 * revision it decided on with the row's, so a bot the member changed meanwhile (settings, stop, an action)
 * is read again before it trades.
 *
 * The trigger's WHEN skips the engine's lease statements: they set lease_owner and lease_until and nothing
 * else, and at 10,000 bots they renew thousands of rows at a time. No other writer touches the lease.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE bots_revision_seq`.execute(db);
  await sql`ALTER TABLE bots ADD COLUMN revision bigint NOT NULL DEFAULT nextval('bots_revision_seq')`.execute(
    db,
  );
  await sql`CREATE INDEX bots_revision ON bots (revision)`.execute(db);
  await sql`
    CREATE FUNCTION bots_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.revision := nextval('bots_revision_seq');
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER bots_revision BEFORE UPDATE ON bots FOR EACH ROW
    WHEN (OLD.lease_owner IS NOT DISTINCT FROM NEW.lease_owner AND OLD.lease_until IS NOT DISTINCT FROM NEW.lease_until)
    EXECUTE FUNCTION bots_next_revision()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER bots_revision ON bots`.execute(db);
  await sql`DROP FUNCTION bots_next_revision()`.execute(db);
  await sql`ALTER TABLE bots DROP COLUMN revision`.execute(db);
  await sql`DROP SEQUENCE bots_revision_seq`.execute(db);
}
