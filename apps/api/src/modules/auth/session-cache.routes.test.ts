import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idOfMember, makeStaff } from '../../../test/fixtures';
import { listeningIs } from '../../../test/session-listening';
import { DEMO_PASSWORD, stepUpCode } from '../../../test/step-up';
import { Client, createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app';
import type { SessionService } from './session.service';
import { LISTENER_NAME } from './session-revocations';

/**
 * The session cache of signed-in reads (decision 71) on two instances of the app sharing one database,
 * each with its own cache and its own LISTEN connection. The sessions' clock is the test's: a cached
 * session is not dropped by its backstop (30 s) while a test runs, only by revocations.
 */
const clock = { at: Date.now() };
const now = () => clock.at;
const CACHED = { SESSION_CACHE_SECONDS: '30' };

let t: TestApp;
let b: Awaited<ReturnType<typeof createSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp(CACHED, { sessionNow: now });
  b = await createSecondInstance(t, CACHED, { sessionNow: now });
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

const sessionsA = () => t.services.sessions;
const sessionsB = () => b.services.sessions;
const memberIdOf = (username: string) => idOfMember(t.db, username);

/** Resolves when `sessions` hears a revocation for the member (or for all); register before the change. */
function revoked(sessions: SessionService, memberId: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = sessions.onRevoked((id) => {
      if (id !== memberId && id !== '*') return;
      stop();
      resolve();
    });
  });
}

/** A client of `app` carrying `token` as the web app's cookie. */
function browser(app: TestApp['app'], token: string): Client {
  const client = new Client(app);
  client.cookie = token;
  return client;
}

/** A login through instance A; the same session used on A and on B. */
async function signedInOnBoth(username: string): Promise<{ a: Client; b: Client }> {
  const a = new Client(t.app);
  await a.login(username);
  if (!a.cookie) throw new Error('no session cookie');
  return { a, b: browser(b.app, a.cookie) };
}

/** Reads until the session is in `sessions`'s cache: the first read starts the listener if need be. */
async function cachedOn(client: Client, sessions: SessionService): Promise<void> {
  const before = sessions.cachedSessions;
  const listening = listeningIs(sessions, true);
  expect((await client.get('/api/me')).status).toBe(200);
  await listening;
  expect((await client.get('/api/me')).status).toBe(200);
  expect(sessions.cachedSessions).toBe(before + 1);
}

/** Ends the member's sessions with the triggers switched off: nobody is told, as if a revocation were lost. */
async function endSilently(memberId: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await trx
      .updateTable('sessions')
      .set({ ended_at: new Date(), end_reason: 'test' })
      .where('member_id', '=', memberId)
      .execute();
  });
}

describe('a session ended is refused on the next read, on either instance', () => {
  it('log out: at once on the instance that ended it, and on the other once told', async () => {
    const alice = await signedInOnBoth('alice01');
    await cachedOn(alice.a, sessionsA());
    await cachedOn(alice.b, sessionsB());
    const told = revoked(sessionsB(), await memberIdOf('alice01'));

    expect((await alice.a.post('/api/auth/logout')).status).toBe(200);
    // The logout's answer dropped the cookie; the token is still what a thief would hold.
    const token = alice.b.cookie as string;
    expect((await browser(t.app, token).get('/api/me')).body.code).toBe('SESSION_INVALID');
    await told;
    expect((await alice.b.get('/api/me')).body.code).toBe('SESSION_INVALID');
  });

  it('end all others: the other device is refused on both instances; the asking one stays', async () => {
    const kept = await signedInOnBoth('bobby01');
    const other = await signedInOnBoth('bobby01');
    await cachedOn(other.a, sessionsA());
    await cachedOn(other.b, sessionsB());
    const told = revoked(sessionsB(), await memberIdOf('bobby01'));

    const ended = await kept.a.post<{ ended: number }>('/api/me/sessions/end-others');
    expect(ended.body.ended).toBe(1);
    expect((await other.a.get('/api/me')).body.code).toBe('SESSION_INVALID');
    await told;
    expect((await other.b.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await kept.b.get('/api/me')).status).toBe(200);
  });

  it('a password change ends the other sessions on both instances', async () => {
    const changer = await signedInOnBoth('carol01');
    const other = await signedInOnBoth('carol01');
    await cachedOn(other.a, sessionsA());
    await cachedOn(other.b, sessionsB());
    const told = revoked(sessionsB(), await memberIdOf('carol01'));

    const code = await stepUpCode(t, changer.a, 'login_password', 'carol01@demo.local');
    const changed = await changer.a.post('/api/me/password', {
      currentPassword: DEMO_PASSWORD,
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await other.a.get('/api/me')).body.code).toBe('SESSION_INVALID');
    await told;
    expect((await other.b.get('/api/me')).body.code).toBe('SESSION_INVALID');
  });

  it('a raw SQL UPDATE (an admin at the console) is heard by both instances', async () => {
    const david = await signedInOnBoth('david01');
    await cachedOn(david.a, sessionsA());
    await cachedOn(david.b, sessionsB());
    const memberId = await memberIdOf('david01');
    const toldA = revoked(sessionsA(), memberId);
    const toldB = revoked(sessionsB(), memberId);

    await sql`UPDATE sessions SET ended_at = now() WHERE member_id = ${memberId}`.execute(t.db);
    await Promise.all([toldA, toldB]);
    expect((await david.a.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await david.b.get('/api/me')).body.code).toBe('SESSION_INVALID');
  });

  it('a role changed with SQL takes effect on the next read', async () => {
    const emily = await signedInOnBoth('emily01');
    await cachedOn(emily.a, sessionsA());
    await cachedOn(emily.b, sessionsB());
    const memberId = await memberIdOf('emily01');
    const toldA = revoked(sessionsA(), memberId);
    const toldB = revoked(sessionsB(), memberId);

    // Support staff must enrol a second factor before reading member pages (decision 45).
    await sql`UPDATE members SET role = 'support' WHERE id = ${memberId}`.execute(t.db);
    await Promise.all([toldA, toldB]);
    expect((await emily.a.get('/api/me')).body.code).toBe('TOTP_ENROLMENT_REQUIRED');
    expect((await emily.b.get('/api/me')).body.code).toBe('TOTP_ENROLMENT_REQUIRED');
  });
});

