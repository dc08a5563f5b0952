import pg from 'pg';
import { SCHEMA_CHANNEL } from '../../db/prepared-statements';

/** The channel migration 0046's triggers notify: a member's id, or `*`. */
export const REVOCATION_CHANNEL = 'session_revoked';
/** How the listening connection names itself in pg_stat_activity (tests end it by this name). */
export const LISTENER_NAME = 'session-revocations';

/** The timers the heartbeat runs on; tests pass ones they fire themselves. */
export interface HeartbeatTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: HeartbeatTimers = {
  // Unref'd: a heartbeat alone must not keep a process alive that is otherwise done.
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * This process's ear for session revocations (decision 71): one dedicated connection that LISTENs on the
 * triggers' channel. The session cache may only answer while `listening` is true; that flips to true
 * after LISTEN succeeded and to false the moment the connection errs or ends, and each flip empties the
 * cache (`onListening`), since revocations may have been missed meanwhile.
 *
 * A connection can also die silently (a network path that drops packets without closing TCP): so every
 * `heartbeat.everyMs` it asks `SELECT 1`, and an answer not back within `heartbeat.answerMs` counts as the
 * connection lost (decision 76).
 *
 * The same connection hears schema changes (`SCHEMA_CHANNEL`, decision 76): `onSchemaChanged` is called for
 * each, and each time listening starts, since one may have been missed while nobody listened.
 *
 * It connects on first use (`ensure`), as every service of the composition root does, and after a loss
 * tries again on a later use, not before `retryMs` have passed on its clock.
 */
export function createSessionRevocations(options: {
  databaseUrl: string;
  now: () => number;
  retryMs: number;
  heartbeat: { everyMs: number; answerMs: number; timers?: HeartbeatTimers };
  onRevoked: (memberId: string) => void;
  onListening: (listening: boolean) => void;
  onSchemaChanged?: () => void;
  onError?: (error: Error) => void;
}) {
  const timers = options.heartbeat.timers ?? realTimers;
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let nextTry = 0;
  let timer: unknown = null;

  function stopHeartbeat(): void {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  }

  /** The next beat of `which`, while it is the listening connection. */
  function beatLater(which: pg.Client): void {
    stopHeartbeat();
    timer = timers.setTimeout(() => beat(which), options.heartbeat.everyMs);
  }

  function beat(which: pg.Client): void {
    if (client !== which) return;
    timer = timers.setTimeout(
      () => lost(which, new Error('the revocation listener did not answer its heartbeat')),
      options.heartbeat.answerMs,
    );
    which.query('SELECT 1').then(
      () => {
        if (client === which) beatLater(which);
      },
      (error: Error) => lost(which, error),
    );
  }

  function lost(which: pg.Client, error?: Error): void {
    if (client !== which) return;
    client = null;
    stopHeartbeat();
    nextTry = options.now() + options.retryMs;
    options.onListening(false);
    if (error) options.onError?.(error);
    which.end().catch(() => {});
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel === REVOCATION_CHANNEL && message.payload) options.onRevoked(message.payload);
      if (message.channel === SCHEMA_CHANNEL) options.onSchemaChanged?.();
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${REVOCATION_CHANNEL}; LISTEN ${SCHEMA_CHANNEL}`);
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
    options.onSchemaChanged?.();
    beatLater(next);
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
      stopHeartbeat();
      const current = client;
      client = null;
      if (current) options.onListening(false);
      await current?.end().catch(() => {});
    },
  };
}
