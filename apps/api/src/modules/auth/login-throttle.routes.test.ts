import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOfMember } from '../../../test/fixtures';
import { Client, codeArriving, createTestApp, type TestApp } from '../../../test/test-app';
import { LoginThrottleRules, waitAfter } from './login-throttle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A browser-like client from an address of its own. */
function from(ip: string): Client {
  const client = new Client(t.app);
  client.ip = ip;
  return client;
}

const tryLogin = (client: Client, login: string, password: string) =>
  client.post<{ code?: string; details?: { retryAfterSeconds?: number } }>('/api/auth/login', {
    login,
    password,
  });

const memberId = (username: string) => idOfMember(t.db, username);

/** The waits of an address run out, as if their time had passed. */
async function waitsPass(username: string): Promise<void> {
  await t.db
    .updateTable('login_throttle')
    .set({ next_try_at: new Date(Date.now() - 1000) })
    .where('subject', '=', `m:${await memberId(username)}`)
    .execute();
}

async function securityEvents(username: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'ip', 'detail'])
    .where('subject', '=', `member:${await memberId(username)}`)
    .where('action', 'like', 'security.login%')
    .orderBy('id')
    .execute();
}

describe('the rule', () => {
  it('lets five tries through free, then waits 30 s, 60 s, 2 min ... up to 15 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 30].map((n) => waitAfter(n))).toEqual([
      0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
    expect(LoginThrottleRules.accountCeiling).toBe(20);
  });
});

