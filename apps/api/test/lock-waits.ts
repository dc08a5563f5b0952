import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import type { Db } from '../src/db/database';

/**
 * Resolves once some other session of this test's database is waiting for a lock (a row, an advisory lock):
 * the positive signal that a racing transaction is queued behind the one the caller still holds open. A
 * race test holds its lock until then instead of for a guessed while. Fails after `ms` if none ever waits.
 * `atLeast` waiting sessions, for a test that queues several one after another in a known order.
 */
export async function untilSomeoneWaitsForALock(db: Db, ms = 10_000, atLeast = 1): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
      expect(rows[0]?.n).toBeGreaterThanOrEqual(atLeast);
    },
    { timeout: ms, interval: 20 },
  );
}
