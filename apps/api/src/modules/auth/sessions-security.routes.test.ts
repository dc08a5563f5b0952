import { SecurityEventKinds, type TSecurityEvent } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOfMember } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { recordAudit, recordSecurityEvent } from '../../platform/audit';
import { createSessionService, type SessionService } from './session.service';

// Not the default (30): a lifetime the app only knows from its configuration proves the setting reaches it.
const ABSOLUTE_DAYS = 7;
const PHONE = 'Mozilla/5.0 (Linux; Android 14) Chrome/130';

let t: TestApp;
let sessions: SessionService;
beforeAll(async () => {
  t = await createTestApp({ SESSION_ABSOLUTE_DAYS: String(ABSOLUTE_DAYS) });
  sessions = createSessionService(t.db, { absoluteDays: ABSOLUTE_DAYS });
});
afterAll(() => t.close());

const memberIdOf = (username: string) => idOfMember(t.db, username);

/**
 * A browser signed in as `username` with a session made directly, not through the login route: the login
 * route writes security events of its own, and these tests count events exactly.
 */
async function signedIn(username: string, ip = '10.0.0.1'): Promise<Client> {
  const token = await sessions.create(await memberIdOf(username), { ip, userAgent: PHONE });
  const client = new Client(t.app);
  client.cookie = token;
  client.ip = ip;
  return client;
}

async function sessionIdOf(client: Client): Promise<string> {
  const list = await client.get<{ items: Array<{ id: string; current: boolean }> }>('/api/me/sessions');
  const current = list.body.items.find((s) => s.current);
  if (!current) throw new Error(`no current session: ${JSON.stringify(list.body)}`);
  return current.id;
}

const events = (client: Client, query = '') =>
  client.get<{ items: TSecurityEvent[]; page: number; pageSize: number; code?: string }>(
    `/api/me/security-events${query}`,
  );

describe('session lifetime', () => {
  it('a session older than the absolute lifetime is dead however recently it was used', async () => {
    const young = await signedIn('alice01');
    const old = await signedIn('alice01');
    const youngId = await sessionIdOf(young);
    const oldId = await sessionIdOf(old);
    // Both were used a moment ago; one logged in a minute short of the lifetime, the other a minute past it.
    await t.db
      .updateTable('sessions')
      .set({
        created_at: new Date(Date.now() - ABSOLUTE_DAYS * 86_400_000 + 60_000),
        last_seen_at: new Date(),
      })
      .where('id', '=', youngId)
      .execute();
    await t.db
      .updateTable('sessions')
      .set({
        created_at: new Date(Date.now() - ABSOLUTE_DAYS * 86_400_000 - 60_000),
        last_seen_at: new Date(),
      })
      .where('id', '=', oldId)
      .execute();

    const refused = await old.get('/api/me');
    expect([refused.status, refused.body.code]).toEqual([401, 'SESSION_INVALID']);
    // Using it again does not bring it back.
    expect((await old.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await young.get('/api/me')).status).toBe(200);
    // The device list shows only sessions that still open the account.
    const list = await young.get<{ items: Array<{ id: string }> }>('/api/me/sessions');
    expect(list.body.items.map((s) => s.id)).toEqual([youngId]);
  });

  it('a session unused for 14 days is dead too, however young', async () => {
    const idle = await signedIn('bobby01');
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 14 * 86_400_000 - 60_000) })
      .where('id', '=', await sessionIdOf(idle))
      .execute();
    expect((await idle.get('/api/me')).body.code).toBe('SESSION_INVALID');
  });

  it('the web cookie lives no longer than the session it carries', async () => {
    const browser = new Client(t.app);
    const reply = await browser.post('/api/auth/login', { login: 'carol01', password: 'Demo12345' });
    expect(reply.status).toBe(200);
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toContain(`Max-Age=${ABSOLUTE_DAYS * 86_400}`);
  });
});

