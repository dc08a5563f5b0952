import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { listeningIs } from '../../../test/session-listening';
import { startSilentProxy } from '../../../test/silent-proxy';
import { createTestDb } from '../../../test/test-db';
import { createDb, type Db } from '../../db/database';
import { SCHEMA_CHANNEL } from '../../db/prepared-statements';
import { createSessionService } from './session.service';
import type { HeartbeatTimers } from './session-revocations';

/**
 * The revocation listener's heartbeat (decision 76): its connection goes through a proxy that can go
 * silent, the heartbeat's timers are fired by the test, and the sessions' clock is the test's.
 */

/** Timers that run only when the test fires them. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  let scheduled = 0;
  const timers: HeartbeatTimers = {
    setTimeout: (run) => {
      scheduled++;
      pending.set(++next, run);
      return next;
    },
    clearTimeout: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    /** How many timers were ever set. */
    get scheduled() {
      return scheduled;
    },
    /** Runs what is due now (the beat, or the wait for its answer). */
    fire(): void {
      const due = [...pending.values()];
      pending.clear();
      for (const run of due) run();
    },
  };
}

let db: Db;
/** The test database's URL, pointed at the proxy. */
let proxied: string;
let drop: () => Promise<void>;
let proxy: Awaited<ReturnType<typeof startSilentProxy>>;
beforeAll(async () => {
  const test = await createTestDb();
  db = test.db;
  drop = test.drop;
  const url = new URL(test.url);
  proxy = await startSilentProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.port = String(proxy.port);
  proxied = url.toString();
});
afterAll(async () => {
  await proxy?.close();
  await drop?.();
});

it('a listener that stops answering its heartbeat turns the cache off until it listens again', async () => {
  const clock = { at: Date.now() };
  const beats = manualTimers();
  const states: boolean[] = [];
  const sessions = createSessionService(db, {
    absoluteDays: 30,
    now: () => clock.at,
    cache: { seconds: 30, databaseUrl: proxied, heartbeatTimers: beats.timers },
  });
  sessions.onListening((listening) => states.push(listening));
  const listening = (value: boolean) => listeningIs(sessions, value);
  try {
    const memberId = await makeMember(db, 'beat');
    const token = await sessions.create(memberId, { ip: '127.0.0.1', userAgent: 'test' });
    const read = () => sessions.resolve(token, { cached: true });
    expect(await read()).not.toBeNull();
    await listening(true);
    expect(await read()).not.toBeNull();
    expect(sessions.cachedSessions).toBe(1);

    // A healthy connection answers its beat: still listening, and the next beat armed (the third timer:
    // the first beat, the wait for its answer, the next beat).
    expect(beats.scheduled).toBe(1);
    beats.fire();
    await new Promise<void>((resolve) => {
      const check = () => (beats.scheduled === 3 ? resolve() : setImmediate(check));
      check();
    });
    expect(sessions.cacheListening).toBe(true);
    expect(sessions.cachedSessions).toBe(1);

    // The path goes silent: the beat's answer never comes, and its wait runs out.
    proxy.silence();
    beats.fire(); // the beat: SELECT 1 sent into the void
    expect(sessions.cacheListening).toBe(true);
    beats.fire(); // its answer is overdue
    expect(sessions.cacheListening).toBe(false);
    expect(sessions.cachedSessions).toBe(0);

    // Ended with the triggers off (a revocation nobody hears): the database is asked, and says no.
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('sessions')
        .set({ ended_at: new Date() })
        .where('member_id', '=', memberId)
        .execute();
    });
    expect(await read()).toBeNull();

    // 5 s later on the sessions' clock a read listens again, through a path that works.
    const other = await sessions.create(memberId, { ip: '127.0.0.1', userAgent: 'test' });
    clock.at += 5_000;
    const up = listening(true);
    expect(await sessions.resolve(other, { cached: true })).not.toBeNull();
    await up;
    expect(await sessions.resolve(other, { cached: true })).not.toBeNull();
    expect(sessions.cachedSessions).toBe(1);
    expect(states).toEqual([true, false, true]);
  } finally {
    await sessions.close();
  }
});

it('a schema change announced by another process reaches the pool before its next transaction', async () => {
  const live = createDb(proxied, 1, 100);
  let heard: () => void = () => {};
  const sessions = createSessionService(live.db, {
    absoluteDays: 30,
    cache: {
      seconds: 30,
      databaseUrl: proxied,
      heartbeatTimers: manualTimers().timers,
      onSchemaChanged: () => {
        live.statements.schemaChanged();
        heard();
      },
    },
  });
  const next = () =>
    new Promise<void>((resolve) => {
      heard = resolve;
    });
  try {
    const listening = next(); // listening starts with a schema change assumed (one may have been missed)
    const memberId = await makeMember(db, 'schema');
    const token = await sessions.create(memberId, { ip: '127.0.0.1', userAgent: 'test' });
    expect(await sessions.resolve(token, { cached: true })).not.toBeNull();
    await listening;

    await sql`CREATE TABLE announced (a int NOT NULL)`.execute(db);
    await sql`INSERT INTO announced (a) VALUES (1)`.execute(db);
    const read = (on: Db) => sql`SELECT * FROM announced WHERE a = ${1}`.execute(on);
    expect((await read(live.db)).rows).toEqual([{ a: 1 }]); // prepared on the pool's one connection

    // Another process migrates and announces it, as connect.ts does.
    const announced = next();
    await sql`ALTER TABLE announced ADD COLUMN b int NOT NULL DEFAULT 2`.execute(db);
    await sql`SELECT pg_notify(${SCHEMA_CHANNEL}, '')`.execute(db);
    await announced;
    // Inside a transaction a stale statement cannot be run again: it must not be used in the first place.
    const inside = await live.db.transaction().execute((trx) => read(trx));
    expect(inside.rows).toEqual([{ a: 1, b: 2 }]);
  } finally {
    await sessions.close();
    await live.db.destroy();
  }
});
