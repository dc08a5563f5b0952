import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, countMembers, createTestApp, lastCode, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const fresh = () => {
  seq++;
  return { username: `newbie${seq}x`, email: `newbie${seq}@mail.test` };
};

async function sendCode(client: Client, email: string) {
  return client.post('/api/auth/signup-tac', { contact: { channel: 'email', email } });
}

/** A free slot in alice01's downline; each successful sign-up moves it one level down. */
let openSlot = { placement: 'henry01', side: 'left' };

function form(username: string, email: string, code: string, over: Record<string, unknown> = {}) {
  return {
    username,
    sponsor: 'alice01',
    ...openSlot,
    contact: { channel: 'email', email },
    code,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    ...over,
  };
}

/** Sends a code, then registers with `over` applied; returns the reply and the member count change. */
async function attempt(over: Record<string, unknown> = {}) {
  const client = new Client(t.app);
  const { username, email } = fresh();
  await sendCode(client, email);
  const before = await countMembers(t.db);
  const reply = await client.post(
    '/api/auth/register',
    form(username, email, lastCode(t.outbox, email), over),
  );
  if (reply.status === 200 && !('placement' in over)) openSlot = { placement: username, side: 'left' };
  return { reply, added: (await countMembers(t.db)) - before, client };
}

describe('sign-up', () => {
  it('registers under a sponsor and a free placement slot, logs the member in', async () => {
    const { reply, added, client } = await attempt({ placement: 'grace01', side: 'left' });
    expect(reply.status).toBe(200);
    expect(added).toBe(1);
    expect(reply.body.user).toMatchObject({
      sponsor: 'alice01',
      placement: 'grace01',
      side: 'left',
      role: 'member',
    });
    expect(client.cookie).toBeTruthy();
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it.each([
    ['four characters', 'abcd'],
    ['sixteen characters', 'abcdefghij123456'],
    ['a symbol', 'abc_def'],
    ['a space', 'abc def'],
  ])('refuses a username of %s', async (_case, username) => {
    const { reply, added } = await attempt({ username });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.details).toEqual({ fields: [{ path: 'username', code: 'USERNAME_INVALID' }] });
    expect(added).toBe(0);
  });

  it('refuses a username taken in another case', async () => {
    const { reply, added } = await attempt({ username: 'ALICE01' });
    expect([reply.status, reply.body.code, added]).toEqual([409, 'USERNAME_TAKEN', 0]);
  });

  it('refuses an unknown sponsor, and an admin as sponsor', async () => {
    for (const sponsor of ['nobody99', 'admin']) {
      const { reply, added } = await attempt({ sponsor, placement: 'company' });
      expect([reply.status, reply.body.code, added]).toEqual([404, 'SPONSOR_NOT_FOUND', 0]);
    }
  });

  it('refuses an unknown placement', async () => {
    const { reply, added } = await attempt({ placement: 'nobody99' });
    expect([reply.status, reply.body.code, added]).toEqual([404, 'PLACEMENT_NOT_FOUND', 0]);
  });

  it("refuses a placement outside the sponsor's placement downline", async () => {
    // bobby01 sits in company's right leg; alice01's downline is the left leg.
    const { reply, added } = await attempt({ sponsor: 'alice01', placement: 'bobby01' });
    expect([reply.status, reply.body.code, added]).toEqual([400, 'PLACEMENT_NOT_IN_SPONSOR_DOWNLINE', 0]);
  });

  it('accepts the sponsor itself as placement', async () => {
    const { reply } = await attempt({ sponsor: 'grace01', placement: 'grace01', side: 'right' });
    expect(reply.status).toBe(200);
  });

  it('refuses a side that is taken', async () => {
    const { reply, added } = await attempt({ placement: 'carol01', side: 'left' });
    expect([reply.status, reply.body.code, added]).toEqual([409, 'PLACEMENT_SIDE_TAKEN', 0]);
  });

  it('refuses mismatched passwords with PASSWORD_MISMATCH on the confirmation', async () => {
    const { reply, added } = await attempt({ confirmPassword: 'Other1234' });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual({ fields: [{ path: 'confirmPassword', code: 'PASSWORD_MISMATCH' }] });
    expect(added).toBe(0);
  });

  it('refuses an email address already registered, before sending a code', async () => {
    const reply = await sendCode(new Client(t.app), 'alice01@demo.local');
    expect([reply.status, reply.body.code]).toEqual([409, 'EMAIL_TAKEN']);
  });

  it('sends mobile codes through the SMS outbox', async () => {
    const client = new Client(t.app);
    const reply = await client.post('/api/auth/signup-tac', {
      contact: { channel: 'mobile', prefix: '+60', mobile: '123456789' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.destination).toBe('+60******789');
    expect(t.outbox.list('+60123456789')[0]?.channel).toBe('sms');
  });

  it("writes the code's message in the language the browser prefers most, q-values honoured", async () => {
    const client = new Client(t.app);
    const reply = await client.call(
      'POST',
      '/api/auth/signup-tac',
      { contact: { channel: 'mobile', prefix: '+60', mobile: '123456788' } },
      // First in the list but least wanted: French; wanted most: German.
      { 'accept-language': 'fr;q=0.5, de-DE, de;q=0.9' },
    );
    expect(reply.status).toBe(200);
    expect(t.outbox.list('+60123456788')[0]?.text).toMatch(/^Ihr Bestätigungscode lautet \d{6}\./);
  });

  it('answers the checks the form makes while the person types', async () => {
    const client = new Client(t.app);
    expect((await client.get('/api/auth/check-username?username=alice01')).body).toEqual({
      available: false,
    });
    expect((await client.get('/api/auth/check-username?username=Someone1')).body).toEqual({
      available: true,
    });
    expect((await client.get('/api/auth/check-username?username=ab')).body.code).toBe('USERNAME_INVALID');
    expect((await client.get('/api/auth/check-sponsor?sponsor=alice01')).body).toEqual({
      username: 'alice01',
      maskedName: 'Al******mo',
    });
    expect((await client.get('/api/auth/check-placement?sponsor=alice01&placement=david01')).body).toEqual({
      username: 'david01',
      leftFree: false,
      rightFree: true,
    });
  });
});

describe('TAC codes', () => {
  it('refuses a wrong code and changes nothing', async () => {
    const client = new Client(t.app);
    const { username, email } = fresh();
    await sendCode(client, email);
    const code = lastCode(t.outbox, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const reply = await client.post('/api/auth/register', form(username, email, wrong));
    expect([reply.status, reply.body.code]).toEqual([400, 'TAC_INVALID']);
    expect((await client.get(`/api/auth/check-username?username=${username}`)).body.available).toBe(true);
  });

  it('refuses an expired code', async () => {
    const client = new Client(t.app);
    const { username, email } = fresh();
    await sendCode(client, email);
    await t.db
      .updateTable('tac_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', email)
      .execute();
    const reply = await client.post('/api/auth/register', form(username, email, lastCode(t.outbox, email)));
    expect([reply.status, reply.body.code]).toEqual([400, 'TAC_EXPIRED']);
  });

  it('refuses a code used already', async () => {
    const first = await attempt();
    expect(first.reply.status).toBe(200);
    const email = (first.reply.body.user as { email: string }).email;
    const again = await new Client(t.app).post(
      '/api/auth/register',
      form('another77', email, lastCode(t.outbox, email), {
        contact: { channel: 'email', email: 'other77@mail.test' },
      }),
    );
    expect(again.body.code).toBe('TAC_INVALID');
  });

  it('allows five tries, then refuses even the right code', async () => {
    const client = new Client(t.app);
    const { username, email } = fresh();
    await sendCode(client, email);
    const code = lastCode(t.outbox, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/register', form(username, email, wrong))).body.code).toBe(
        'TAC_INVALID',
      );
    }
    const reply = await client.post('/api/auth/register', form(username, email, code));
    expect(reply.body.code).toBe('TAC_TOO_MANY_ATTEMPTS');
  });

  it('cannot be resent within 60 s, and says when it can', async () => {
    const client = new Client(t.app);
    const { email } = fresh();
    expect((await sendCode(client, email)).status).toBe(200);
    const again = await sendCode(client, email);
    expect([again.status, again.body.code]).toEqual([429, 'TAC_RESEND_TOO_SOON']);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
  });
});

describe('racing sign-ups', () => {
  it('two sign-ups for one slot: exactly one wins', async () => {
    const contenders = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const client = new Client(t.app);
        const { username, email } = fresh();
        await sendCode(client, email);
        return {
          client,
          body: form(username, email, lastCode(t.outbox, email), { placement: 'irene01', side: 'right' }),
        };
      }),
    );
    const replies = await Promise.all(contenders.map((c) => c.client.post('/api/auth/register', c.body)));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.code === 'PLACEMENT_SIDE_TAKEN')).toBe(
      true,
    );
  });
});
