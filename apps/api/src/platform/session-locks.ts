import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL advisory locks held on one session of this process's own, for "who is running this right
 * now". A session lock lives exactly as long as the process that holds it: when the process dies (kill -9,
 * an OOM kill, a power cut), PostgreSQL ends its session and the lock is free at once, with no clock and no
 * lease to guess. One connection serves all of the process's locks, so holding many never takes
 * connections from the pool the work itself needs.
 *
 * Session locks are re-entrant within a session, so this process's own holdings are also kept in a set:
 * a second request of this process for a lock it holds is refused here, not granted by PostgreSQL.
 */
export interface SessionLocks {
  /** Takes the lock when nobody holds it; false when someone alive (this process or another) does. */
  tryLock(key: bigint): Promise<boolean>;
  unlock(key: bigint): Promise<void>;
  /** Whether this process holds the lock (for tests and logs). */
  holds(key: bigint): boolean;
  close(): Promise<void>;
}

/** A 64-bit lock key from a name: the first 8 bytes of its SHA-256, as PostgreSQL's signed bigint. */
export function lockKeyOf(...parts: string[]): bigint {
  return createHash('sha256').update(parts.join('\n')).digest().readBigInt64BE(0);
}

export function createSessionLocks(options: {
  databaseUrl: string;
  onError?: (message: string, error?: unknown) => void;
}): SessionLocks {
  /** Locks this process holds in PostgreSQL. */
  const held = new Set<bigint>();
  /** Locks a request of this process is asking PostgreSQL for right now. */
  const asking = new Set<bigint>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  const report = options.onError ?? (() => {});
  // One statement at a time on the session (pg's client wants its queries one after another).
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
      const lost = (error?: unknown) => {
        if (client === fresh) client = null;
        if (!closed && held.size > 0)
          report('the lock session ended; its locks are taken again on next use', error);
      };
      fresh.on('error', lost);
      fresh.on('end', () => lost());
      try {
        await fresh.connect();
        // Should the API's host vanish (power cut) while the database lives on, the database notices the dead
        // connection within about 25 s and frees its locks, instead of after the system's 2-hour default.
        await fresh.query(
          'SET tcp_keepalives_idle = 10; SET tcp_keepalives_interval = 5; SET tcp_keepalives_count = 3',
        );
        // Locks of requests still running here were lost with the old session: take them again. One that
        // another process has taken in the meantime stays with it; this process's request will find its
        // claim gone when it tries to record its answer.
        for (const key of held) {
          const { rows } = await fresh.query<{ ok: boolean }>(
            'SELECT pg_try_advisory_lock($1::bigint) AS ok',
            [key.toString()],
          );
          if (!rows[0]?.ok)
            report(`lock ${key} was taken by another process while the lock session was down`);
        }
        client = fresh;
        return fresh;
      } catch (error) {
        fresh.end().catch(() => {});
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  return {
    async tryLock(key) {
      if (held.has(key) || asking.has(key)) return false;
      // Marked before the await: a second request of this process arriving meanwhile is refused.
      asking.add(key);
      try {
        const { rows } = await serial(async () =>
          (await connect()).query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
            key.toString(),
          ]),
        );
        if (!rows[0]?.ok) return false;
        held.add(key);
        return true;
      } finally {
        asking.delete(key);
      }
    },

    async unlock(key) {
      if (!held.delete(key)) return;
      await serial(async () => {
        // A lost session has let go of it already.
        if (client) await client.query('SELECT pg_advisory_unlock($1::bigint)', [key.toString()]);
      });
    },

    holds: (key) => held.has(key) || asking.has(key),

    async close() {
      closed = true;
      const open = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      held.clear();
      await open?.end().catch(() => {});
    },
  };
}
