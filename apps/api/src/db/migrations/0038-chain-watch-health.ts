import { type Kysely, sql } from 'kysely';

/**
 * Chain watcher health (decision 67): each pass writes the head it saw and when, so `/api/ready` can tell a
 * watcher that stopped (or reads no further) from a quiet chain, and `/api/metrics` can show the lag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE chain_cursors
      ADD COLUMN head_number bigint CHECK (head_number >= 0),
      ADD COLUMN passed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_cursors DROP COLUMN head_number, DROP COLUMN passed_at`.execute(db);
}
