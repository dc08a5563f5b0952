import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMember } from '../../test/fixtures';
import { createTestDb } from '../../test/test-db';
import type { Db } from '../db/database';
import { accessPlugin } from './access';
import { registerErrorHandler } from './error-handler';
import { AppError } from './errors';
import { derivedUuid, idempotencyPlugin, idempotentId, requestHash } from './idempotency';
import { lockKeyOf } from './session-locks';

let db: Db;
let url: string;
let drop: () => Promise<void>;
let app: FastifyInstance;
let alice: string;
let bob: string;
/** How often the handler ran. */
let calls = 0;
/** While a test holds this, the handler waits on it: a request still running, for as long as the test needs. */
let inFlight: Promise<void> | undefined;

beforeAll(async () => {
  ({ db, url, drop } = await createTestDb());
  alice = await makeMember(db, 'idemalice');
  bob = await makeMember(db, 'idembob');
  const tokens: Record<string, string> = { 'token-alice': alice, 'token-bob': bob };
  app = Fastify();
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(accessPlugin, {
    sessions: {
      resolve: async (token) =>
        tokens[token] ? { sessionId: `s-${token}`, memberId: tokens[token], role: 'member' as const } : null,
    },
  });
  await app.register(idempotencyPlugin, { db, databaseUrl: url });
  app.post('/api/pay', { config: { access: 'member', idempotent: true } }, async (request) => {
    calls++;
    await inFlight;
    const body = request.body as { amount: string; outcome?: 'refuse' | 'crash' };
    if (body.outcome === 'refuse') throw new AppError('MEMBER_NOT_FOUND', 'No such recipient');
    if (body.outcome === 'crash') throw new Error('database went away');
    return {
      paid: body.amount,
      run: calls,
      transferId: idempotentId(request, 'main'),
      takenOver: request.idempotency?.takenOver ?? null,
    };
  });
  app.post('/api/plain', { config: { access: 'member' } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});
beforeEach(() => {
  calls = 0;
  inFlight = undefined;
});

let keySeq = 0;
const freshKey = () => `key-${Date.now()}-${++keySeq}`;

function pay(
  body: Record<string, unknown>,
  key: string | undefined,
  token = 'token-alice',
  url = '/api/pay',
) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
}

/**
 * Sends `count` copies of one request at once with the handler held: whichever runs it stays in flight until
 * every other copy has been answered, then finishes. The overlap is made, not hoped for from a pause.
 */
async function whileOneRuns(count: number, send: () => ReturnType<typeof pay>) {
  let release = () => {};
  inFlight = new Promise((resolve) => {
    release = resolve;
  });
  let answered = 0;
  const replies = Array.from({ length: count }, () => send().finally(() => answered++));
  try {
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(count - 1), { timeout: 10_000 });
  } finally {
    inFlight = undefined;
    release();
  }
  return Promise.all(replies);
}

