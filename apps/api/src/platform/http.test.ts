import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => t.close());

describe('HTTP behaviour shared by every endpoint', () => {
  it('health checks the database', async () => {
    const reply = await new Client(t.app).get('/api/health');
    expect([reply.status, reply.body]).toEqual([200, { status: 'ok', database: 'ok' }]);
  });

  it('refuses an over-long body with BODY_TOO_LARGE and a malformed one with VALIDATION_FAILED', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-username',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(100_000) }),
    });
    expect([big.statusCode, big.json().code]).toEqual([413, 'BODY_TOO_LARGE']);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', origin: 'http://platform.test' },
      payload: '{"login": ',
    });
    expect([broken.statusCode, broken.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses over-long fields through the schema, with the field named', async () => {
    const reply = await new Client(t.app).post('/api/auth/forgot-password/start', { login: 'x'.repeat(300) });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toMatchObject({ fields: [{ path: 'login' }] });
  });

  it('answers unknown API paths with NOT_FOUND in the error shape', async () => {
    const reply = await new Client(t.app).get('/api/nothing-here');
    expect([reply.status, reply.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('publishes an OpenAPI 3 document generated from the zod schemas', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = reply.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/register'].post.requestBody).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends a CSP and the other helmet headers', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('rate-limits per IP with 429 RATE_LIMITED and Retry-After', async () => {
    const client = new Client(t.app);
    client.ip = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await client.post('/api/auth/login', { login: 'nobody', password: 'x' })).status);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const limited = await client.post('/api/auth/login', { login: 'nobody', password: 'x' });
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = new Client(t.app);
    elsewhere.ip = '10.9.9.10';
    expect((await elsewhere.post('/api/auth/login', { login: 'nobody', password: 'x' })).status).toBe(401);
  });

  it('lets the dev outbox list what the SMTP catcher received (to this machine itself)', async () => {
    const client = new Client(t.app);
    client.ip = '127.0.0.1';
    await client.post('/api/auth/signup-tac', { contact: { channel: 'email', email: 'outbox@mail.test' } });
    const list = await client.get<{ items: Array<{ to: string; subject: string }> }>(
      '/api/dev/outbox?to=outbox@mail.test',
    );
    expect(list.body.items[0]).toMatchObject({ to: 'outbox@mail.test', subject: 'Your verification code' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('outbox@mail.test');
  });
});
