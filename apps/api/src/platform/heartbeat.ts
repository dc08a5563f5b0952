import { sql } from 'kysely';
import type { Db } from '../db/database';

/** How often a worker writes its heartbeat row. */
export const HEARTBEAT_MS = 5000;
/** A bot worker whose last beat is older than this counts as gone for `/api/ready` (several missed beats). */
export const HEARTBEAT_STALE_SECONDS = 30;

/**
 * A worker's heartbeat (table worker_heartbeats): `beat` writes its row at most every HEARTBEAT_MS, so it
 * may be called after every pass; a pass that hangs stops the beats, which is what readiness should see.
 */
export function createHeartbeat(options: { db: Db; owner: string; kind: 'bot_worker'; now?: () => number }) {
  const { db, owner, kind } = options;
  const now = options.now ?? Date.now;
  let last = 0;
  return {
    async beat(): Promise<void> {
      if (now() - last < HEARTBEAT_MS) return;
      await db
        .insertInto('worker_heartbeats')
        .values({ owner, kind })
        .onConflict((oc) => oc.column('owner').doUpdateSet({ beat_at: sql<Date>`now()` }))
        .execute();
      // Rows of processes long dead (killed before they could end their beat) are dropped as we go.
      await db
        .deleteFrom('worker_heartbeats')
        .where('beat_at', '<', sql<Date>`now() - interval '1 day'`)
        .execute();
      last = now();
    },
    /** A clean stop removes the row: readiness then sees the fleet as it is, not a worker that left. */
    async end(): Promise<void> {
      await db.deleteFrom('worker_heartbeats').where('owner', '=', owner).execute();
    },
  };
}

/** Seconds since the most recent beat of any worker of this kind; null when none ever beat. */
export async function secondsSinceLastBeat(db: Db, kind: 'bot_worker'): Promise<number | null> {
  const row = await db
    .selectFrom('worker_heartbeats')
    .select(sql<number | null>`extract(epoch from now() - max(beat_at))::float8`.as('age'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.age ?? null;
}