describe('Idempotency-Key', () => {
  it('the same key twice runs the handler once and answers the same both times', async () => {
    const key = freshKey();
    const first = await pay({ amount: '20.5', note: { a: 1, b: 2 } }, key);
    // the same body with its keys in another order is the same request
    const again = await pay({ note: { b: 2, a: 1 }, amount: '20.5' }, key);
    expect(calls).toBe(1);
    expect(first.statusCode).toBe(200);
    expect([again.statusCode, again.body]).toEqual([200, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('the same key with another body or URL is refused with 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = freshKey();
    await pay({ amount: '1' }, key);
    const other = await pay({ amount: '2' }, key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const otherUrl = await pay({ amount: '1' }, key, 'token-alice', '/api/pay?to=bob');
    expect([otherUrl.statusCode, otherUrl.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(calls).toBe(1);
  });

  it('a missing or malformed key is refused with 400 IDEMPOTENCY_KEY_REQUIRED before the handler runs', async () => {
    for (const key of [undefined, '', 'has space', 'ünïcode', 'x'.repeat(101)]) {
      const reply = await pay({ amount: '1' }, key);
      expect([key, reply.statusCode, reply.json().code]).toEqual([key, 400, 'IDEMPOTENCY_KEY_REQUIRED']);
    }
    expect((await pay({ amount: '1' }, 'A-z_0'.padEnd(100, '9'))).statusCode).toBe(200);
    expect(calls).toBe(1);
    // routes that did not opt in need no key
    expect((await pay({}, undefined, 'token-alice', '/api/plain')).statusCode).toBe(200);
  });

  it('two requests with the same key at once: one runs (200), the other is told it is in progress (409)', async () => {
    const key = freshKey();
    const replies = await whileOneRuns(2, () => pay({ amount: '5' }, key));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(calls).toBe(1);
    // once it has finished, a retry gets the stored answer
    const later = await pay({ amount: '5' }, key);
    expect([later.statusCode, later.body]).toEqual([200, replies.find((r) => r.statusCode === 200)?.body]);
  });

  it('a 5xx releases the key: the retry runs the handler again', async () => {
    const key = freshKey();
    const crashed = await pay({ amount: '5', outcome: 'crash' }, key);
    expect([crashed.statusCode, crashed.json().code]).toEqual([500, 'INTERNAL']);
    const stored = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(stored).toEqual([]);
    const retried = await pay({ amount: '5', outcome: 'crash' }, key);
    expect(retried.statusCode).toBe(500);
    expect(calls).toBe(2);
  });

  it('a business refusal (4xx) is stored: the retry gets the same refusal without running again', async () => {
    const key = freshKey();
    const refused = await pay({ amount: '5', outcome: 'refuse' }, key);
    expect([refused.statusCode, refused.json().code]).toEqual([404, 'MEMBER_NOT_FOUND']);
    const again = await pay({ amount: '5', outcome: 'refuse' }, key);
    expect([again.statusCode, again.body, again.headers['idempotent-replayed']]).toEqual([
      404,
      refused.body,
      'true',
    ]);
    expect(calls).toBe(1);
  });

  it('keys belong to one member: another member may use the same key for their own request', async () => {
    const key = freshKey();
    const mine = await pay({ amount: '1' }, key, 'token-alice');
    const theirs = await pay({ amount: '2' }, key, 'token-bob');
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().paid).toBe('2');
    expect(calls).toBe(2);
    // the transfer id derived from the key differs per member, and is stable per member and key
    expect(theirs.json().transferId).not.toBe(mine.json().transferId);
    expect((await pay({ amount: '1' }, key, 'token-alice')).json().transferId).toBe(mine.json().transferId);
    expect(mine.json().transferId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  /** Of concurrent retries: how many ran the handler, and whether every other one was told 409 or replayed. */
  function outcomes(replies: Awaited<ReturnType<typeof pay>>[]) {
    const ran = replies.filter((r) => r.statusCode === 200 && r.headers['idempotent-replayed'] !== 'true');
    const others = replies.filter((r) => !ran.includes(r));
    const fine = others.every(
      (r) =>
        (r.statusCode === 409 && r.json().code === 'IDEMPOTENCY_IN_PROGRESS') ||
        (r.statusCode === 200 && r.body === ran[0]?.body),
    );
    return { ran: ran.length, others: fine ? 'in progress or replayed' : others.map((r) => r.body) };
  }

  /** The row a process leaves when it dies while running a key: 'running', with nobody holding its lock. */
  async function leftRunning(key: string, body: Record<string, unknown>) {
    await db
      .insertInto('idempotency_keys')
      .values({
        member_id: alice,
        key,
        request_hash: requestHash('POST', '/api/pay', body),
        status: 'running',
        owner: randomUUID(),
      })
      .execute();
  }

  it('a key left running by a process that died is taken over by the first retry, at once', async () => {
    const key = freshKey();
    await leftRunning(key, { amount: '9' });
    const retry = await pay({ amount: '9' }, key);
    expect([retry.statusCode, calls, retry.json().takenOver]).toEqual([200, 1, true]);
    // the same transfer id as the dead attempt had: the ledger moves the money once whichever attempt ran
    expect(retry.json().transferId).toBe(derivedUuid(alice, key, 'main'));
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect([row.status, row.response_status, row.response_body]).toEqual(['done', 200, retry.body]);
    // and from then on it is an ordinary finished key
    const again = await pay({ amount: '9' }, key);
    expect([again.statusCode, again.headers['idempotent-replayed'], calls]).toEqual([200, 'true', 1]);
    // a dead attempt's key with another body is still refused, not taken over
    const other = freshKey();
    await leftRunning(other, { amount: '9' });
    const reused = await pay({ amount: '10' }, other);
    expect([reused.statusCode, reused.json().code, calls]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED', 1]);
  });

  it('a key whose owner is alive in another process (it holds the lock) answers 409 until that process ends', async () => {
    const key = freshKey();
    await leftRunning(key, { amount: '7' });
    // Another API process, alive and running the request: it holds the key's session lock.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('SELECT pg_advisory_lock($1::bigint)', [
      lockKeyOf('idempotency', alice, key).toString(),
    ]);
    const meanwhile = await Promise.all([pay({ amount: '7' }, key), pay({ amount: '7' }, key)]);
    expect(meanwhile.map((r) => [r.statusCode, r.json().code])).toEqual([
      [409, 'IDEMPOTENCY_IN_PROGRESS'],
      [409, 'IDEMPOTENCY_IN_PROGRESS'],
    ]);
    expect(calls).toBe(0);
    // That process dies: PostgreSQL ends its session, and with it the lock. The next retry runs, once.
    await other.end();
    const retries = await whileOneRuns(2, () => pay({ amount: '7' }, key));
    expect(calls).toBe(1);
    expect(outcomes(retries)).toEqual({ ran: 1, others: 'in progress or replayed' });
  });

  it('N concurrent retries of a dead key run it exactly once', async () => {
    const key = freshKey();
    await leftRunning(key, { amount: '3' });
    const replies = await whileOneRuns(12, () => pay({ amount: '3' }, key));
    expect(calls).toBe(1);
    expect(outcomes(replies)).toEqual({ ran: 1, others: 'in progress or replayed' });
  });

  it('a finished request frees its lock; a replay takes no lock it keeps', async () => {
    const key = freshKey();
    await pay({ amount: '4' }, key);
    await pay({ amount: '4' }, key);
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    const { rows } = await probe.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
      lockKeyOf('idempotency', alice, key).toString(),
    ]);
    await probe.end();
    expect(rows[0]?.ok).toBe(true);
  });

  it('an idempotent route must be for signed-in callers', async () => {
    const bare = Fastify();
    await bare.register(fastifyCookie);
    await bare.register(accessPlugin, { sessions: { resolve: async () => null } });
    await bare.register(idempotencyPlugin, { db, databaseUrl: url });
    expect(() =>
      bare.post('/api/open', { config: { access: 'public', idempotent: true } }, async () => ({})),
    ).toThrow(/signed-in caller/);
    await bare.close();
  });
});
