import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeMember } from '../../test/fixtures';
import { createTestDb } from '../../test/test-db';
import type { Db } from '../db/database';
import { accessPlugin } from './access';
import { registerErrorHandler } from './error-handler';
import { AppError } from './errors';
import { idempotencyPlugin, idempotentId, requestHash } from './idempotency';

let db: Db;
let drop: () => Promise<void>;
let app: FastifyInstance;
let alice: string;
let bob: string;
/** How often the handler ran, and how long it takes. */
let calls = 0;
let delayMs = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
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
  await app.register(idempotencyPlugin, { db, staleAfterMs: 60_000 });
  app.post('/api/pay', { config: { access: 'member', idempotent: true } }, async (request) => {
    calls++;
    await sleep(delayMs);
    const body = request.body as { amount: string; outcome?: 'refuse' | 'crash' };
    if (body.outcome === 'refuse') throw new AppError('MEMBER_NOT_FOUND', 'No such recipient');
    if (body.outcome === 'crash') throw new Error('database went away');
    return { paid: body.amount, run: calls, transferId: idempotentId(request, 'main') };
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
  delayMs = 0;
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
    delayMs = 300;
    const key = freshKey();
    const replies = await Promise.all([pay({ amount: '5' }, key), pay({ amount: '5' }, key)]);
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

  it('a key left running by a process that died is taken over once stale, not before', async () => {
    const key = freshKey();
    const hash = requestHash('POST', '/api/pay', { amount: '9' });
    await db
      .insertInto('idempotency_keys')
      .values({ member_id: alice, key, request_hash: hash, status: 'running', owner: null })
      .execute();
    const early = await pay({ amount: '9' }, key);
    expect([early.statusCode, calls]).toEqual([409, 0]);
    await sql`UPDATE idempotency_keys SET claimed_at = now() - interval '61 seconds' WHERE key = ${key}`.execute(
      db,
    );
    const late = await pay({ amount: '9' }, key);
    expect([late.statusCode, calls]).toEqual([200, 1]);
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect([row.status, row.response_status, row.response_body]).toEqual(['done', 200, late.body]);
  });

  it('an idempotent route must be for signed-in callers', async () => {
    const bare = Fastify();
    await bare.register(fastifyCookie);
    await bare.register(accessPlugin, { sessions: { resolve: async () => null } });
    await bare.register(idempotencyPlugin, { db });
    expect(() =>
      bare.post('/api/open', { config: { access: 'public', idempotent: true } }, async () => ({})),
    ).toThrow(/signed-in caller/);
    await bare.close();
  });
});
