import type { TLiveEvent, TNotificationPage, TUnreadCount } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { Client, createTestApp, ORIGIN, type TestApp } from '../../../test/test-app';
import { createLiveEvents, type LiveEvents } from '../../platform/live-events';
import { createNotificationService, type NotificationService } from './notifications.service';

let t: TestApp;
let live: LiveEvents;
let notifications: NotificationService;
let alice: Client;
let bobby: Client;
let bobbyId: string;
let aliceId: string;
let address: string;

beforeAll(async () => {
  t = await createTestApp();
  // The service other modules receive, on the same database: what it stores, the app's routes show.
  live = createLiveEvents({ databaseUrl: t.databaseUrl });
  notifications = createNotificationService({ db: t.db, live });
  alice = new Client(t.app);
  aliceId = (await alice.login('alice01')).userid;
  bobby = new Client(t.app);
  bobbyId = (await bobby.login('bobby01')).userid;
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await live?.close();
  await t?.close();
});

const notify = (memberId: string, reason = 'blurry picture') =>
  t.db.transaction().execute((trx) =>
    notifications.notify(trx, {
      memberId,
      kind: 'kyc_rejected',
      params: { reason },
      link: '/pages/home/home',
    }),
  );
const list = (client: Client) => client.get<TNotificationPage>('/api/notifications');
const unread = async (client: Client) =>
  (await client.get<TUnreadCount>('/api/notifications/unread-count')).body.count;

/** Reads a real SSE connection's events as they come. */
async function openStream(client: Client) {
  const controller = new AbortController();
  const response = await fetch(`${address}/api/events`, {
    headers: { cookie: `__Host-sid=${client.cookie}` },
    signal: controller.signal,
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const events: Array<{ type: string; data: TLiveEvent }> = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const type = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (type && data) events.push({ type, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    response,
    events,
    get ended() {
      return ended;
    },
    /** Waits until `count` events have come, or gives up after `ms`. */
    async waitFor(count: number, ms = 3_000) {
      await waitUntil(() => events.length >= count, ms);
      return events;
    },
    /**
     * Proves no event for `memberId` is still on its way, without waiting a guessed time: a marker published
     * now, outside any transaction, arrives after everything committed before it (PostgreSQL delivers
     * notifications in commit order). Once it has come it is taken out again.
     */
    async caughtUp(memberId: string) {
      const enquiryId = `marker-${++markers}`;
      const isMarker = (e: { data: TLiveEvent }) =>
        e.data.type === 'enquiry' && e.data.enquiryId === enquiryId;
      await live.publish(t.db, { memberId }, { type: 'enquiry', enquiryId });
      await waitUntil(() => events.some(isMarker), 3_000);
      expect(events.some(isMarker)).toBe(true);
      events.splice(events.findIndex(isMarker), 1);
    },
    /** Resolves once the server has ended the stream. */
    finished: pump,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}

let markers = 0;

/** Polls `done` until it holds or `ms` have passed: a wait for a signal, never a guessed pause. */
async function waitUntil(done: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
}

describe('every notifications endpoint refuses a visitor without a session', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications/unread-count'],
    ['POST', '/api/notifications/1/read'],
    ['POST', '/api/notifications/read-all'],
    ['GET', '/api/events'],
  ] as const)('%s %s -> 401', async (method, url) => {
    const reply = await t.app.inject({ method, url, headers: { origin: ORIGIN } });
    expect([reply.statusCode, reply.json().code]).toEqual([401, 'SESSION_INVALID']);
  });
});

describe('personal notifications', () => {
  it('are listed newest first with their params and link, and counted as unread', async () => {
    const before = await unread(alice);
    await notify(aliceId, 'first');
    await notify(aliceId, 'second');
    const page = await list(alice);
    expect(page.status).toBe(200);
    expect(page.body.items.slice(0, 2)).toMatchObject([
      { kind: 'kyc_rejected', params: { reason: 'second' }, link: '/pages/home/home', read: false },
      { kind: 'kyc_rejected', params: { reason: 'first' }, read: false },
    ]);
    expect(await unread(alice)).toBe(before + 2);
    // Not bobby's.
    expect((await list(bobby)).body.items.some((n) => n.params.reason === 'first')).toBe(false);
  });

  it('are marked read one at a time (twice is harmless), or all at once', async () => {
    await notify(aliceId);
    const [newest] = (await list(alice)).body.items;
    const before = await unread(alice);
    const read = await alice.post(`/api/notifications/${newest?.id}/read`);
    expect([read.status, read.body]).toEqual([200, { ok: true }]);
    expect((await alice.post(`/api/notifications/${newest?.id}/read`)).status).toBe(200);
    expect(await unread(alice)).toBe(before - 1);
    expect((await list(alice)).body.items[0]).toMatchObject({ id: newest?.id, read: true });

    expect((await alice.post('/api/notifications/read-all')).status).toBe(200);
    expect(await unread(alice)).toBe(0);
    expect((await list(alice)).body.items.every((n) => n.read)).toBe(true);
  });

  it("another member's notification cannot be marked read: 404, and it stays unread", async () => {
    await notify(aliceId, 'private');
    const [mine] = (await list(alice)).body.items;
    const theft = await bobby.post(`/api/notifications/${mine?.id}/read`);
    expect([theft.status, theft.body.code]).toEqual([404, 'NOTIFICATION_NOT_FOUND']);
    const none = await bobby.post('/api/notifications/999999999/read');
    expect([none.status, none.body.code]).toEqual([404, 'NOTIFICATION_NOT_FOUND']);
    const malformed = await bobby.post('/api/notifications/abc/read');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await list(alice)).body.items[0]).toMatchObject({ id: mine?.id, read: false });
    const reads = await t.db
      .selectFrom('notification_reads')
      .select('member_id')
      .where('notification_id', '=', mine?.id ?? '0')
      .execute();
    expect(reads).toEqual([]);
  });

  it('pages as the list expects: pageSize items, then the rest', async () => {
    const carol = new Client(t.app);
    const carolId = (await carol.login('carol01')).userid;
    for (const reason of ['1', '2', '3']) await notify(carolId, reason);
    const first = await carol.get<TNotificationPage>('/api/notifications?page=1&pageSize=2');
    const second = await carol.get<TNotificationPage>('/api/notifications?page=2&pageSize=2');
    expect(first.body).toMatchObject({ page: 1, pageSize: 2 });
    expect(first.body.items.map((n) => n.params.reason)).toEqual(['3', '2']);
    expect(second.body.items.map((n) => n.params.reason)).toEqual(['1']);
    const tooBig = await carol.get('/api/notifications?pageSize=500');
    expect(tooBig.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuse a link that leaves the app', async () => {
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          notifications.notify(trx, { memberId: aliceId, kind: 'kyc_approved', link: '//evil.example' }),
        ),
    ).rejects.toThrow(/check constraint/);
  });
});

