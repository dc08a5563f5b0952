import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createTestApp, lastCode, type TestApp } from '../../../test/test-app';
import { loadRsaKeyPair } from '../../platform/keys';
import { createMembersRepository } from '../members/members.repository';
import { createAuthService } from './auth.service';
import { createSealedService } from './sealed.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function codeFor(client: Client, email: string) {
  const sent = await client.post('/api/me/tac', { purpose: 'transaction_password' });
  expect(sent.status).toBe(200);
  return lastCode(t.outbox, email);
}

describe('transaction password', () => {
  it('is set with a TAC code and a value sealed with RSA-OAEP', async () => {
    const client = new Client(t.app);
    expect((await client.login('alice01')).hasTransactionPassword).toBe(false);
    const code = await codeFor(client, 'alice01@demo.local');
    const reply = await client.post('/api/me/transaction-password', {
      code,
      secret: await client.seal('Pay12345'),
      confirm: await client.seal('Pay12345'),
    });
    expect(reply.status).toBe(200);
    expect((await client.get('/api/me')).body.hasTransactionPassword).toBe(true);
    const stored = await t.db
      .selectFrom('members')
      .select('transaction_password_hash')
      .where('username', '=', 'alice01')
      .executeTakeFirstOrThrow();
    expect(stored.transaction_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a replayed ciphertext (its nonce is used up)', async () => {
    const client = new Client(t.app);
    await client.login('bobby01');
    const secret = await client.seal('Pay12345');
    const confirm = await client.seal('Pay12345');
    const first = await client.post('/api/me/transaction-password', {
      code: await codeFor(client, 'bobby01@demo.local'),
      secret,
      confirm,
    });
    expect(first.status).toBe(200);
    await t.db
      .updateTable('tac_codes')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .execute();
    const replay = await client.post('/api/me/transaction-password', {
      code: await codeFor(client, 'bobby01@demo.local'),
      secret,
      confirm,
    });
    expect([replay.status, replay.body.code]).toEqual([400, 'NONCE_INVALID']);
  });

  it("refuses a nonce issued to another member's session", async () => {
    const thief = new Client(t.app);
    await thief.login('carol01');
    const victim = new Client(t.app);
    await victim.login('david01');
    const stolenNonce = (await victim.post<{ nonce: string }>('/api/crypto/nonce')).body.nonce;
    const reply = await thief.post('/api/me/transaction-password', {
      code: await codeFor(thief, 'carol01@demo.local'),
      secret: await thief.seal('Pay12345', stolenNonce),
      confirm: await thief.seal('Pay12345'),
    });
    expect(reply.body.code).toBe('NONCE_INVALID');
  });

  it('refuses garbage ciphertext, a mismatch, and a wrong TAC, changing nothing', async () => {
    const client = new Client(t.app);
    await client.login('emily01');
    const code = await codeFor(client, 'emily01@demo.local');
    const garbage = await client.post('/api/me/transaction-password', {
      code,
      secret: { keyId: (await client.seal('x')).keyId, ciphertext: Buffer.alloc(384, 1).toString('base64') },
      confirm: await client.seal('Pay12345'),
    });
    expect(garbage.body.code).toBe('SEALED_INVALID');
    const mismatch = await client.post('/api/me/transaction-password', {
      code,
      secret: await client.seal('Pay12345'),
      confirm: await client.seal('Pay99999'),
    });
    expect(mismatch.body.code).toBe('PASSWORD_MISMATCH');
    const wrongCode = await client.post('/api/me/transaction-password', {
      code: code === '000000' ? '111111' : '000000',
      secret: await client.seal('Pay12345'),
      confirm: await client.seal('Pay12345'),
    });
    expect(wrongCode.body.code).toBe('TAC_INVALID');
    expect((await client.get('/api/me')).body.hasTransactionPassword).toBe(false);
  });

  it('is verified for later money actions: right, wrong, and not set', async () => {
    const client = new Client(t.app);
    await client.login('alice01');
    const me = await client.get<{ userid: string }>('/api/me');
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', me.body.userid)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const sealedService = createSealedService({ db: t.db, rsa: loadRsaKeyPair(inject('keysDir')) });
    // Only the parts verifyTransactionPassword uses are real; the others are never touched.
    const auth = createAuthService({
      db: t.db,
      members: createMembersRepository(t.db),
      sessions: {} as never,
      tac: {} as never,
      sealed: sealedService,
      mfa: {} as never,
    });
    await expect(
      auth.verifyTransactionPassword(me.body.userid, session.id, await client.seal('Pay12345')),
    ).resolves.toBeUndefined();
    await expect(
      auth.verifyTransactionPassword(me.body.userid, session.id, await client.seal('Wrong999')),
    ).rejects.toMatchObject({ code: 'TRANSACTION_PASSWORD_WRONG' });
    const fresh = new Client(t.app);
    const frank = await fresh.login('frank01');
    const frankSession = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', frank.userid)
      .executeTakeFirstOrThrow();
    await expect(
      auth.verifyTransactionPassword(frank.userid, frankSession.id, await fresh.seal('Pay12345')),
    ).rejects.toMatchObject({ code: 'TRANSACTION_PASSWORD_NOT_SET' });
  });
});
