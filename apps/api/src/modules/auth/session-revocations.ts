import pg from 'pg';

/** The channel migration 0046's triggers notify: a member's id, or `*`. */
export const REVOCATION_CHANNEL = 'session_revoked';

/**
 * This process's ear for session revocations (decision 71): one dedicated connection that LISTENs on the
 * triggers' channel. The session cache may only answer while `listening` is true; that flips to true
 * after LISTEN succeeded and to false the moment the connection errs or ends, and each flip empties the
 * cache (`onListening`), since revocations may have been missed meanwhile.
 *
 * It connects on first use (`ensure`), as every service of the composition root does, and after a loss
 * tries again on a later use, not before `retryMs` have passed on its clock.
 */
export function createSessionRevocations(options: {
  databaseUrl: string;
  now: () => number;
  retryMs: number;
  onRevoked: (memberId: string) => void;
  onListening: (listening: boolean) => void;
  onError?: (error: Error) => void;
}) {
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let nextTry = 0;

  function lost(which: pg.Client, error?: Error): void {
    if (client !== which) return;
    client = null;
    nextTry = options.now() + options.retryMs;
    options.onListening(false);
    if (error) options.onError?.(error);
    which.end().catch(() => {});
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === REVOCATION_CHANNEL && message.payload) options.onRevoked(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${REVOCATION_CHANNEL}`);
    } catch (error) {
      nextTry = options.now() + options.retryMs;
      next.end().catch(() => {});
      options.onError?.(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    options.onListening(true);
  }

  return {
    /** Starts listening when not yet (or no longer) doing so and a try is due; never waits for it. */
    ensure(): void {
      if (client || connecting || closed || options.now() < nextTry) return;
      connecting = connect().finally(() => {
        connecting = null;
      });
    },

    get listening(): boolean {
      return client !== null;
    },

    async close(): Promise<void> {
      closed = true;
      await connecting;
      const current = client;
      client = null;
      if (current) options.onListening(false);
      await current?.end().catch(() => {});
    },
  };
}
