import pg from 'pg';

/**
 * One watcher per network across any number of workers: a PostgreSQL session advisory lock, held on a
 * connection of its own for as long as this worker watches. A worker that dies loses its connection and
 * with it the lock, and another worker's next try takes over. (Crediting does not depend on it: a second
 * watcher would credit nothing twice; the lock only saves the duplicate reads.)
 */
export function createWatcherLock(options: { databaseUrl: string; name: string }) {
  let client: pg.Client | null = null;
  let held = false;

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    const lost = () => {
      if (client === next) {
        client = null;
        held = false;
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    await next.connect();
    client = next;
    return next;
  }

  return {
    /** Whether this worker holds the lock now, taking it when it is free. */
    async held(): Promise<boolean> {
      if (held && client) return true;
      const c = await connection();
      const { rows } = await c.query<{ ok: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok',
        [`chain-watcher:${options.name}`],
      );
      held = rows[0]?.ok === true;
      return held;
    },
    /** Gives the lock back (closing its connection), so another worker takes over at once. */
    async release(): Promise<void> {
      const c = client;
      client = null;
      held = false;
      await c?.end().catch(() => {});
    },
  };
}
