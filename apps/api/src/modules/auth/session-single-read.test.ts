import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { untilSomeoneWaitsForALock } from '../../../test/lock-waits';
import { listeningIs } from '../../../test/session-listening';
import { createTestDb } from '../../../test/test-db';
import { createDb, type Db } from '../../db/database';
import { createSessionService, type SessionService } from './session.service';

/**
 * Cached reads of one session that miss the cache together share one database read (decision 103). The
 * service runs on a pool of its own, whose checkouts count the statements it sends; the sessions' clock is
 * the test's.
 */

let db: Db;
let url: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const test = await createTestDb();
  ({ db, url, drop } = test);
});
afterAll(async () => {
  await drop?.();
});

/**
 * A session service with the cache on, on its own pool of 40, and the count of that pool's checkouts.
 * `listenAt`: where it listens for revocations (default the test database).
 */
async function counted(clock: { at: number }, listenAt = url) {
  const own = createDb(url, 40);
  let statements = 0;
  own.pool.on('acquire', () => statements++);
  const sessions = createSessionService(own.db, {
    absoluteDays: 30,
    now: () => clock.at,
    cache: { seconds: 30, databaseUrl: listenAt, onError: () => {} },
  });
  return {
    sessions,
    statements: () => statements,
    close: async () => {
      await sessions.close();
      await own.db.destroy();
    },
  };
}

/** Reads the token until the cache holds it (the first read starts the listener). */
async function cached(sessions: SessionService, token: string): Promise<void> {
  const listening = listeningIs(sessions, true);
  expect(await sessions.resolve(token, { cached: true })).not.toBeNull();
  await listening;
  expect(await sessions.resolve(token, { cached: true })).not.toBeNull();
  expect(sessions.cachedSessions).toBe(1);
}

const lastSeenOf = async (sessionId: string) =>
  (
    await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
  ).last_seen_at.getTime();

it('twenty reads that miss together ask the database once and touch the row once', async () => {
  const clock = { at: Date.now() };
  const service = await counted(clock);
  try {
    const token = await service.sessions.create(await makeMember(db, 'herd'), {
      ip: '127.0.0.1',
      userAgent: 't',
    });
    await cached(service.sessions, token);

    // A minute on: the entry has run out and the touch is due, for all twenty at once.
    clock.at += 61_000;
    const before = service.statements();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => service.sessions.resolve(token, { cached: true })),
    );
    const ids = new Set(answers.map((a) => a?.sessionId));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBeTruthy();
    expect(service.statements() - before).toBe(2); // the lookup and the touch
    expect(await lastSeenOf([...ids][0] as string)).toBe(clock.at);

    // The shared answer was kept: the next reads are the cache's.
    await Promise.all(Array.from({ length: 20 }, () => service.sessions.resolve(token, { cached: true })));
    expect(service.statements() - before).toBe(2);
  } finally {
    await service.close();
  }
});

it('a read that begins after a revocation asks the database itself', async () => {
  const clock = { at: Date.now() };
  const service = await counted(clock);
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    const memberId = await makeMember(db, 'herd');
    const token = await service.sessions.create(memberId, { ip: '127.0.0.1', userAgent: 't' });
    await cached(service.sessions, token);
    clock.at += 61_000;

    // The first read's touch waits behind this lock on the session row, so its answer is still to come.
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM sessions WHERE member_id = $1 FOR UPDATE', [memberId]);
    const first = service.sessions.resolve(token, { cached: true });
    await untilSomeoneWaitsForALock(db, 10_000, 1);

    // A revocation meanwhile (another member's sessions, ended by this process): a read from now on does
    // not take the answer read before it, but reads the session itself and reaches the touch too.
    const before = service.statements();
    await service.sessions.endAllOf(await makeMember(db, 'other'), 'test');
    const second = service.sessions.resolve(token, { cached: true });
    await untilSomeoneWaitsForALock(db, 10_000, 2);
    expect(service.statements() - before).toBe(3); // the revocation, the second lookup and its touch

    await holder.query('COMMIT');
    const [a, b] = await Promise.all([first, second]);
    expect(a?.memberId).toBe(memberId);
    expect(b?.memberId).toBe(memberId);
  } finally {
    await holder.end();
    await service.close();
  }
});

it('while revocations are not heard, every read asks the database itself', async () => {
  const clock = { at: Date.now() };
  // Nothing listens on port 1: the listener cannot connect, so the cache stays off.
  const service = await counted(clock, 'postgres://postgres@127.0.0.1:1/none');
  try {
    const token = await service.sessions.create(await makeMember(db, 'herd'), {
      ip: '127.0.0.1',
      userAgent: 't',
    });
    const before = service.statements();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => service.sessions.resolve(token, { cached: true })),
    );
    expect(answers.every((a) => a !== null)).toBe(true);
    expect(service.sessions.cacheListening).toBe(false);
    expect(service.statements() - before).toBe(20);
  } finally {
    await service.close();
  }
});
