import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/**
 * Runs `work` only if no other payer (in any worker) holds this hot wallet's lock, else returns null.
 * A session-level advisory lock on one connection held for the pass: the pass itself commits on other
 * connections (the signed transaction must be committed before it is broadcast), and a worker that dies
 * loses its connection and with it the lock.
 */
export async function withPayoutLock<T>(db: Db, key: string, work: () => Promise<T>): Promise<T | null> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_lock(hashtext('chain-payouts'), hashtext(${key})) AS locked`.execute(conn);
    if (!rows[0]?.locked) return null;
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext('chain-payouts'), hashtext(${key}))`.execute(conn);
    }
  });
}
