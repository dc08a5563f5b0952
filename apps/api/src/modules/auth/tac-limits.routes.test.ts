import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, codeArriving, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TAC_DAILY_CAP: '10' });
});
afterAll(() => t.close());

/** The codes sent so far move back by `interval`, as if that time had passed. */
async function codesAge(destination: string, interval: string): Promise<void> {
  await sql`UPDATE tac_codes SET created_at = created_at - ${interval}::interval WHERE destination = ${destination}`.execute(
    t.db,
  );
}

async function codesSent(destination: string, purpose: string): Promise<number> {
  const row = await t.db
    .selectFrom('tac_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('codes: a daily cap per account and purpose besides the tries per code', () => {
  it('sends ten transaction-password codes in a day, refuses the eleventh with TAC_DAILY_LIMIT, and a day later sends again', async () => {
    const client = new Client(t.app);
    await client.login('alice01');
    for (let i = 0; i < 10; i++) {
      const sent = await client.post('/api/me/tac', { purpose: 'transaction_password' });
      expect(sent.status, `code ${i + 1}`).toBe(200);
      await codesAge('alice01@demo.local', '61 seconds');
    }
    const capped = await client.post<{ code: string; details: { retryAfterSeconds: number } }>(
      '/api/me/tac',
      {
        purpose: 'transaction_password',
      },
    );
    expect([capped.status, capped.body.code]).toEqual([429, 'TAC_DAILY_LIMIT']);
    // Free again when the oldest of the ten is a day old: about 24 h less the 10 x 61 s they were aged.
    expect(capped.body.details.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await codesSent('alice01@demo.local', 'transaction_password')).toBe(10);
    // Another purpose has its own cap.
    expect((await client.post('/api/me/tac', { purpose: 'withdraw_address' })).status).toBe(200);

    await codesAge('alice01@demo.local', '1 day');
    expect((await client.post('/api/me/tac', { purpose: 'transaction_password' })).status).toBe(200);
  });

  it('keeps the five tries per code', async () => {
    const client = new Client(t.app);
    await client.login('bobby01');
    await client.post('/api/me/tac', { purpose: 'transaction_password' });
    const code = await codeArriving(t.outbox, 'bobby01@demo.local');
    const wrong = code === '000000' ? '000001' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await client.post('/api/me/transaction-password', {
        currentPassword: 'Demo12345',
        code: wrong,
        secret: await client.seal('Pay12345'),
        confirm: await client.seal('Pay12345'),
      });
      answers.push(String(reply.body.code));
    }
    expect(answers).toEqual([...Array(5).fill('TAC_INVALID'), 'TAC_TOO_MANY_ATTEMPTS']);
  });

  it('15 concurrent requests for a code send exactly one', async () => {
    const client = new Client(t.app);
    await client.login('carol01');
    const replies = await Promise.all(
      Array.from({ length: 15 }, () => client.post('/api/me/tac', { purpose: 'transaction_password' })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.body.code === 'TAC_RESEND_TOO_SOON')).toHaveLength(14);
    expect(await codesSent('carol01@demo.local', 'transaction_password')).toBe(1);
  });

  it('at the cap, 15 concurrent requests still leave the count at the cap', async () => {
    const client = new Client(t.app);
    await client.login('david01');
    for (let i = 0; i < 9; i++) {
      await client.post('/api/me/tac', { purpose: 'transaction_password' });
      await codesAge('david01@demo.local', '61 seconds');
    }
    const replies = await Promise.all(
      Array.from({ length: 15 }, () => client.post('/api/me/tac', { purpose: 'transaction_password' })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    await codesAge('david01@demo.local', '61 seconds');
    const more = await Promise.all(
      Array.from({ length: 15 }, () => client.post('/api/me/tac', { purpose: 'transaction_password' })),
    );
    expect(more.every((r) => r.body.code === 'TAC_DAILY_LIMIT')).toBe(true);
    expect(await codesSent('david01@demo.local', 'transaction_password')).toBe(10);
  });

  it('a forgotten password at the cap answers as always, and sends nothing', async () => {
    const client = new Client(t.app);
    for (let i = 0; i < 10; i++) {
      await client.post('/api/auth/forgot-password/start', { login: 'emily01' });
      // Sent after the answer: wait for it to be stored.
      await expect.poll(() => codesSent('emily01@demo.local', 'reset_password')).toBe(i + 1);
      await codesAge('emily01@demo.local', '61 seconds');
    }
    expect(await codesSent('emily01@demo.local', 'reset_password')).toBe(10);
    const eleventh = await client.post('/api/auth/forgot-password/start', { login: 'emily01' });
    expect([eleventh.status, eleventh.body]).toEqual([200, { expiresInSeconds: 600, resendInSeconds: 60 }]);
    // A later request, one that is sent, shows the eleventh was not.
    await codesAge('emily01@demo.local', '1 day');
    await client.post('/api/auth/forgot-password/start', { login: 'emily01' });
    await expect.poll(() => codesSent('emily01@demo.local', 'reset_password')).toBe(11);
  });

  it('the sign-up checks are rate limited per address like the other sign-in calls', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (const [i, path] of [
        '/api/auth/check-username?username=someone1',
        '/api/auth/check-sponsor?sponsor=alice01',
        '/api/auth/check-placement?sponsor=alice01&placement=alice01',
      ].entries()) {
        const client = new Client(limited.app);
        client.ip = `10.20.0.${i + 1}`;
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) statuses.push((await client.get(path)).status);
        expect(statuses, path).toEqual([200, 200, 200, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});