describe('ending every other session', () => {
  it('ends every live session of the caller but this one, and records how many', async () => {
    const here = await signedIn('david01', '10.9.0.1');
    const laptop = await signedIn('david01');
    const tablet = await signedIn('david01');
    const dead = await signedIn('david01');
    // Already dead by its age: not counted as ended by this call.
    await t.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - (ABSOLUTE_DAYS + 1) * 86_400_000) })
      .where('id', '=', await sessionIdOf(dead))
      .execute();
    const neighbour = await signedIn('emily01');

    const reply = await here.post('/api/me/sessions/end-others');
    expect([reply.status, reply.body]).toEqual([200, { ended: 2 }]);

    for (const other of [laptop, tablet])
      expect((await other.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await neighbour.get('/api/me')).status).toBe(200);
    const list = await here.get<{ items: Array<{ current: boolean }> }>('/api/me/sessions');
    expect(list.body.items).toEqual([expect.objectContaining({ current: true })]);

    const [event, ...rest] = (await events(here)).body.items;
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ kind: 'sessions_ended', ip: '10.9.0.1', detail: { count: 2 } });
    // Nothing left to end: nothing ended, and no event that says nothing.
    expect((await here.post('/api/me/sessions/end-others')).body).toEqual({ ended: 0 });
    expect((await events(here)).body.items).toHaveLength(1);
  });

  it('counts exactly when several calls race: each other session is ended once', async () => {
    const here = await signedIn('frank01');
    for (let i = 0; i < 6; i++) await signedIn('frank01');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => here.post<{ ended: number }>('/api/me/sessions/end-others')),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.reduce((sum, r) => sum + r.body.ended, 0)).toBe(6);
    const recorded = (await events(here)).body.items;
    expect(recorded.every((e) => e.kind === 'sessions_ended')).toBe(true);
    expect(recorded.reduce((sum, e) => sum + Number(e.detail.count), 0)).toBe(6);
    expect((await here.get('/api/me')).status).toBe(200);
  });

  it('refuses a caller without a session, and a cookie sent from another site, ending nothing', async () => {
    const owner = await signedIn('grace01');
    const other = await signedIn('grace01');
    const anonymous = await new Client(t.app).post('/api/me/sessions/end-others');
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'SESSION_INVALID']);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/me/sessions/end-others',
      headers: { origin: 'https://evil.example', cookie: `__Host-sid=${owner.cookie}` },
    });
    expect([forged.statusCode, forged.json().code]).toEqual([403, 'ORIGIN_REJECTED']);
    expect((await other.get('/api/me')).status).toBe(200);
    expect((await events(owner)).body.items).toEqual([]);
  });
});

