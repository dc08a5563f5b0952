import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUpCode } from '../../../test/step-up';
import { Client, codeArriving, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login and sessions', () => {
  it('logs in by username (any case) or by email, and stores only a hash of the token', async () => {
    const a = new Client(t.app);
    expect((await a.login('ALICE01')).username).toBe('alice01');
    const b = new Client(t.app);
    expect((await b.login('alice01@demo.local')).username).toBe('alice01');
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    const stored = rows.map((r) => r.token_hash.toString('base64url'));
    expect(stored).not.toContain(a.cookie);
    expect(rows.every((r) => r.token_hash.length === 32)).toBe(true);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const client = new Client(t.app);
    const wrongPassword = await client.post('/api/auth/login', { login: 'bobby01', password: 'Nope12345' });
    const unknownUser = await client.post('/api/auth/login', { login: 'ghost999', password: 'Nope12345' });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([401, 'LOGIN_FAILED']);
    // The same answer but for the request's own id.
    expect({ ...unknownUser.body, requestId: 'x' }).toEqual({ ...wrongPassword.body, requestId: 'x' });
  });

  it('logout ends the session on the server: the old token answers SESSION_INVALID', async () => {
    const client = new Client(t.app);
    await client.login('david01');
    const token = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    client.cookie = token;
    const after = await client.get('/api/me');
    expect([after.status, after.body.code]).toEqual([401, 'SESSION_INVALID']);
  });

  it('lists the member’s sessions and ends another device’s, which is then refused', async () => {
    const phone = new Client(t.app);
    const laptop = new Client(t.app);
    await phone.login('emily01');
    await laptop.login('emily01');
    const list = await phone.get<{ items: Array<{ id: string; current: boolean; device: string }> }>(
      '/api/me/sessions?page=1&pageSize=10',
    );
    expect(list.body.items).toHaveLength(2);
    expect(list.body.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.body.items[0]?.device).toBe('Chrome on Android');
    const other = list.body.items.find((s) => !s.current)!;
    expect((await phone.del(`/api/me/sessions/${other.id}`)).status).toBe(200);
    expect((await laptop.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await phone.get('/api/me')).status).toBe(200);
  });

  it('refuses to end a stranger’s session, and leaves it alive', async () => {
    const owner = new Client(t.app);
    await owner.login('frank01');
    const ownId = (await owner.get<{ items: Array<{ id: string }> }>('/api/me/sessions')).body.items[0]!.id;
    const stranger = new Client(t.app);
    await stranger.login('grace01');
    const reply = await stranger.del(`/api/me/sessions/${ownId}`);
    expect([reply.status, reply.body.code]).toEqual([404, 'SESSION_NOT_FOUND']);
    expect((await owner.get('/api/me')).status).toBe(200);
  });

  it('a password change ends the other sessions, keeps this one, and the new password works', async () => {
    const here = new Client(t.app);
    const there = new Client(t.app);
    await here.login('henry01');
    await there.login('henry01');
    // Step-up (decision 42): the current password and a code sent to the current contact.
    const code = await stepUpCode(t, here, 'login_password', 'henry01@demo.local');
    const wrong = await here.post('/api/me/password', {
      currentPassword: 'Bad123456',
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(wrong.body.code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await here.post('/api/me/password', {
      currentPassword: 'Demo12345',
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(ok.status).toBe(200);
    expect((await there.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await new Client(t.app).login('henry01', 'Fresh1234')).username).toBe('henry01');
  });

  it('gives non-browser clients a bearer token that works without a cookie or Origin', async () => {
    const client = new Client(t.app);
    const reply = await client.post<{ token: string }>('/api/auth/token', {
      login: 'irene01',
      password: 'Demo12345',
    });
    expect(reply.status).toBe(200);
    const api = new Client(t.app);
    api.bearer = reply.body.token;
    expect((await api.get('/api/me')).body.username).toBe('irene01');
  });

  it('refuses a cookie-authenticated unsafe request from another origin', async () => {
    const client = new Client(t.app);
    await client.login('jacky01');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example', cookie: `__Host-sid=${client.cookie}` },
    });
    expect([reply.statusCode, reply.json().code]).toEqual([403, 'ORIGIN_REJECTED']);
    expect((await client.get('/api/me')).status).toBe(200);
  });
});

describe('forgot password', () => {
  it('sends a code to the registered email, then sets the new password and ends all sessions', async () => {
    const old = new Client(t.app);
    await old.login('kevin01');
    const client = new Client(t.app);
    const start = await client.post('/api/auth/forgot-password/start', { login: 'kevin01' });
    expect(start.status).toBe(200);
    const code = await codeArriving(t.outbox, 'kevin01@demo.local');
    const mismatch = await client.post('/api/auth/forgot-password/reset', {
      login: 'kevin01',
      code,
      password: 'Brand1234',
      confirmPassword: 'Brand9999',
    });
    expect(mismatch.body.code).toBe('VALIDATION_FAILED');
    const reset = await client.post('/api/auth/forgot-password/reset', {
      login: 'kevin01',
      code,
      password: 'Brand1234',
      confirmPassword: 'Brand1234',
    });
    expect(reset.status).toBe(200);
    expect((await old.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await new Client(t.app).login('kevin01', 'Brand1234')).username).toBe('kevin01');
  });

  it('answers an unknown login exactly as a known one: at the start, again too soon, and at the reset', async () => {
    const client = new Client(t.app);
    const start = (login: string) => client.post('/api/auth/forgot-password/start', { login });
    const known = await start('jacky01');
    const unknown = await start('ghost999');
    const knownAgain = await start('jacky01');
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ expiresInSeconds: 600, resendInSeconds: 60 });
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect([knownAgain.status, knownAgain.body]).toEqual([known.status, known.body]);

    const reset = (login: string) =>
      client.post('/api/auth/forgot-password/reset', {
        login,
        code: '000000',
        password: 'Brand1234',
        confirmPassword: 'Brand1234',
      });
    await codeArriving(t.outbox, 'jacky01@demo.local');
    const wrongCode = await reset('jacky01');
    const noSuchMember = await reset('ghost999');
    expect([wrongCode.status, wrongCode.body.code]).toEqual([400, 'TAC_INVALID']);
    expect({ ...noSuchMember.body, requestId: 'x' }).toEqual({ ...wrongCode.body, requestId: 'x' });
  });
});