describe('login throttling per account and address', () => {
  it('after five failures the address waits before its next try is even checked, the right password too', async () => {
    const attacker = from('10.1.0.1');
    const answers: Array<[number, string | undefined]> = [];
    for (let i = 0; i < 5; i++) {
      const reply = await tryLogin(attacker, 'alice01', `Wrong${i}1234`);
      answers.push([reply.status, reply.body.code]);
    }
    expect(answers).toEqual([
      [401, 'LOGIN_FAILED'],
      [401, 'LOGIN_FAILED'],
      [401, 'LOGIN_FAILED'],
      [401, 'LOGIN_FAILED'],
      [401, 'LOGIN_FAILED'],
    ]);
    const waiting = await tryLogin(attacker, 'alice01', 'Demo12345');
    expect([waiting.status, waiting.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    expect(waiting.body.details?.retryAfterSeconds).toBeGreaterThan(25);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(25);

    // Once the wait is over one more try is checked; a wrong one doubles the wait.
    await waitsPass('alice01');
    const sixth = await tryLogin(attacker, 'alice01', 'Wrong61234');
    expect([sixth.status, sixth.body.code, sixth.body.details?.retryAfterSeconds]).toEqual([
      401,
      'LOGIN_FAILED',
      60,
    ]);
    expect((await tryLogin(attacker, 'alice01', 'Demo12345')).body.code).toBe('LOGIN_THROTTLED');
    await waitsPass('alice01');
    expect((await tryLogin(attacker, 'alice01', 'Demo12345')).status).toBe(200);
  });

  it("an attacker's failures from one address do not stop the member's login from another", async () => {
    const attacker = from('10.2.0.1');
    for (let i = 0; i < 8; i++) await tryLogin(attacker, 'bobby01', `Wrong${i}1234`);
    expect((await tryLogin(attacker, 'bobby01', 'Demo12345')).body.code).toBe('LOGIN_THROTTLED');
    const member = from('10.2.0.2');
    expect((await member.login('bobby01')).username).toBe('bobby01');
    // And the attacker still waits.
    expect((await tryLogin(attacker, 'bobby01', 'Demo12345')).body.code).toBe('LOGIN_THROTTLED');
  });

  it('15 concurrent wrong logins from one address: exactly 5 are checked and 10 wait', async () => {
    const attacker = from('10.3.0.1');
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, i) => tryLogin(attacker, 'carol01', `Wrong${i}1234`)),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'LOGIN_THROTTLED')).toHaveLength(10);
    const id = await memberId('carol01');
    const address = await t.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('subject', '=', `m:${id}`)
      .executeTakeFirstOrThrow();
    expect(address.failures).toBe(5);
    const account = await t.db
      .selectFrom('login_throttle_accounts')
      .select('failures')
      .where('subject', '=', `m:${id}`)
      .executeTakeFirstOrThrow();
    expect(account.failures).toBe(5);
    expect(
      (await securityEvents('carol01')).filter((e) => e.action === 'security.login_failed'),
    ).toHaveLength(5);
  });

  it('past the ceiling a new address needs the unlock code, which works; the member’s own address never did', async () => {
    const home = from('10.4.0.1');
    await home.login('david01');
    // A botnet: one wrong try from each of 25 addresses at once. Exactly 20 are checked.
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, i) => tryLogin(from(`10.4.1.${i + 1}`), 'david01', `Wrong${i}1234`)),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(20);
    expect(codes.filter((c) => c === 'LOGIN_UNLOCK_REQUIRED')).toHaveLength(5);
    expect(replies.find((r) => r.body.code === 'LOGIN_UNLOCK_REQUIRED')?.status).toBe(423);

    // A new device of the member's, right password: no check without the code.
    const travelling = from('10.4.2.1');
    const refused = await tryLogin(travelling, 'david01', 'Demo12345');
    expect([refused.status, refused.body.code]).toEqual([423, 'LOGIN_UNLOCK_REQUIRED']);
    // The device at home logged in before: trusted, it is not asked for a code.
    expect((await from('10.4.0.1').login('david01')).username).toBe('david01');

    const asked = await travelling.post('/api/auth/login-unlock/start', { login: 'david01' });
    expect([asked.status, asked.body]).toEqual([200, { expiresInSeconds: 600, resendInSeconds: 60 }]);
    const code = await codeArriving(t.outbox, 'david01@demo.local');
    const wrong = await travelling.post('/api/auth/login-unlock', {
      login: 'david01',
      code: code === '000000' ? '000001' : '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TAC_INVALID']);
    const unlocked = await travelling.post('/api/auth/login-unlock', { login: 'david01', code });
    expect(unlocked.status).toBe(200);
    expect((await travelling.login('david01')).username).toBe('david01');
    // The code is used up, and it unlocked only that address.
    expect((await travelling.post('/api/auth/login-unlock', { login: 'david01', code })).body.code).toBe(
      'TAC_INVALID',
    );
    expect((await tryLogin(from('10.4.3.1'), 'david01', 'Demo12345')).body.code).toBe(
      'LOGIN_UNLOCK_REQUIRED',
    );

    const kinds = (await securityEvents('david01')).map((e) => e.action);
    expect(kinds.filter((k) => k === 'security.login_failed')).toHaveLength(20);
    expect(kinds.filter((k) => k === 'security.login_throttled')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'security.login_unlocked')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'security.login')).toHaveLength(3);
  });

  it('the ceiling ends with its day', async () => {
    for (let i = 0; i < 20; i++) await tryLogin(from(`10.5.1.${i + 1}`), 'emily01', `Wrong${i}1234`);
    expect((await tryLogin(from('10.5.2.1'), 'emily01', 'Demo12345')).body.code).toBe(
      'LOGIN_UNLOCK_REQUIRED',
    );
    await t.db
      .updateTable('login_throttle_accounts')
      .set({ window_started_at: new Date(Date.now() - 24 * 3600 * 1000 - 1000) })
      .where('subject', '=', `m:${await memberId('emily01')}`)
      .execute();
    expect((await tryLogin(from('10.5.2.1'), 'emily01', 'Demo12345')).status).toBe(200);
  });

  it('records each login with its address and device, each failure, and the start of a wait', async () => {
    const client = from('10.6.0.1');
    for (let i = 0; i < 5; i++) await tryLogin(client, 'frank01', `Wrong${i}1234`);
    await waitsPass('frank01');
    await client.login('frank01');
    const events = await securityEvents('frank01');
    expect(events.map((e) => e.action)).toEqual([
      'security.login_failed',
      'security.login_failed',
      'security.login_failed',
      'security.login_failed',
      'security.login_failed',
      'security.login_throttled',
      'security.login',
    ]);
    expect(events.every((e) => e.ip === '10.6.0.1')).toBe(true);
    expect(events[5]?.detail).toEqual({ scope: 'address', retryAfterSeconds: 30 });
    expect(events[6]?.detail).toEqual({
      device: 'Chrome on Android',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130',
    });
  });

  it('an unknown login meets the same answers as a known one, wait included', async () => {
    const client = from('10.7.0.1');
    const answers = async (login: string) => {
      const seen: Array<[number, unknown]> = [];
      for (let i = 0; i < 6; i++) {
        const reply = await tryLogin(client, login, `Wrong${i}1234`);
        seen.push([reply.status, reply.body.code]);
      }
      return seen;
    };
    const known = await answers('grace01');
    const unknown = await answers('nobody999');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual([429, 'LOGIN_THROTTLED']);
    const askKnown = await client.post('/api/auth/login-unlock/start', { login: 'grace01' });
    const askUnknown = await client.post('/api/auth/login-unlock/start', { login: 'nobody999' });
    expect([askUnknown.status, askUnknown.body]).toEqual([askKnown.status, askKnown.body]);
    const unlockUnknown = await client.post('/api/auth/login-unlock', { login: 'nobody999', code: '123456' });
    expect([unlockUnknown.status, unlockUnknown.body.code]).toEqual([400, 'TAC_INVALID']);
  });

  it('an IPv6 attacker cannot start afresh by moving within its /64', async () => {
    for (let i = 0; i < 5; i++) {
      await tryLogin(from(`2001:db8:1:2::${i + 1}`), 'henry01', `Wrong${i}1234`);
    }
    const reply = await tryLogin(from('2001:db8:1:2:ffff::9'), 'henry01', 'Demo12345');
    expect(reply.body.code).toBe('LOGIN_THROTTLED');
    expect((await tryLogin(from('2001:db8:1:3::1'), 'henry01', 'Demo12345')).status).toBe(200);
  });

  it('a password reset by code forgets the earlier failures', async () => {
    for (let i = 0; i < 20; i++) await tryLogin(from(`10.8.1.${i + 1}`), 'irene01', `Wrong${i}1234`);
    const newDevice = from('10.8.2.1');
    expect((await tryLogin(newDevice, 'irene01', 'Demo12345')).body.code).toBe('LOGIN_UNLOCK_REQUIRED');
    await newDevice.post('/api/auth/forgot-password/start', { login: 'irene01' });
    const code = await codeArriving(t.outbox, 'irene01@demo.local');
    const reset = await newDevice.post('/api/auth/forgot-password/reset', {
      login: 'irene01',
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(reset.status).toBe(200);
    expect((await newDevice.login('irene01', 'Fresh1234')).username).toBe('irene01');
  });

  it('shows admins until when a member’s login needs an unlock code', async () => {
    for (let i = 0; i < 20; i++) await tryLogin(from(`10.9.1.${i + 1}`), 'jacky01', `Wrong${i}1234`);
    const admin = from('10.9.0.1');
    await admin.loginStaff();
    const list = await admin.get<{ items: Array<{ username: string; lockedUntil: string | null }> }>(
      '/api/admin/members?q=jacky01',
    );
    const until = list.body.items.find((m) => m.username === 'jacky01')?.lockedUntil;
    expect(new Date(until ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const others = await admin.get<{ items: Array<{ username: string; lockedUntil: string | null }> }>(
      '/api/admin/members?q=kevin01',
    );
    expect(others.body.items[0]?.lockedUntil).toBeNull();
  });

  it('the daily clean-up drops counts untouched for a month, but keeps an address still trusted', async () => {
    await from('10.10.0.1').login('paula01');
    await tryLogin(from('10.10.0.2'), 'paula01', 'Wrong01234');
    await tryLogin(from('10.10.0.3'), 'nobody-at-all', 'Wrong01234');
    const subject = `m:${await memberId('paula01')}`;
    await sql`UPDATE login_throttle SET last_try_at = now() - interval '31 days'
              WHERE subject IN (${subject}, 'u:nobody-at-all')`.execute(t.db);
    await sql`UPDATE login_throttle_accounts SET window_started_at = now() - interval '2 days'
              WHERE subject IN (${subject}, 'u:nobody-at-all')`.execute(t.db);
    expect(await t.services.loginThrottle.purgeStale()).toBeGreaterThanOrEqual(4);
    const left = await t.db
      .selectFrom('login_throttle')
      .select(['subject', 'ip'])
      .where('subject', 'in', [subject, 'u:nobody-at-all'])
      .execute();
    expect(left).toEqual([{ subject, ip: '10.10.0.1' }]);
    // Still trusted after the clean-up: the ceiling would not apply to it.
    expect((await from('10.10.0.1').login('paula01')).username).toBe('paula01');
  });
});
