import { type Kysely, sql } from 'kysely';

/**
 * Each running worker process writes its row every few seconds (worker.ts); `/api/ready` reports whether
 * any bot worker beat recently. One row per process, replaced, so the table stays as small as the fleet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE worker_heartbeats (
      owner text PRIMARY KEY,
      kind text NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      beat_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX worker_heartbeats_kind_beat ON worker_heartbeats (kind, beat_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE worker_heartbeats`.execute(db);
}
