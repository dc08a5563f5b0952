import type { TMoneyHoldState, TNotificationPage, TProfile, TUserInfo } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, idOfMember, PAY_PASSWORD } from '../../../test/fixtures';
import {
  ageCodes,
  contactChangeCodes,
  DEMO_PASSWORD,
  endHolds,
  securityEvents,
  stepUpCode,
} from '../../../test/step-up';
import { Client, codeArriving, createTestApp, lastCode, type TestApp } from '../../../test/test-app';

// Decision 42: credential changes need the login password and a code to the current contact; after one,
// other sessions end, the old contact is told, the bell and the audit log show it, and money leaving the
// member is held for SECURITY_HOLD_HOURS (24 by default).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TRON = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';
const HOUR = 3600_000;
const emailOf = (username: string) => `${username}@demo.local`;

async function signedIn(username: string, password = DEMO_PASSWORD): Promise<Client> {
  const client = new Client(t.app);
  await client.login(username, password);
  return client;
}

/** What a thief holding a stolen bearer token has: nothing but the token. */
async function bearerOf(username: string): Promise<Client> {
  const reply = await new Client(t.app).post<{ token: string }>('/api/auth/token', {
    login: username,
    password: DEMO_PASSWORD,
  });
  const client = new Client(t.app);
  client.bearer = reply.body.token;
  return client;
}

const memberIdOf = (username: string) => idOfMember(t.db, username);

async function actionsOf(username: string): Promise<string[]> {
  return (await securityEvents(t.db, await memberIdOf(username))).map((e) => e.action);
}

async function stepUpFailures(username: string): Promise<number> {
  const rows = await t.db
    .selectFrom('audit_log')
    .select('id')
    .where('subject', '=', `member:${await memberIdOf(username)}`)
    .where('action', '=', 'security.step_up_failed')
    .execute();
  return rows.length;
}

async function holdOf(client: Client) {
  const reply = await client.get<TMoneyHoldState>('/api/me/money-hold');
  expect(reply.status).toBe(200);
  return reply.body;
}

async function transfer(client: Client) {
  return client.move('/api/wallet/transfer', {
    to: 'bobby01',
    currency: 'USDT',
    fromWallet: 'funds',
    toWallet: 'funds',
    amount: '10',
    password: await client.seal(PAY_PASSWORD),
  });
}

async function withdraw(client: Client) {
  return client.move('/api/wallet/withdrawals', {
    currency: 'USDT',
    wallet: 'funds',
    network: 'TRC20',
    amount: '50',
    password: await client.seal(PAY_PASSWORD),
  });
}