describe("a staff session's second factor is cached and revoked like the session (decision 76)", () => {
  /** A support member logged in with their code through A, the session cached on both instances. */
  async function staffOnBoth(username: string) {
    const staff = await makeStaff(t.db, username, { role: 'support', enrolled: true });
    const a = new Client(t.app);
    await a.loginStaff(staff);
    if (!a.cookie) throw new Error('no session cookie');
    const onB = browser(b.app, a.cookie);
    // The login's own notice (its staff_sessions row) must be heard before caching, or it would drop the
    // entry later: both listen, then a marker sent after it is heard by both (notices arrive in order).
    for (const [client, sessions] of [
      [a, sessionsA()],
      [onB, sessionsB()],
    ] as const) {
      const listening = listeningIs(sessions, true);
      expect((await client.get('/api/me')).status).toBe(200);
      await listening;
    }
    const marker = `marker-${username}`;
    const heard = Promise.all([revoked(sessionsA(), marker), revoked(sessionsB(), marker)]);
    await sql`SELECT pg_notify('session_revoked', ${marker})`.execute(t.db);
    await heard;
    expect((await a.get('/api/me')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(200);
    return { staff, a, b: onB };
  }

  it("the session's pass of the factor removed with SQL: refused on both instances once told", async () => {
    const { staff, a, b: onB } = await staffOnBoth('cachedsupport1');
    const toldA = revoked(sessionsA(), staff.id);
    const toldB = revoked(sessionsB(), staff.id);
    await sql`DELETE FROM staff_sessions WHERE member_id = ${staff.id}`.execute(t.db);
    await Promise.all([toldA, toldB]);
    // Enrolled, but this session never passed the factor: log in again with a code.
    expect((await a.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await onB.get('/api/me')).body.code).toBe('SESSION_INVALID');
  });

  it('the factor reset from the console: the other instance hears it', async () => {
    const { staff, b: onB } = await staffOnBoth('cachedsupport2');
    const toldB = revoked(sessionsB(), staff.id);
    // Only the factor's rows (the CLI's reset also ends the sessions, which 0046 already tells).
    await t.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('staff_sessions').where('member_id', '=', staff.id).execute();
      await trx.deleteFrom('staff_recovery_codes').where('member_id', '=', staff.id).execute();
      await trx.deleteFrom('staff_totp').where('member_id', '=', staff.id).execute();
    });
    await toldB;
    // No factor any more: the session may only enrol one.
    expect((await onB.get('/api/me')).body.code).toBe('TOTP_ENROLMENT_REQUIRED');
  });
});

describe('what may use the cache', () => {
  it('only reads: a request that changes something asks the database', async () => {
    const frank = await signedInOnBoth('frank01');
    await cachedOn(frank.a, sessionsA());
    await endSilently(await memberIdOf('frank01'));

    // The cache answers a read (nobody told it), which shows the request below could have used it.
    expect((await frank.a.get('/api/me')).status).toBe(200);
    const nonce = await frank.a.post('/api/crypto/nonce');
    expect([nonce.status, nonce.body.code]).toEqual([401, 'SESSION_INVALID']);
  });

  it('while the listener is down, reads ask the database; it listens again on a later read', async () => {
    const grace = await signedInOnBoth('grace01');
    await cachedOn(grace.a, sessionsA());
    await cachedOn(grace.b, sessionsB());
    const downA = listeningIs(sessionsA(), false);
    const downB = listeningIs(sessionsB(), false);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTENER_NAME}`.execute(t.db);
    await Promise.all([downA, downB]);
    expect(sessionsA().cachedSessions).toBe(0);

    await endSilently(await memberIdOf('grace01'));
    expect((await grace.a.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect((await grace.b.get('/api/me')).body.code).toBe('SESSION_INVALID');

    // The next try is due 5 s after the loss, on the sessions' clock; a read then listens again.
    const henry = await signedInOnBoth('henry01');
    clock.at += 5_000;
    const upA = listeningIs(sessionsA(), true);
    expect((await henry.a.get('/api/me')).status).toBe(200);
    await upA;
    expect((await henry.a.get('/api/me')).status).toBe(200);
    expect(sessionsA().cachedSessions).toBe(1);
  });
});

describe('last seen', () => {
  it('a cached session is still touched once a minute', async () => {
    const irene = await signedInOnBoth('irene01');
    await cachedOn(irene.a, sessionsA());
    const memberId = await memberIdOf('irene01');
    const seen = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('member_id', '=', memberId)
          .where('ended_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const first = await seen();

    clock.at = first + 30_000;
    expect((await irene.a.get('/api/me')).status).toBe(200);
    expect(await seen()).toBe(first);
    clock.at = first + 61_000;
    expect((await irene.a.get('/api/me')).status).toBe(200);
    expect(await seen()).toBe(clock.at);
  });
});
