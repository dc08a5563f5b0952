import { type TLiveEvent, ZLiveEvent } from '@app/contracts';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { AnyDb } from '../db/tables';

/** Who receives an event: one member's streams, every admin's, or every open stream. */
export type LiveAudience = { memberId: string } | { admins: true } | { everyone: true };

/** One open event stream of a signed-in session. */
export interface LiveSubscriber {
  memberId: string;
  /** Admins also receive the events sent to `{ admins: true }`. */
  admin: boolean;
  send: (event: TLiveEvent) => void;
  /** The listener stopped (lost database connection, or shutdown): end the stream. */
  end: () => void;
}

const CHANNEL = 'live_events';
const ADMINS = 'admins';

// The NOTIFY payload: the audience flattened to one key, and the event.
const ZEnvelope = z.object({ to: z.string(), event: ZLiveEvent });
type Envelope = z.infer<typeof ZEnvelope>;

function keyOf(audience: LiveAudience): string {
  if ('memberId' in audience) return `member:${audience.memberId}`;
  if ('admins' in audience) return ADMINS;
  return 'everyone';
}

/**
 * Live events across API processes through PostgreSQL's LISTEN/NOTIFY.
 *
 * `publish` sends `pg_notify` in the caller's transaction: PostgreSQL delivers it only when that transaction
 * commits, so a stream never announces a change that was rolled back or is not yet visible to the refetch it
 * triggers. Each process holds ONE connection that LISTENs and fans events out to its open streams.
 *
 * When that connection drops, every stream is ended: the browsers reconnect (EventSource retries) and
 * refetch what they show, which covers the events missed meanwhile; the first new stream connects again.
 */
export function createLiveEvents(options: { databaseUrl: string; onError?: (error: Error) => void }) {
  const subscribers = new Map<string, Set<LiveSubscriber>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  function deliver(envelope: Envelope): void {
    const targets =
      envelope.to === 'everyone'
        ? [...subscribers].filter(([key]) => key !== ADMINS).flatMap(([, set]) => [...set])
        : [...(subscribers.get(envelope.to) ?? [])];
    for (const subscriber of targets) {
      try {
        subscriber.send(envelope.event);
      } catch (error) {
        // A stream that cannot be written to is gone; its close handler unsubscribes it.
        options.onError?.(error as Error);
      }
    }
  }

  function endAll(): void {
    const all = new Set([...subscribers.values()].flatMap((set) => [...set]));
    subscribers.clear();
    for (const subscriber of all) subscriber.end();
  }

  function lost(lostClient: pg.Client, error?: Error): void {
    if (client !== lostClient) return;
    client = null;
    if (error) options.onError?.(error);
    lostClient.end().catch(() => {});
    endAll();
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let parsed: ReturnType<typeof ZEnvelope.safeParse>;
      try {
        parsed = ZEnvelope.safeParse(JSON.parse(message.payload));
      } catch (error) {
        options.onError?.(error as Error);
        return;
      }
      if (parsed.success) deliver(parsed.data);
      else options.onError?.(new Error(`live event not understood: ${parsed.error.message}`));
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  /** Resolves once this process LISTENs (connecting first when needed). */
  function listening(): Promise<void> {
    if (client) return Promise.resolve();
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  function add(key: string, subscriber: LiveSubscriber): void {
    const set = subscribers.get(key) ?? new Set();
    set.add(subscriber);
    subscribers.set(key, set);
  }

  function remove(key: string, subscriber: LiveSubscriber): void {
    const set = subscribers.get(key);
    set?.delete(subscriber);
    if (set?.size === 0) subscribers.delete(key);
  }

  return {
    /** Sends the event to the audience when `trx` commits (at once when `trx` is not a transaction). */
    publish: async (trx: AnyDb, audience: LiveAudience, event: TLiveEvent): Promise<void> => {
      const payload: Envelope = { to: keyOf(audience), event };
      await sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`.execute(trx);
    },

    /** Sends many events in one statement (a watcher's range of deposits), each when `trx` commits. */
    publishMany: async (
      trx: AnyDb,
      items: readonly { audience: LiveAudience; event: TLiveEvent }[],
    ): Promise<void> => {
      if (items.length === 0) return;
      const payloads = items.map((i) =>
        JSON.stringify({ to: keyOf(i.audience), event: i.event } satisfies Envelope),
      );
      await sql`SELECT pg_notify(${CHANNEL}, p) FROM unnest(${payloads}::text[]) AS p`.execute(trx);
    },

    /** Resolves once this process LISTENs, connecting first when needed; rejects when it cannot. */
    ready: (): Promise<void> => (closed ? Promise.reject(new Error('live events are closed')) : listening()),

    /**
     * Delivers the member's (and, for an admin, the admins') events to the subscriber until the returned
     * unsubscribe. Call after `ready()`, so nothing committed after it is missed; without a listening
     * connection the subscriber is ended at once (its client reconnects and tries again).
     */
    subscribe: (subscriber: LiveSubscriber): (() => void) => {
      if (closed || !client) {
        subscriber.end();
        return () => {};
      }
      const keys = [`member:${subscriber.memberId}`, ...(subscriber.admin ? [ADMINS] : [])];
      for (const key of keys) add(key, subscriber);
      return () => {
        for (const key of keys) remove(key, subscriber);
      };
    },

    /** Open streams in this process. */
    get listeners(): number {
      return new Set([...subscribers.values()].flatMap((set) => [...set])).size;
    },

    /** Ends every stream (first, so the server can close) and the LISTEN connection. */
    close: async (): Promise<void> => {
      closed = true;
      endAll();
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;