/** A member with a transaction password and a bound TRC20 address: ready to transfer and withdraw. */
async function moneyReady(username: string): Promise<Client> {
  await givePayPassword(t.db, username);
  const client = await signedIn(username);
  const code = await stepUpCode(t, client, 'withdraw_address', emailOf(username));
  const bound = await client.move('/api/wallet/withdraw-addresses', {
    network: 'TRC20',
    address: TRON,
    code,
    password: await client.seal(PAY_PASSWORD),
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  return client;
}

/** The newest security notice sent to `to`. */
function noticeTo(to: string) {
  return t.outbox.list(to).find((m) => m.subject === 'Security notice: your account was changed');
}

/** Money leaving the member is refused with MONEY_HELD until the hold ends; then it goes. */
async function expectHeldUntilTheHoldEnds(client: Client, username: string, reason: string) {
  const state = await holdOf(client);
  expect(state.hold?.reason).toBe(reason);
  expect(state.holdHours).toBe(24);
  const until = Date.parse(state.hold?.until ?? '');
  expect(Math.abs(until - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

  const held = await transfer(client);
  expect([held.status, held.body.code]).toEqual([423, 'MONEY_HELD']);
  expect(held.body.details).toMatchObject({ reason, until: state.hold?.until });
  const retry = (held.body.details as { retryAfterSeconds: number }).retryAfterSeconds;
  expect(retry).toBeGreaterThan(23 * 3600);
  expect(Number(held.headers['retry-after'])).toBe(retry);
  const heldOut = await withdraw(client);
  expect([heldOut.status, heldOut.body.code]).toEqual([423, 'MONEY_HELD']);
  expect(
    await t.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', await memberIdOf(username))
      .execute(),
  ).toEqual([]);

  await endHolds(t.db, await memberIdOf(username));
  expect((await holdOf(client)).hold).toBeNull();
  const sent = await transfer(client);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const out = await withdraw(client);
  expect(out.status, JSON.stringify(out.body)).toBe(200);
}

describe('the takeover chain of the security review', () => {
  it('is refused at its first step: a stolen token alone sends no code to a new email', async () => {
    const thief = await bearerOf('alice01');
    const contact = { channel: 'email', email: 'thief@evil.test' };
    const bare = await thief.post('/api/profile/contact/tac', { contact });
    expect([bare.status, bare.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const guessed = await thief.post('/api/profile/contact/tac', { contact, currentPassword: 'Guess12345' });
    expect([guessed.status, guessed.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    expect(t.outbox.list('thief@evil.test')).toEqual([]);

    // The later steps of the chain fail as well.
    const change = await thief.post('/api/profile/contact', {
      contact,
      currentPassword: 'Guess12345',
      currentCode: '123456',
      code: '123456',
    });
    expect([change.status, change.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const code = await stepUpCode(t, thief, 'transaction_password', emailOf('alice01'));
    expect(t.outbox.list('thief@evil.test')).toEqual([]);
    const secret = await thief.seal('Stolen123');
    const confirm = await thief.seal('Stolen123');
    const set = await thief.post('/api/me/transaction-password', { code, secret, confirm });
    expect([set.status, set.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const setGuessed = await thief.post('/api/me/transaction-password', {
      currentPassword: 'Guess12345',
      code,
      secret: await thief.seal('Stolen123'),
      confirm: await thief.seal('Stolen123'),
    });
    expect([setGuessed.status, setGuessed.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);

    const me = await thief.get<TUserInfo>('/api/me');
    expect([me.body.email, me.body.hasTransactionPassword]).toEqual([emailOf('alice01'), false]);
    expect(await actionsOf('alice01')).toEqual([]);
    // Each wrong guess is on the member's security activity.
    expect(await stepUpFailures('alice01')).toBe(3);
    expect((await holdOf(thief)).hold).toBeNull();
  });

  it('cannot guess the login password through step-up: guesses count with the login throttle', async () => {
    const thief = await bearerOf('tomas01');
    thief.ip = '10.77.0.1';
    const guess = (currentPassword: string) =>
      thief.post<{ code?: string; details?: { retryAfterSeconds?: number } }>('/api/profile/contact/tac', {
        contact: { channel: 'email', email: 'thief@evil.test' },
        currentPassword,
      });
    const answers: Array<[number, string | undefined, number | undefined]> = [];
    for (let i = 0; i < 5; i++) {
      const r = await guess(`Guess${i}2345`);
      answers.push([r.status, r.body.code, r.body.details?.retryAfterSeconds]);
    }
    expect(answers).toEqual([
      ...Array(4).fill([400, 'CURRENT_PASSWORD_WRONG', undefined]),
      [400, 'CURRENT_PASSWORD_WRONG', 30],
    ]);
    // The sixth try waits, even with the right password, and the login form from there counts the same.
    const right = await guess(DEMO_PASSWORD);
    expect([right.status, right.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    const login = new Client(t.app);
    login.ip = thief.ip;
    const viaLogin = await login.post('/api/auth/login', { login: 'tomas01', password: DEMO_PASSWORD });
    expect([viaLogin.status, viaLogin.body.code]).toEqual([429, 'LOGIN_THROTTLED']);
    expect(t.outbox.list('thief@evil.test')).toEqual([]);
    // The member's own device is not slowed by the thief's guesses.
    const member = new Client(t.app);
    member.ip = '10.77.0.2';
    expect((await member.login('tomas01', DEMO_PASSWORD)).username).toBe('tomas01');
    expect(await actionsOf('tomas01')).toEqual(['security.login_throttled']);
    expect(await stepUpFailures('tomas01')).toBe(5);
  });
});

describe('changing the login password', () => {
  it('needs the current password and a code sent to the current contact; a wrong one changes nothing', async () => {
    const bobby = await signedIn('bobby01');
    const body = { currentPassword: DEMO_PASSWORD, password: 'Fresh1234', confirmPassword: 'Fresh1234' };
    const noCode = await bobby.post('/api/me/password', body);
    expect([noCode.status, noCode.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const code = await stepUpCode(t, bobby, 'login_password', emailOf('bobby01'));
    const noPassword = await bobby.post('/api/me/password', { ...body, currentPassword: undefined, code });
    expect([noPassword.status, noPassword.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const wrongPassword = await bobby.post('/api/me/password', {
      ...body,
      currentPassword: 'Bad123456',
      code,
    });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const wrongCode = await bobby.post('/api/me/password', {
      ...body,
      code: code === '000000' ? '111111' : '000000',
    });
    expect([wrongCode.status, wrongCode.body.code]).toEqual([400, 'TAC_INVALID']);
    // A code of another purpose (sent to the same address) does not do.
    const otherCode = await stepUpCode(t, bobby, 'transaction_password', emailOf('bobby01'));
    const otherPurpose = await bobby.post('/api/me/password', { ...body, code: otherCode });
    expect([otherPurpose.status, otherPurpose.body.code]).toEqual([400, 'TAC_INVALID']);

    await signedIn('bobby01', DEMO_PASSWORD); // the old password still logs in
    expect((await bobby.get('/api/me')).status).toBe(200);
    expect(await actionsOf('bobby01')).toEqual([]);
    expect((await holdOf(bobby)).hold).toBeNull();
    expect(noticeTo(emailOf('bobby01'))).toBeUndefined();
  });

  it('ends the other sessions, tells the contact, rings the bell, is audited, and holds money leaving', async () => {
    const carol = await moneyReady('carol01');
    const otherDevice = await signedIn('carol01');
    const otherApp = await bearerOf('carol01');
    const code = await stepUpCode(t, carol, 'login_password', emailOf('carol01'));
    const changed = await carol.post('/api/me/password', {
      currentPassword: DEMO_PASSWORD,
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    for (const other of [otherDevice, otherApp]) {
      const gone = await other.get('/api/me');
      expect([gone.status, gone.body.code]).toEqual([401, 'SESSION_INVALID']);
    }
    expect((await carol.get('/api/me')).status).toBe(200);
    expect((await signedIn('carol01', 'Fresh1234')).cookie).toBeDefined();

    const hold = (await holdOf(carol)).hold;
    const notice = noticeTo(emailOf('carol01'));
    expect(notice?.text).toContain('The login password of your account carol01 was changed.');
    expect(notice?.text).toContain('Transfers and withdrawals are held until');
    const bell = await carol.get<TNotificationPage>('/api/notifications');
    expect(bell.body.items[0]).toMatchObject({
      kind: 'security_change',
      params: { change: 'password_changed', until: hold?.until },
    });
    const events = await securityEvents(t.db, await memberIdOf('carol01'));
    expect(events.map((e) => e.action)).toEqual(['security.password_changed', 'security.money_hold_started']);
    expect(events[1]?.detail).toEqual({ reason: 'password_changed', until: hold?.until });
    expect(events[0]?.ip).toBe('10.0.0.1');

    await expectHeldUntilTheHoldEnds(carol, 'carol01', 'password_changed');
  });
});

describe('changing the email or mobile', () => {
  it('needs the password, a code to the current contact and one to the new; each wrong one changes nothing', async () => {
    const david = await signedIn('david01');
    const contact = { channel: 'email' as const, email: 'david.new@mail.test' };
    const { currentCode, code } = await contactChangeCodes(t, david, contact, emailOf('david01'));
    expect(currentCode).not.toBe(code);
    const body = { contact, currentPassword: DEMO_PASSWORD, currentCode, code };
    const wrong = (c: string) => (c === '000000' ? '111111' : '000000');

    const noCurrentCode = await david.post('/api/profile/contact', { ...body, currentCode: undefined });
    expect([noCurrentCode.status, noCurrentCode.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const wrongPassword = await david.post('/api/profile/contact', { ...body, currentPassword: 'Bad123456' });
    expect([wrongPassword.status, wrongPassword.body.code]).toEqual([400, 'CURRENT_PASSWORD_WRONG']);
    const wrongCurrent = await david.post('/api/profile/contact', {
      ...body,
      currentCode: wrong(currentCode),
    });
    expect([wrongCurrent.status, wrongCurrent.body.code, wrongCurrent.body.details]).toEqual([
      400,
      'TAC_INVALID',
      { field: 'currentCode' },
    ]);
    const wrongNew = await david.post('/api/profile/contact', { ...body, code: wrong(code) });
    expect([wrongNew.status, wrongNew.body.code, wrongNew.body.details]).toEqual([
      400,
      'TAC_INVALID',
      { field: 'code' },
    ]);
    // The codes swapped: the new address's code is no proof from the current one.
    const swapped = await david.post('/api/profile/contact', {
      ...body,
      currentCode: code,
      code: currentCode,
    });
    expect(swapped.body.code).toBe('TAC_INVALID');

    const row = await t.db
      .selectFrom('members')
      .select('email')
      .where('username', '=', 'david01')
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(emailOf('david01'));
    expect(await actionsOf('david01')).toEqual([]);
    expect((await holdOf(david)).hold).toBeNull();

    // A refused new code left the current one unused: the right pair still works.
    const done = await david.post<TProfile>('/api/profile/contact', body);
    expect([done.status, done.body.email]).toEqual([200, 'david.new@mail.test']);
  });

  it('tells the OLD address, ends the other sessions, rings the bell, is audited, and holds money leaving', async () => {
    const emily = await moneyReady('emily01');
    const otherDevice = await signedIn('emily01');
    const contact = { channel: 'email' as const, email: 'emily.new@mail.test' };
    const codes = await contactChangeCodes(t, emily, contact, emailOf('emily01'));
    const changed = await emily.post<TProfile>('/api/profile/contact', {
      contact,
      currentPassword: DEMO_PASSWORD,
      ...codes,
    });
    expect([changed.status, changed.body.email]).toEqual([200, 'emily.new@mail.test']);

    const gone = await otherDevice.get('/api/me');
    expect([gone.status, gone.body.code]).toEqual([401, 'SESSION_INVALID']);
    expect((await emily.get('/api/me')).status).toBe(200);
    const notice = noticeTo(emailOf('emily01'));
    expect(notice?.text).toContain(
      'The email or mobile number of your account emily01 was changed to e***w@mail.test.',
    );
    expect(noticeTo('emily.new@mail.test')).toBeUndefined();
    const bell = await emily.get<TNotificationPage>('/api/notifications');
    expect(bell.body.items[0]).toMatchObject({
      kind: 'security_change',
      params: { change: 'contact_changed' },
    });
    const events = await securityEvents(t.db, await memberIdOf('emily01'));
    expect(events.map((e) => e.action)).toEqual(['security.contact_changed', 'security.money_hold_started']);
    expect(events[0]?.detail).toEqual({ channel: 'email', from: 'e***1@demo.local', to: 'e***w@mail.test' });

    await expectHeldUntilTheHoldEnds(emily, 'emily01', 'contact_changed');
  });

  it('tells an old mobile number by SMS, besides the email', async () => {
    await t.db
      .updateTable('members')
      .set({ mobile: '+60111222333' })
      .where('username', '=', 'frank01')
      .execute();
    const frank = await signedIn('frank01');
    const contact = { channel: 'mobile' as const, prefix: '+60', mobile: '199988877' };
    // The proof comes from the current contact, the email; the new number gets its own code.
    const codes = await contactChangeCodes(t, frank, contact, emailOf('frank01'));
    const changed = await frank.post<TProfile>('/api/profile/contact', {
      contact,
      currentPassword: DEMO_PASSWORD,
      ...codes,
    });
    expect([changed.status, changed.body.mobile]).toEqual([200, '+60199988877']);
    const sms = t.outbox.list('+60111222333')[0];
    expect([sms?.channel, sms?.subject]).toEqual(['sms', 'Security notice: your account was changed']);
    expect(sms?.text).toContain('was changed to +60******877.');
    expect(noticeTo(emailOf('frank01'))).toBeDefined();
  });

  it('sends its notice in the member’s language', async () => {
    await t.db.updateTable('members').set({ language: 'de' }).where('username', '=', 'grace01').execute();
    const grace = await signedIn('grace01');
    const contact = { channel: 'email' as const, email: 'grace.neu@mail.test' };
    const codes = await contactChangeCodes(t, grace, contact, emailOf('grace01'));
    expect(
      (await grace.post('/api/profile/contact', { contact, currentPassword: DEMO_PASSWORD, ...codes }))
        .status,
    ).toBe(200);
    const notice = t.outbox.list(emailOf('grace01'))[0];
    expect(notice?.subject).toBe('Sicherheitshinweis: Ihr Konto wurde geändert');
    expect(notice?.text).toContain('bis');
  });
});

describe('the transaction password', () => {
  it('is set only with the login password and a code to the current contact; the first one holds money too', async () => {
    const henry = await signedIn('henry01');
    const code = await stepUpCode(t, henry, 'transaction_password', emailOf('henry01'));
    const sealedTwice = async () => ({
      secret: await henry.seal(PAY_PASSWORD),
      confirm: await henry.seal(PAY_PASSWORD),
    });
    const noPassword = await henry.post('/api/me/transaction-password', { code, ...(await sealedTwice()) });
    expect(noPassword.body.code).toBe('VALIDATION_FAILED');
    const wrongPassword = await henry.post('/api/me/transaction-password', {
      currentPassword: 'Bad123456',
      code,
      ...(await sealedTwice()),
    });
    expect(wrongPassword.body.code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await henry.get<TUserInfo>('/api/me')).body.hasTransactionPassword).toBe(false);

    const otherDevice = await signedIn('henry01');
    const set = await henry.post('/api/me/transaction-password', {
      currentPassword: DEMO_PASSWORD,
      code,
      ...(await sealedTwice()),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await otherDevice.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect(noticeTo(emailOf('henry01'))?.text).toContain(
      'A transaction password was set on your account henry01.',
    );
    expect(await actionsOf('henry01')).toEqual([
      'security.transaction_password_set',
      'security.money_hold_started',
    ]);
    expect((await holdOf(henry)).hold?.reason).toBe('transaction_password_set');
    const held = await transfer(henry);
    expect(held.body.code).toBe('MONEY_HELD');
  });

  it('a change is recorded as changed and holds money', async () => {
    const irene = await moneyReady('irene01');
    const code = await stepUpCode(t, irene, 'transaction_password', emailOf('irene01'));
    const changed = await irene.post('/api/me/transaction-password', {
      currentPassword: DEMO_PASSWORD,
      code,
      secret: await irene.seal(PAY_PASSWORD),
      confirm: await irene.seal(PAY_PASSWORD),
    });
    expect(changed.status).toBe(200);
    const kinds = (await actionsOf('irene01')).filter((a) => a !== 'security.money_hold_started');
    expect(kinds).toEqual(['security.transaction_password_changed']);
    await expectHeldUntilTheHoldEnds(irene, 'irene01', 'transaction_password_changed');
  });
});

describe('a forgotten login password, reset by code', () => {
  it('holds money, tells the contact, rings the bell, and is audited', async () => {
    const jacky = await moneyReady('jacky01');
    await ageCodes(t.db);
    const visitor = new Client(t.app);
    const earlier = lastCode(t.outbox, emailOf('jacky01')); // the step-up code moneyReady used
    expect((await visitor.post('/api/auth/forgot-password/start', { login: 'jacky01' })).status).toBe(200);
    const reset = await visitor.post('/api/auth/forgot-password/reset', {
      login: 'jacky01',
      // The code goes out after the answer (decision 43): wait for it.
      code: await codeArriving(t.outbox, emailOf('jacky01'), earlier),
      password: 'Brand1234',
      confirmPassword: 'Brand1234',
    });
    expect(reset.status).toBe(200);
    expect((await jacky.get('/api/me')).body.code).toBe('SESSION_INVALID');
    expect(noticeTo(emailOf('jacky01'))?.text).toContain('All your devices were signed out.');
    const back = await signedIn('jacky01', 'Brand1234');
    const bell = await back.get<TNotificationPage>('/api/notifications');
    expect(bell.body.items[0]).toMatchObject({
      kind: 'security_change',
      params: { change: 'password_reset' },
    });
    expect(await actionsOf('jacky01')).toEqual(['security.password_reset', 'security.money_hold_started']);
    await expectHeldUntilTheHoldEnds(back, 'jacky01', 'password_reset');
  });
});

describe('what is held, and who sees it', () => {
  it('holds airdrops and mining stock transfers too, but not conversions between the member’s own coins', async () => {
    const kevin = await moneyReady('kevin01');
    const code = await stepUpCode(t, kevin, 'login_password', emailOf('kevin01'));
    const changed = await kevin.post('/api/me/password', {
      currentPassword: DEMO_PASSWORD,
      code,
      password: 'Fresh1234',
      confirmPassword: 'Fresh1234',
    });
    expect(changed.status).toBe(200);
    const airdrop = await kevin.move('/api/wallet/airdrop', {
      to: 'bobby01',
      currency: 'AIRDROP',
      amount: '1',
      password: await kevin.seal(PAY_PASSWORD),
    });
    expect(airdrop.body.code).toBe('MONEY_HELD');
    const pkg = await t.db.selectFrom('mining_packages').select('id').limit(1).executeTakeFirstOrThrow();
    const stock = await kevin.move('/api/mining/stock/transfer', {
      packageId: pkg.id,
      to: 'bobby01',
      units: 1,
      password: await kevin.seal(PAY_PASSWORD),
    });
    expect(stock.body.code).toBe('MONEY_HELD');
    const address = await kevin.move('/api/wallet/withdraw-addresses', {
      network: 'ERC20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      code: '123456',
      password: await kevin.seal(PAY_PASSWORD),
    });
    expect(address.body.code).toBe('MONEY_HELD');

    const pairs = await kevin.get<{ items: Array<{ id: string; fromCurrency: string; toCurrency: string }> }>(
      '/api/wallet/exchange/pairs',
    );
    const pair = pairs.body.items.find((p) => p.fromCurrency === 'MCOIN' && p.toCurrency === 'USDT')!;
    const quote = await kevin.post<{ quoteToken: string }>('/api/wallet/exchange/quote', {
      pairId: pair.id,
      amount: '100',
    });
    const converted = await kevin.move('/api/wallet/exchange', {
      pairId: pair.id,
      amount: '100',
      quoteToken: quote.body.quoteToken,
      password: await kevin.seal(PAY_PASSWORD),
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
  });

  it('shows the member only their own hold, and nothing to a visitor', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/me/money-hold' });
    expect([visitor.statusCode, visitor.json().code]).toEqual([401, 'SESSION_INVALID']);
    // Nor does a visitor reach any step of a credential change.
    const stranger = new Client(t.app);
    const steps = await Promise.all([
      stranger.post('/api/me/tac', { purpose: 'login_password' }),
      stranger.post('/api/me/password', {
        currentPassword: DEMO_PASSWORD,
        code: '123456',
        password: 'Fresh1234',
        confirmPassword: 'Fresh1234',
      }),
      stranger.post('/api/me/transaction-password', { currentPassword: DEMO_PASSWORD, code: '123456' }),
      stranger.post('/api/profile/contact/tac', {
        contact: { channel: 'email', email: 'eve@x.test' },
        currentPassword: DEMO_PASSWORD,
      }),
    ]);
    expect(steps.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([401, 'SESSION_INVALID']));
    // kevin01 is held (above); quinn01 is not, and sees no hold.
    const quinn = await signedIn('quinn01');
    expect(await holdOf(quinn)).toEqual({ hold: null, transactionPasswordLockedUntil: null, holdHours: 24 });
  });
});