describe('broadcasts', () => {
  it('are stored once, counted once for each member and read separately by each', async () => {
    const lone = await makeMember(t.db, 'lone');
    await t.db
      .transaction()
      .execute((trx) =>
        notifications.broadcast(trx, { kind: 'news', params: { title: 'Maintenance tonight' } }),
      );
    const rows = await t.db.selectFrom('notifications').selectAll().where('kind', '=', 'news').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.member_id).toBeNull();

    const aliceBefore = await unread(alice);
    const bobbyBefore = await unread(bobby);
    const [news] = (await list(alice)).body.items.filter((n) => n.kind === 'news');
    expect(news).toMatchObject({ params: { title: 'Maintenance tonight' }, read: false });

    expect((await alice.post(`/api/notifications/${news?.id}/read`)).status).toBe(200);
    expect(await unread(alice)).toBe(aliceBefore - 1);
    expect(await unread(bobby)).toBe(bobbyBefore);
    expect((await list(bobby)).body.items.find((n) => n.id === news?.id)).toMatchObject({ read: false });
    expect(await notifications.unreadCount(lone)).toBe(1);

    await bobby.post('/api/notifications/read-all');
    expect(await unread(bobby)).toBe(0);
    expect(await notifications.unreadCount(lone)).toBe(1);
  });
});

describe('live events', () => {
  it('tell the member over their event stream, only once the transaction commits', async () => {
    const stream = await openStream(alice);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const bobbyStream = await openStream(bobby);

    await t.db
      .transaction()
      .execute(async (trx) => {
        await notifications.notify(trx, { memberId: aliceId, kind: 'kyc_approved' });
        throw new Error('changed my mind');
      })
      .catch(() => {});
    await stream.caughtUp(aliceId);
    expect(stream.events).toEqual([]);

    let seenBeforeCommit = -1;
    await t.db.transaction().execute(async (trx) => {
      await notifications.notify(trx, { memberId: aliceId, kind: 'kyc_approved' });
      await stream.caughtUp(aliceId); // a marker sent on another connection overtakes the open transaction
      seenBeforeCommit = stream.events.length;
    });
    expect(seenBeforeCommit).toBe(0);
    expect(await stream.waitFor(1)).toEqual([{ type: 'notification', data: { type: 'notification' } }]);
    await bobbyStream.caughtUp(bobbyId);
    expect(bobbyStream.events).toEqual([]);
    await Promise.all([stream.close(), bobbyStream.close()]);
  });

  it('reach every open stream for a broadcast, and admins for the admin audience', async () => {
    const admin = new Client(t.app);
    await admin.loginAdmin();
    const [aliceStream, adminStream] = await Promise.all([openStream(alice), openStream(admin)]);
    await t.db
      .transaction()
      .execute((trx) => notifications.broadcast(trx, { kind: 'news', params: { title: 'x' } }));
    await live.publish(t.db, { admins: true }, { type: 'enquiry', enquiryId: '42' });
    expect(await aliceStream.waitFor(1)).toEqual([{ type: 'notification', data: { type: 'notification' } }]);
    expect(await adminStream.waitFor(2)).toEqual([
      { type: 'notification', data: { type: 'notification' } },
      { type: 'enquiry', data: { type: 'enquiry', enquiryId: '42' } },
    ]);
    await aliceStream.caughtUp(aliceId);
    expect(aliceStream.events).toHaveLength(1);
    await Promise.all([aliceStream.close(), adminStream.close()]);
  });

  it('end the streams when the LISTEN connection drops; the next stream connects again', async () => {
    const stream = await openStream(alice);
    await t.db
      .transaction()
      .execute((trx) => notifications.notify(trx, { memberId: aliceId, kind: 'kyc_approved' }));
    await stream.waitFor(1);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN live_events'`.execute(t.db);
    await stream.finished;
    expect(stream.ended).toBe(true);

    const again = await openStream(alice);
    expect(again.response.status).toBe(200);
    await t.db
      .transaction()
      .execute((trx) => notifications.notify(trx, { memberId: aliceId, kind: 'kyc_approved' }));
    expect(await again.waitFor(1)).toHaveLength(1);
    await again.close();
  });
});
