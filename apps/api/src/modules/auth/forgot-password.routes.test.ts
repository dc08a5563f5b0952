import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import type { MessageSender } from '../../platform/mail';

/** A mail sender that holds every message until the test lets it go. */
function heldMail() {
  const waiting: Array<{ to: string; release: () => void }> = [];
  const sender: MessageSender = {
    send: (message) => new Promise<void>((release) => waiting.push({ to: message.to, release })),
  };
  const releaseAll = () => {
    for (const message of waiting.splice(0)) message.release();
  };
  return { sender, waiting, releaseAll };
}

let t: TestApp;
const mail = heldMail();
beforeAll(async () => {
  t = await createTestApp({}, { email: mail.sender });
});
afterAll(async () => {
  mail.releaseAll();
  await t.close();
});

describe('forgot password: a known login is no slower than an unknown one', () => {
  it('answers a known login before its mail is even handed over, so sending cannot be timed', async () => {
    const client = new Client(t.app);
    const known = await client.post('/api/auth/forgot-password/start', { login: 'alice01' });
    const unknown = await client.post('/api/auth/forgot-password/start', { login: 'ghost999' });
    expect(known.status).toBe(200);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    // The answers are in; the known member's mail is still waiting in the sender, and it is theirs.
    await expect.poll(() => mail.waiting.map((m) => m.to)).toEqual(['alice01@demo.local']);
    mail.releaseAll();
  });

  it('sends the unlock code after the answer too', async () => {
    const client = new Client(t.app);
    const known = await client.post('/api/auth/login-unlock/start', { login: 'bobby01' });
    const unknown = await client.post('/api/auth/login-unlock/start', { login: 'ghost999' });
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    await expect.poll(() => mail.waiting.map((m) => m.to)).toEqual(['bobby01@demo.local']);
    mail.releaseAll();
  });
});
