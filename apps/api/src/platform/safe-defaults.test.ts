import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, MASTER_KEY, type TestApp } from '../../test/test-app';
import { createTestDb } from '../../test/test-db';
import { demoMemberNames, seedDemo } from '../db/seed/demo';
import { assertSafeToListen, demoCredentialsInUse } from '../db/seed/demo-guard';
import { hashPassword } from '../modules/auth/password';
import { redactUrl } from './logger';
import { isLoopbackHost } from './loopback';

/** Log lines the app wrote, parsed. */
const logLines: Array<Record<string, unknown>> = [];
let dev: TestApp;
let production: TestApp;
beforeAll(async () => {
  [dev, production] = await Promise.all([
    createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
    ),
    createTestApp({ NODE_ENV: 'production', MASTER_KEY }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), production?.close()]);
});

function at(app: TestApp, ip: string): Client {
  const client = new Client(app.app);
  client.ip = ip;
  return client;
}

describe('the dev outbox: loopback clients only, never in production', () => {
  it('refuses (404) a client on another address, and a proxied one that merely arrives from loopback', async () => {
    const stranger = at(dev, '203.0.113.9');
    expect((await stranger.get('/api/dev/outbox')).status).toBe(404);
    expect(
      (await dev.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '203.0.113.9' })).statusCode,
    ).toBe(404);
    const proxied = await at(dev, '127.0.0.1').call('GET', '/api/dev/outbox', undefined, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(proxied.status).toBe(404);
    expect((await stranger.get<{ devOutbox: boolean }>('/api/app/info')).body.devOutbox).toBe(false);

    const here = at(dev, '127.0.0.1');
    expect((await here.get('/api/dev/outbox')).status).toBe(200);
    expect((await at(dev, '::1').get('/api/dev/outbox')).status).toBe(200);
    expect((await here.get<{ devOutbox: boolean }>('/api/app/info')).body.devOutbox).toBe(true);
  });

  it('does not exist in production, not even for loopback', async () => {
    const here = at(production, '127.0.0.1');
    expect((await here.get('/api/dev/outbox')).status).toBe(404);
    expect((await production.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    expect((await here.get<{ devOutbox: boolean }>('/api/app/info')).body.devOutbox).toBe(false);
  });
});

describe('the API docs in production are for admins only', () => {
  it('refuses a visitor (401) and a member (403) on the page and the document; an admin reads both', async () => {
    for (const url of ['/api/docs', '/api/docs/json']) {
      const visitor = at(production, '10.30.0.1');
      const anonymous = await visitor.get(url);
      expect([anonymous.status, anonymous.body.code], url).toEqual([401, 'SESSION_INVALID']);
      const member = at(production, '10.30.0.2');
      await member.login('alice01');
      const refused = await member.get(url);
      expect([refused.status, refused.body.code], url).toEqual([403, 'FORBIDDEN']);
      const admin = at(production, '10.30.0.3');
      await admin.loginStaff();
      const reply = await production.app.inject({
        method: 'GET',
        url,
        headers: { cookie: `__Host-sid=${admin.cookie}` },
        remoteAddress: '10.30.0.3',
      });
      expect(reply.statusCode, url).toBeLessThan(400);
    }
    // Outside production they stay open, as the http tests show.
    expect((await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('production refuses to listen publicly while a demo password still works', () => {
  it('names the demo accounts that still open with their published password, and lets loopback be', async () => {
    const { db, drop } = await createTestDb();
    try {
      await seedDemo(db, { transactionPasswords: true });
      const production = { isProduction: true, HOST: '0.0.0.0' };
      await expect(assertSafeToListen(production, db)).rejects.toThrow(/admin \(password\)/);
      await expect(assertSafeToListen(production, db)).rejects.toThrow(/alice01 \(transaction password\)/);
      await expect(assertSafeToListen({ ...production, HOST: '::' }, db)).rejects.toThrow();
      await expect(assertSafeToListen({ ...production, HOST: '127.0.0.1' }, db)).resolves.toBeUndefined();
      await expect(assertSafeToListen({ isProduction: false, HOST: '0.0.0.0' }, db)).resolves.toBeUndefined();

      // Every demo password changed but one member's transaction password: still refused, for that one.
      const changed = await hashPassword('Changed-9876');
      await db.updateTable('members').set({ password_hash: changed }).execute();
      await db
        .updateTable('members')
        .set({ transaction_password_hash: changed })
        .where('username', '<>', 'bobby01')
        .execute();
      expect(await demoCredentialsInUse(db)).toEqual(['bobby01 (transaction password)']);
      await db.updateTable('members').set({ transaction_password_hash: changed }).execute();
      await expect(assertSafeToListen(production, db)).resolves.toBeUndefined();
      expect(demoMemberNames.length).toBeGreaterThan(10);
    } finally {
      await drop();
    }
  });

  it('knows which listen hosts are loopback', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['0.0.0.0', '::', '10.0.0.5', '203.0.113.9', '::ffff:10.0.0.1'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('query strings of sensitive routes are redacted in the log', () => {
  it('logs the path of a sign-up check, an admin search and the outbox, never the names or addresses asked', async () => {
    const client = at(dev, '127.0.0.1');
    await client.get('/api/auth/check-username?username=secretname1');
    await client.get('/api/dev/outbox?to=someone%40mail.test');
    const admin = at(dev, '10.31.0.1');
    await admin.loginStaff();
    await admin.get('/api/admin/members?q=alice01%40demo.local&page=2');
    await admin.get('/api/wallet/records?page=3&currency=USDT&memo=private');
    const urls = logLines.map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain('/api/auth/check-username?username=[redacted]');
    expect(urls).toContain('/api/dev/outbox?to=[redacted]');
    expect(urls).toContain('/api/admin/members?q=[redacted]&page=[redacted]');
    expect(urls).toContain('/api/wallet/records?page=3&currency=USDT&memo=[redacted]');
    const text = JSON.stringify(logLines);
    for (const secret of ['secretname1', 'someone', 'alice01%40demo', 'private']) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps a URL without a query as it is', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/api/kyc/id-number-check?idNumber=880101-14-5566')).toBe(
      '/api/kyc/id-number-check?idNumber=[redacted]',
    );
  });
});
