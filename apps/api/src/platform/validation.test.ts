import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../../test/admin-session';
import { Client, createTestApp, type TestApp } from '../../test/test-app';
import { findControlCharacter } from './validation';

let t: TestApp;
let member: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  member = new Client(t.app);
  await member.login('alice01');
  admin = new Client(t.app);
  await loginAdmin(admin);
});
afterAll(() => t.close());

const refusedForText = (reply: { status: number; body: Record<string, unknown> }) => ({
  status: reply.status,
  code: reply.body.code,
  field: (reply.body.details as { fields?: { code: string }[] } | undefined)?.fields?.[0]?.code,
});
const REFUSED = { status: 400, code: 'VALIDATION_FAILED', field: 'TEXT_INVALID_CHARACTER' };

describe('control characters in text', () => {
  it('finds them in strings and keys at any depth, and lets tab, line feed and carriage return through', () => {
    expect(findControlCharacter({ a: ['ok', { b: 'x\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findControlCharacter({ 'k\u0001': 1 })).toEqual(['k\u0001']);
    expect(findControlCharacter({ text: 'line\none\ttab\r\n' })).toBeNull();
    expect(findControlCharacter('\u001f')).toEqual([]);
    expect(findControlCharacter({ n: 1, b: true, z: null })).toBeNull();
    // half a surrogate pair is no character; a whole pair (an emoji) is one
    expect(findControlCharacter({ name: 'x\ud800' })).toEqual(['name']);
    expect(findControlCharacter({ name: '\udc00x' })).toEqual(['name']);
    expect(findControlCharacter({ name: 'ok 😀' })).toBeNull();
  });

  // The 13 operations that answered 500 to a NUL before the check (issue 18).
  it('NUL is refused with 400 VALIDATION_FAILED on every operation that answered 500', async () => {
    const anonymous = new Client(t.app);
    const replies = {
      login: await anonymous.post('/api/auth/login', { login: 'alice\u0000', password: 'Demo12345' }),
      token: await anonymous.post('/api/auth/token', { login: 'alice\u0000', password: 'Demo12345' }),
      forgot: await anonymous.post('/api/auth/forgot-password/start', { username: 'a\u0000' }),
      sponsor: await anonymous.get('/api/auth/check-sponsor?sponsor=a%00b'),
      recipient: await member.get('/api/wallet/recipient?username=bob%00'),
      members: await admin.get('/api/admin/members?q=%00'),
      withdrawals: await admin.get('/api/admin/withdrawals?q=%00'),
      category: await admin.post('/api/admin/mining/categories', { name: 'GPU\u0000', sort: 1 }),
      about: await admin.call('PUT', '/api/admin/about', { text: { 'en-US': 'About\u0000us' } }),
    };
    for (const [name, reply] of Object.entries(replies))
      expect([name, refusedForText(reply)]).toEqual([name, REFUSED]);
  });

  it('other C0 characters and lone surrogates are refused; tab and line breaks in multi-line text are kept', async () => {
    for (const bad of ['\u0001', '\u0007', '\u001b[31m', '\u000b', '\u000c', '\ud800']) {
      const reply = await admin.call('PUT', '/api/admin/about', { text: { 'en-US': `About${bad}us` } });
      expect(refusedForText(reply)).toEqual(REFUSED);
    }
    const ok = await admin.call('PUT', '/api/admin/about', {
      text: { 'en-US': 'About us\n\tline two\r\nthree' },
    });
    expect(ok.status).toBe(200);
    expect((await member.get('/api/about')).body.text).toBe('About us\n\tline two\r\nthree');
  });
});

describe('exchange pair rate', () => {
  it('a rate of 0 (in any spelling) is refused with AMOUNT_INVALID, and the pair keeps its rate', async () => {
    const pairs = await admin.get<{ items: { id: string; rate: string; mode?: string }[] }>(
      '/api/admin/exchange-pairs',
    );
    const pair = pairs.body.items[0]!;
    for (const rate of ['0', '0.0', '00.000']) {
      const reply = await admin.call('PUT', `/api/admin/exchange-pairs/${pair.id}`, { rate });
      expect([rate, reply.status, reply.body.code]).toEqual([rate, 400, 'VALIDATION_FAILED']);
    }
    const after = await admin.get<{ items: { id: string; rate: string }[] }>('/api/admin/exchange-pairs');
    expect(after.body.items.find((p) => p.id === pair.id)?.rate).toBe(pair.rate);
    expect((await admin.call('PUT', `/api/admin/exchange-pairs/${pair.id}`, { rate: '0.5' })).status).toBe(
      200,
    );
  });
});
