import type { TUserInfo } from '@app/contracts';
import { sql } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp, totpClock, totpCode } from '../../../test/test-app';
import { DEMO_ADMIN, DEMO_SUPPORT, type DemoStaff } from '../../db/seed/demo-staff';
import { TOTP_MAX_FAILURES } from './staff-mfa.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOGIN = '/api/auth/login';
const ADJUST = '/api/admin/balances/adjust';

/** A code of the current TOTP step (totpCode moves the clock first; this one does not). */
const codeNow = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(totpClock.now() / 1000) + stepsAhead * 30 });

async function securityEvents(username: string, kind: string) {
  return t.db
    .selectFrom('audit_log as a')
    .innerJoin('members as m', 'm.id', 'a.actor_id')
    .select(['a.detail', 'a.ip'])
    .where('m.username', '=', username)
    .where('a.action', '=', `security.${kind}`)
    .orderBy('a.id')
    .execute();
}

const smallCredit = { username: 'alice01', currency: 'USDT', wallet: 'funds', direction: 'credit' };

describe('admin login with a TOTP code', () => {
  it('the right password alone is answered TOTP_REQUIRED, with no session', async () => {
    const client = new Client(t.app);
    const r = await client.post(LOGIN, { login: DEMO_ADMIN.username, password: DEMO_ADMIN.password });
    expect([r.status, r.body.code]).toEqual([401, 'TOTP_REQUIRED']);
    expect(client.cookie).toBeUndefined();
    // A wrong password with no code is still just a failed login: the code step tells nothing about it.
    const wrong = await client.post(LOGIN, { login: DEMO_ADMIN.username, password: 'Wrong12345' });
    expect([wrong.status, wrong.body.code]).toEqual([401, 'LOGIN_FAILED']);
  });

  it('a wrong code is refused and recorded as totp_failed; the right one signs in', async () => {
    const client = new Client(t.app);
    const before = (await securityEvents('admin', 'totp_failed')).length;
    const right = await totpCode(DEMO_ADMIN.totpSecret);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await client.post(LOGIN, { login: 'admin', password: DEMO_ADMIN.password, code: wrong });
    expect([refused.status, refused.body.code]).toEqual([400, 'TOTP_INVALID']);
    expect(client.cookie).toBeUndefined();
    const events = await securityEvents('admin', 'totp_failed');
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)?.detail).toMatchObject({ reason: 'wrong_code' });
    const ok = await client.post<{ user: TUserInfo }>(LOGIN, {
      login: 'admin',
      password: DEMO_ADMIN.password,
      code: right,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.role).toBe('admin');
    expect((await client.get('/api/admin/members')).status).toBe(200);
  });

  it('a code is accepted once: the same code again is refused as used (replay)', async () => {
    const code = await totpCode(DEMO_ADMIN.totpSecret);
    const first = new Client(t.app);
    const second = new Client(t.app);
    const login = { login: 'admin', password: DEMO_ADMIN.password, code };
    expect((await first.post(LOGIN, login)).status).toBe(200);
    const replay = await second.post(LOGIN, login);
    expect([replay.status, replay.body.code]).toEqual([400, 'TOTP_CODE_USED']);
    expect(second.cookie).toBeUndefined();
    const events = await securityEvents('admin', 'totp_failed');
    expect(events.at(-1)?.detail).toMatchObject({ reason: 'replayed' });
  });

  it('two logins racing with one code: exactly one gets in', async () => {
    const staff = await makeStaff(t.db, 'racer01');
    const code = await totpCode(staff.totpSecret);
    // From six addresses: six tries from one address would meet the login throttle's free tries (5), and
    // whether the sixth waits would depend on how the race runs.
    const clients = Array.from({ length: 6 }, (_, i) => {
      const client = new Client(t.app);
      client.ip = `10.66.0.${i + 1}`;
      return client;
    });
    const replies = await Promise.all(
      clients.map((c) => c.post(LOGIN, { login: staff.username, password: staff.password, code })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('one step either side of now is accepted, two steps are not', async () => {
    const staff = await makeStaff(t.db, 'window01');
    // The clock stands in the middle of a step: a step boundary passing mid-test cannot move the window.
    totpClock.fixed = (Math.floor(Date.now() / 30_000) + 1000) * 30_000 + 15_000;
    try {
      const client = new Client(t.app);
      const login = (code: string) =>
        client.post(LOGIN, { login: staff.username, password: staff.password, code });
      expect((await login(await codeNow(staff.totpSecret, 2))).body.code).toBe('TOTP_INVALID');
      expect((await login(await codeNow(staff.totpSecret, -1))).status).toBe(200);
      expect((await login(await codeNow(staff.totpSecret, 1))).status).toBe(200);
      // The previous step and this one are older than the one just used: refused as used.
      expect((await login(await codeNow(staff.totpSecret, 0))).body.code).toBe('TOTP_CODE_USED');
    } finally {
      totpClock.fixed = null;
    }
  });

  it('wrong codes are counted exactly under concurrency and lock the second factor', async () => {
    const staff = await makeStaff(t.db, 'guess01');
    const guess = (code: string) =>
      new Client(t.app).post(LOGIN, { login: staff.username, password: staff.password, code });
    const right = await totpCode(staff.totpSecret);
    const wrong = right === '123456' ? '654321' : '123456';
    const replies = await Promise.all(Array.from({ length: TOTP_MAX_FAILURES - 1 }, () => guess(wrong)));
    expect(replies.map((r) => r.body.code)).toEqual(Array(TOTP_MAX_FAILURES - 1).fill('TOTP_INVALID'));
    const row = await t.db
      .selectFrom('staff_totp')
      .select(['failed_count', 'locked_until'])
      .where('member_id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_count: TOTP_MAX_FAILURES - 1, locked_until: null });
    const last = await guess(wrong);
    expect([last.status, last.body.code]).toEqual([423, 'TOTP_LOCKED']);
    expect(
      Number(last.body.details && (last.body.details as { retryAfterSeconds: number }).retryAfterSeconds),
    ).toBe(900);
    // Locked: even the right code waits.
    expect((await guess(right)).body.code).toBe('TOTP_LOCKED');
    const failed = await securityEvents(staff.username, 'totp_failed');
    expect(failed.length).toBe(TOTP_MAX_FAILURES);
    expect(failed.at(-1)?.detail).toMatchObject({ locked: true });
    // The lock ends (moved into the past here): the right code of a new step works again.
    await t.db
      .updateTable('staff_totp')
      .set({ locked_until: sql<Date>`now() - interval '1 second'` })
      .where('member_id', '=', staff.id)
      .execute();
    expect((await guess(await totpCode(staff.totpSecret))).status).toBe(200);
  });

  it('a member logs in with the password alone, as before', async () => {
    const client = new Client(t.app);
    const r = await client.post<{ user: TUserInfo; totpEnrolment?: boolean }>(LOGIN, {
      login: 'bobby01',
      password: 'Demo12345',
    });
    expect(r.status).toBe(200);
    expect(r.body.totpEnrolment).toBeUndefined();
  });

  it('support staff need the code too', async () => {
    const client = new Client(t.app);
    const r = await client.post(LOGIN, { login: DEMO_SUPPORT.username, password: DEMO_SUPPORT.password });
    expect(r.body.code).toBe('TOTP_REQUIRED');
    const user = await client.loginStaff(DEMO_SUPPORT);
    expect(user.role).toBe('support');
  });

  it('the bearer token login takes the code the same way', async () => {
    const client = new Client(t.app);
    const none = await client.post('/api/auth/token', { login: 'admin', password: DEMO_ADMIN.password });
    expect(none.body.code).toBe('TOTP_REQUIRED');
    const r = await client.post<{ token: string }>('/api/auth/token', {
      login: 'admin',
      password: DEMO_ADMIN.password,
      code: await totpCode(DEMO_ADMIN.totpSecret),
    });
    expect(r.status).toBe(200);
    const bearer = new Client(t.app);
    bearer.bearer = r.body.token;
    expect((await bearer.get('/api/admin/members')).status).toBe(200);
  });
});

describe('enrolment', () => {
  let staff: DemoStaff & { id: string };
  let client: Client;
  let secret: string;
  let recoveryCodes: string[];

  beforeAll(async () => {
    staff = await makeStaff(t.db, 'newadmin1', { enrolled: false });
    client = new Client(t.app);
  });

  it('a staff member without a second factor gets a session that can only enrol one', async () => {
    const r = await client.post<{ totpEnrolment?: boolean }>(LOGIN, {
      login: staff.username,
      password: staff.password,
    });
    expect(r.status).toBe(200);
    expect(r.body.totpEnrolment).toBe(true);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/admin/members'],
      ['GET', '/api/wallet'],
      ['GET', '/api/admin/kyc'],
    ] as const) {
      const refused = await client.call(method, url);
      expect([url, refused.status, refused.body.code]).toEqual([url, 403, 'TOTP_ENROLMENT_REQUIRED']);
    }
    const status = await client.get('/api/auth/totp');
    expect(status.body).toEqual({ enrolled: false, recoveryCodesLeft: 0, stepUpFreshUntil: null });
  });

  it('starting shows a secret and its otpauth URI; the secret is stored sealed', async () => {
    const r = await client.post<{ secret: string; otpauthUri: string }>('/api/auth/totp/enrolment');
    expect(r.status).toBe(200);
    secret = r.body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(r.body.otpauthUri).toBe(
      `otpauth://totp/Nova%20Members:newadmin1?secret=${secret}&issuer=Nova%20Members`,
    );
    const row = await t.db
      .selectFrom('staff_totp')
      .select(['secret_sealed', 'confirmed_at'])
      .where('member_id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.confirmed_at).toBeNull();
    expect(row.secret_sealed.includes(Buffer.from(secret))).toBe(false);
    // Started again before confirming: a new secret replaces the first.
    const again = await client.post<{ secret: string }>('/api/auth/totp/enrolment');
    expect(again.body.secret).not.toBe(secret);
    secret = again.body.secret;
  });

  it('a wrong first code is refused; the right one turns the factor on and gives ten recovery codes', async () => {
    // A second enrolment-only session of the same member, which enrolment will end.
    const other = new Client(t.app);
    await other.post(LOGIN, { login: staff.username, password: staff.password });
    const right = await totpCode(secret);
    const wrong = await client.post('/api/auth/totp/enrolment/confirm', {
      code: right === '000000' ? '999999' : '000000',
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'TOTP_INVALID']);
    const ok = await client.post<{ recoveryCodes: string[] }>('/api/auth/totp/enrolment/confirm', {
      code: right,
    });
    expect(ok.status).toBe(200);
    recoveryCodes = ok.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Stored hashed only.
    const hashes = await t.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('member_id', '=', staff.id)
      .execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.some((h) => h.code_hash.toString('utf8').includes(recoveryCodes[0]!.slice(0, 5)))).toBe(
      false,
    );
    // This session is a full one now; the other one ended.
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.get('/api/admin/members')).status).toBe(200);
    expect((await other.get('/api/auth/totp')).body.code).toBe('SESSION_INVALID');
    expect(await securityEvents(staff.username, 'totp_enrolled')).toHaveLength(1);
    expect((await client.get('/api/auth/totp')).body).toMatchObject({
      enrolled: true,
      recoveryCodesLeft: 10,
    });
  });

  it('once enrolled: no second enrolment, and the next login needs a code', async () => {
    const again = await client.post('/api/auth/totp/enrolment');
    expect([again.status, again.body.code]).toEqual([409, 'TOTP_ALREADY_ENROLLED']);
    const next = new Client(t.app);
    expect((await next.post(LOGIN, { login: staff.username, password: staff.password })).body.code).toBe(
      'TOTP_REQUIRED',
    );
    expect((await next.loginStaff({ ...staff, totpSecret: secret })).username).toBe(staff.username);
  });

  it('a recovery code signs in once; used, it is gone', async () => {
    const code = recoveryCodes[3]!;
    const first = new Client(t.app);
    // Case, spaces and the dash do not matter.
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    const ok = await first.post(LOGIN, {
      login: staff.username,
      password: staff.password,
      recoveryCode: typed,
    });
    expect(ok.status).toBe(200);
    const used = await securityEvents(staff.username, 'recovery_code_used');
    expect(used.at(-1)?.detail).toEqual({ left: 9 });
    const again = await new Client(t.app).post(LOGIN, {
      login: staff.username,
      password: staff.password,
      recoveryCode: code,
    });
    expect([again.status, again.body.code]).toEqual([400, 'TOTP_INVALID']);
    expect((await first.get('/api/auth/totp')).body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('members cannot enrol; strangers are refused on every second-factor endpoint', async () => {
    const member = new Client(t.app);
    await member.login('carol01');
    expect((await member.post('/api/auth/totp/enrolment')).body.code).toBe('FORBIDDEN');
    expect((await member.post('/api/auth/totp/enrolment/confirm', { code: '123456' })).body.code).toBe(
      'FORBIDDEN',
    );
    expect((await member.post('/api/auth/totp/step-up', { code: '123456' })).body.code).toBe('FORBIDDEN');
    const anonymous = new Client(t.app);
    for (const [method, url] of [
      ['GET', '/api/auth/totp'],
      ['POST', '/api/auth/totp/enrolment'],
      ['POST', '/api/auth/totp/enrolment/confirm'],
      ['POST', '/api/auth/totp/step-up'],
    ] as const) {
      const refused = await anonymous.call(method, url, method === 'POST' ? { code: '123456' } : undefined);
      expect([url, refused.status, refused.body.code]).toEqual([url, 401, 'SESSION_INVALID']);
    }
    // An enrolment-only session cannot step up (nor move money).
    const fresh = await makeStaff(t.db, 'newadmin2', { enrolled: false });
    const pending = new Client(t.app);
    await pending.post(LOGIN, { login: fresh.username, password: fresh.password });
    expect((await pending.post('/api/auth/totp/step-up', { code: '123456' })).body.code).toBe(
      'TOTP_ENROLMENT_REQUIRED',
    );
    expect((await pending.move(ADJUST, { ...smallCredit, amount: '1', reason: 'test' })).body.code).toBe(
      'TOTP_ENROLMENT_REQUIRED',
    );
  });
});

describe('step-up before money actions', () => {
  it('a money action needs a code from the last ADMIN_STEP_UP_MINUTES, in this session', async () => {
    const admin = new Client(t.app);
    await admin.loginStaff();
    const adjust = () => admin.move(ADJUST, { ...smallCredit, amount: '1', reason: 'step-up test' });
    // The login's code does not count: money asks again.
    const first = await adjust();
    expect([first.status, first.body.code]).toEqual([403, 'ADMIN_STEP_UP_REQUIRED']);
    const wrong = await admin.post('/api/auth/totp/step-up', { code: '000000' });
    expect(['TOTP_INVALID', 'TOTP_CODE_USED']).toContain(wrong.body.code);
    const stepped = await admin.post<{ freshUntil: string }>('/api/auth/totp/step-up', {
      code: await totpCode(DEMO_ADMIN.totpSecret),
    });
    expect(stepped.status).toBe(200);
    const minutes = (new Date(stepped.body.freshUntil).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4.9);
    expect(minutes).toBeLessThanOrEqual(5);
    expect((await adjust()).status).toBe(200);
    expect((await admin.get('/api/auth/totp')).body).toMatchObject({
      stepUpFreshUntil: stepped.body.freshUntil,
    });

    // Another session of the same admin is not fresh.
    const other = new Client(t.app);
    await other.loginStaff();
    expect(
      (await other.move(ADJUST, { ...smallCredit, amount: '1', reason: 'step-up test' })).body.code,
    ).toBe('ADMIN_STEP_UP_REQUIRED');

    // Five minutes later (moved in the database, not waited for) the code is stale.
    await t.db
      .updateTable('staff_sessions')
      .set({ step_up_at: sql<Date>`now() - interval '5 minutes 1 second'` })
      .where('step_up_at', 'is not', null)
      .execute();
    const stale = await adjust();
    expect([stale.status, stale.body.code]).toEqual([403, 'ADMIN_STEP_UP_REQUIRED']);
    await admin.stepUp();
    expect((await adjust()).status).toBe(200);
  });

  it('a refused step-up changes nothing; a refused money action moved nothing', async () => {
    const admin = new Client(t.app);
    await admin.loginStaff();
    const before = await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', 'like', 'wallet.balance.%')
      .executeTakeFirstOrThrow();
    await admin.move(ADJUST, { ...smallCredit, amount: '5', reason: 'refused' });
    const after = await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', 'like', 'wallet.balance.%')
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
