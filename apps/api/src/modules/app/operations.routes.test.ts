import { Paths, type TErrorBody, type TReadiness } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { createHeartbeat } from '../../platform/heartbeat';

let t: TestApp;
let prod: TestApp;
const TOKEN = 'metrics-token-0123456789';

beforeAll(async () => {
  t = await createTestApp();
  // Production-like: METRICS_TOKEN set. MASTER_KEY is required there.
  prod = await createTestApp({
    NODE_ENV: 'production',
    MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    METRICS_TOKEN: TOKEN,
  });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('/api/ready', () => {
  it('answers 503 naming the bot worker when no worker has a heartbeat', async () => {
    await t.db.deleteFrom('worker_heartbeats').execute();
    const r = await get(t, Paths.ready, {}, '10.0.0.9');
    expect(r.statusCode).toBe(503);
    const body = r.json<TReadiness>();
    expect(body.status).toBe('not_ready');
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.migrations).toEqual({ ok: true });
    expect(body.checks.botWorker?.ok).toBe(false);
    expect(body.checks.botWorker?.detail).toMatch(/no bot worker/);
  });

  it('answers 200 when every check passes (a worker beat just now)', async () => {
    await createHeartbeat({ db: t.db, owner: 'test:1', kind: 'bot_worker' }).beat();
    const r = await get(t, Paths.ready, {}, '10.0.0.9');
    expect(r.statusCode).toBe(200);
    expect(r.json<TReadiness>()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, migrations: { ok: true }, botWorker: { ok: true } },
    });
  });

  it('names a stale heartbeat', async () => {
    await t.db
      .updateTable('worker_heartbeats')
      .set({ beat_at: sql<Date>`now() - interval '2 minutes'` })
      .execute();
    const r = await get(t, Paths.ready);
    expect(r.statusCode).toBe(503);
    expect(r.json<TReadiness>().checks.botWorker?.detail).toMatch(/last bot worker heartbeat 1\d\d s ago/);
    await t.db.updateTable('worker_heartbeats').set({ beat_at: sql<Date>`now()` }).execute();
  });

  it('names a pending migration', async () => {
    const [last] = await sql<{ name: string; timestamp: string }>`
      DELETE FROM kysely_migration WHERE name = '0034-worker-heartbeats' RETURNING name, timestamp`
      .execute(t.db)
      .then((r) => r.rows);
    try {
      const r = await get(t, Paths.ready);
      expect(r.statusCode).toBe(503);
      const body = r.json<TReadiness>();
      expect(body.checks.migrations).toEqual({ ok: false, detail: 'pending: 0034-worker-heartbeats' });
      expect(body.checks.database).toEqual({ ok: true });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last!.name}, ${last!.timestamp})`.execute(
        t.db,
      );
    }
    expect((await get(t, Paths.ready)).statusCode).toBe(200);
  });

  it('keeps liveness apart: /api/health answers while the worker is missing', async () => {
    await t.db.deleteFrom('worker_heartbeats').execute();
    const r = await get(t, Paths.health, {}, '10.0.0.9');
    expect(r.statusCode).toBe(200);
    expect((await get(t, Paths.ready)).statusCode).toBe(503);
  });
});

describe('/api/metrics', () => {
  it('counts requests by route pattern, method and status class, never the raw URL', async () => {
    await get(t, '/api/news/12345', {}, '10.0.0.9');
    await get(t, Paths.health, {}, '10.0.0.9');
    const r = await get(t, Paths.metrics);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    expect(r.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} [1-9]/,
    );
    expect(r.body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health"/,
    );
    expect(r.body).not.toContain('12345');
    expect(r.body).toMatch(/db_pool_connections|process_cpu_user_seconds_total/);
  });

  it('counts ledger transfers after a member transfer', async () => {
    const before = /ledger_transfers_total (\d+)/.exec((await get(t, Paths.metrics)).body)?.[1];
    await givePayPassword(t.db, 'alice01');
    const alice = new Client(t.app);
    await alice.login('alice01');
    const moved = await alice.move('/api/wallet/transfer', {
      to: 'bobby01',
      currency: 'USDT',
      fromWallet: 'funds',
      toWallet: 'funds',
      amount: '1.5',
      password: await alice.seal(PAY_PASSWORD),
    });
    expect(moved.status).toBe(200);
    const after = /ledger_transfers_total (\d+)/.exec((await get(t, Paths.metrics)).body)?.[1];
    expect(Number(after)).toBeGreaterThan(Number(before ?? 0));
  });

  it('outside production answers loopback clients only, and not through a proxy', async () => {
    expect((await get(t, Paths.metrics, {}, '10.0.0.9')).statusCode).toBe(404);
    expect((await get(t, Paths.metrics, { 'x-forwarded-for': '8.8.8.8' })).statusCode).toBe(404);
  });

  it('in production with METRICS_TOKEN answers the bearer of the token only', async () => {
    expect((await get(prod, Paths.metrics, {}, '10.0.0.9')).statusCode).toBe(404);
    // Loopback alone is not enough once a token is set: a proxy on the same host would open it to all.
    expect((await get(prod, Paths.metrics)).statusCode).toBe(404);
    expect(
      (await get(prod, Paths.metrics, { authorization: 'Bearer wrong-token-0123456789' })).statusCode,
    ).toBe(404);
    const ok = await get(prod, Paths.metrics, { authorization: `Bearer ${TOKEN}` }, '10.0.0.9');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });
});

describe('request ids', () => {
  it('come back as X-Request-Id on every answer and as requestId in every error body', async () => {
    const ok = await get(t, Paths.health, {}, '10.0.0.9');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await get(t, '/api/no-such-route', {}, '10.0.0.9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<TErrorBody>().requestId).toBe(missing.headers['x-request-id']);
    const refused = await get(t, '/api/wallet', {}, '10.0.0.9');
    expect(refused.statusCode).toBe(401);
    expect(refused.json<TErrorBody>().requestId).toBe(refused.headers['x-request-id']);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 1 },
      headers: { origin: 'http://platform.test' },
      remoteAddress: '10.0.0.9',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<TErrorBody>().requestId).toBe(invalid.headers['x-request-id']);
    expect(new Set([ok, missing, refused, invalid].map((r) => r.headers['x-request-id'])).size).toBe(4);
  });

  it('keep a short, safe incoming X-Request-Id and replace any other', async () => {
    const kept = await get(t, '/api/nothing-here', { 'x-request-id': 'lb-7f3a.01:x_y' }, '10.0.0.9');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.01:x_y');
    expect(kept.json<TErrorBody>().requestId).toBe('lb-7f3a.01:x_y');
    for (const bad of ['a'.repeat(65), 'two words', 'semi;colon', 'new\tline', '<script>']) {
      const r = await get(t, '/api/nothing-here', { 'x-request-id': bad }, '10.0.0.9');
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.json<TErrorBody>().requestId).toBe(r.headers['x-request-id']);
    }
  });

  it('appear in the log lines of the request', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (l) => lines.push(l) } });
    try {
      const r = await get(logged, Paths.health, { 'x-request-id': 'trace-me-42' }, '10.0.0.9');
      expect(r.statusCode).toBe(200);
      const mine = lines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'trace-me-42');
      expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    } finally {
      await logged.close();
    }
  });
});