describe('security activity', () => {
  it('lists every kind of the member’s own security events, newest first, and only theirs', async () => {
    const me = await memberIdOf('henry01');
    const neighbour = await memberIdOf('irene01');
    const admin = await memberIdOf('admin');
    for (const kind of SecurityEventKinds) {
      await recordSecurityEvent(t.db, {
        memberId: me,
        kind,
        ip: `10.1.0.${SecurityEventKinds.indexOf(kind)}`,
      });
    }
    // Someone else's events, and audit rows about this member that are not security events.
    await recordSecurityEvent(t.db, { memberId: neighbour, kind: 'login', ip: '10.2.0.1' });
    await recordAudit(
      t.db,
      { memberId: admin, ip: '10.3.0.1' },
      { action: 'admin.adjust', subject: `member:${me}` },
    );
    await recordAudit(
      t.db,
      { memberId: me, ip: '10.3.0.2' },
      { action: 'wallet.transfer', subject: `member:${me}` },
    );
    await recordAudit(t.db, { memberId: me, ip: '10.3.0.3' }, { action: 'kyc.submit', subject: `kyc:${me}` });
    // A security event on this member written by an admin's action is the member's to see.
    await recordAudit(
      t.db,
      { memberId: admin, ip: '10.3.0.4' },
      { action: 'security.password_reset', subject: `member:${me}` },
    );
    // A security row about the neighbour is the neighbour's, whoever wrote it, not this member's.
    await recordAudit(
      t.db,
      { memberId: me, ip: '10.3.0.5' },
      { action: 'security.login', subject: `member:${neighbour}` },
    );

    const mine = await events(await signedIn('henry01'), '?page=1&pageSize=50');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((e) => [e.kind, e.ip])).toEqual([
      ['password_reset', '10.3.0.4'],
      ...[...SecurityEventKinds]
        .reverse()
        .map((kind) => [kind, `10.1.0.${SecurityEventKinds.indexOf(kind)}`]),
    ]);
    const ids = mine.body.items.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));

    const theirs = await events(await signedIn('irene01'));
    expect(theirs.body.items.map((e) => [e.kind, e.ip])).toEqual([
      ['login', '10.3.0.5'],
      ['login', '10.2.0.1'],
    ]);
  });

  it('shows the device and the facts that are safe to show, and nothing else of the row', async () => {
    const me = await memberIdOf('jacky01');
    await recordSecurityEvent(t.db, {
      memberId: me,
      kind: 'login',
      ip: '10.4.0.1',
      detail: {
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1',
        login: 'jacky01@demo.local',
      },
    });
    await recordSecurityEvent(t.db, {
      memberId: me,
      kind: 'contact_changed',
      ip: '10.4.0.2',
      detail: { channel: 'email', email: 'new@example.com', old: 'jacky01@demo.local', code: '123456' },
    });
    await recordSecurityEvent(t.db, {
      memberId: me,
      kind: 'money_hold_started',
      ip: '10.4.0.3',
      detail: { until: '2030-01-02T03:04:05.000Z', reason: 'contact_changed', amount: '100' },
    });
    await recordSecurityEvent(t.db, {
      memberId: me,
      kind: 'recovery_code_used',
      ip: '10.4.0.5',
      detail: { left: 7 },
    });
    await recordSecurityEvent(t.db, {
      memberId: me,
      kind: 'transaction_password_locked',
      ip: '10.4.0.4',
      // Facts of the wrong shape are left out too: a reason that is not a code, a count that is not one.
      detail: { until: 'soon', failures: '5', reason: 'typed by jacky01@demo.local', device: 'Pixel 8' },
    });

    const { items } = (await events(await signedIn('jacky01'))).body;
    expect(items.map(({ kind, device, detail }) => ({ kind, device, detail }))).toEqual([
      { kind: 'transaction_password_locked', device: 'Pixel 8', detail: {} },
      { kind: 'recovery_code_used', device: null, detail: { remaining: 7 } },
      {
        kind: 'money_hold_started',
        device: null,
        detail: { until: '2030-01-02T03:04:05.000Z', reason: 'contact_changed' },
      },
      { kind: 'contact_changed', device: null, detail: { channel: 'email' } },
      { kind: 'login', device: 'Safari on iOS', detail: {} },
    ]);
    expect(JSON.stringify(items)).not.toMatch(/example\.com|demo\.local|123456/);
  });

  it('pages newest first with the page query, a short last page and an empty one after it', async () => {
    const me = await memberIdOf('kevin01');
    for (let i = 0; i < 12; i++) {
      await recordSecurityEvent(t.db, { memberId: me, kind: 'login_failed', ip: `10.5.0.${i}` });
    }
    const client = await signedIn('kevin01');
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push((await events(client, `?page=${page}&pageSize=5`)).body);
    expect(pages.map((p) => [p.page, p.pageSize, p.items.length])).toEqual([
      [1, 5, 5],
      [2, 5, 5],
      [3, 5, 2],
      [4, 5, 0],
    ]);
    expect(pages.flatMap((p) => p.items.map((e) => e.ip))).toEqual(
      Array.from({ length: 12 }, (_, i) => `10.5.0.${11 - i}`),
    );
  });

  it('refuses a caller without a session, and a page query out of range', async () => {
    const anonymous = await events(new Client(t.app));
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'SESSION_INVALID']);
    const client = await signedIn('paula01');
    for (const query of ['?pageSize=0', '?pageSize=51', '?page=0', '?page=abc']) {
      const reply = await events(client, query);
      expect([query, reply.status, reply.body.code]).toEqual([query, 400, 'VALIDATION_FAILED']);
    }
  });
});
