import type { TReceipt, TWalletOverview } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD, transferToBobby } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A transfer whose server died while running it, retried by the client under the same Idempotency-Key. The
 * dead process is simulated by what it leaves in the database: the key 'running' with nobody holding its
 * session lock, and (in the second case) the ledger transfer already committed and the sealed password's
 * nonce already used up.
 */
let t: TestApp;
let alice: Client;

async function funds(client: Client): Promise<string> {
  const { body } = await client.get<TWalletOverview>('/api/wallet');
  return body.currencies.find((c) => c.currency === 'USDT')?.wallets.find((w) => w.wallet === 'funds')
    ?.available as string;
}

/** Makes a finished key look as its process left it when it died before recording the answer. */
async function dieBeforeAnswering(key: string): Promise<void> {
  await sql`
    UPDATE idempotency_keys
    SET status = 'running', owner = gen_random_uuid(), response_status = NULL, response_type = NULL,
        response_body = NULL
    WHERE key = ${key}`.execute(t.db);
}

beforeAll(async () => {
  t = await createTestApp();
  await givePayPassword(t.db, 'alice01');
  alice = new Client(t.app);
  await alice.login('alice01');
});
afterAll(() => t.close());

describe('a money request retried after its server died', () => {
  it('died after the money moved: the retry answers the same receipt at once, and nothing moves twice', async () => {
    const before = await funds(alice);
    const body = await transferToBobby(alice, '5');
    const first = await alice.move<TReceipt>('/api/wallet/transfer', body, 'crash-after-commit');
    expect(first.status).toBe(200);
    await dieBeforeAnswering('crash-after-commit');

    // The client never got that answer and sends the very same request again.
    const retry = await alice.move<TReceipt>('/api/wallet/transfer', body, 'crash-after-commit');
    expect([retry.status, (retry.body as { code?: string }).code]).toEqual([200, undefined]);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.amount).toBe(first.body.amount);
    expect(await funds(alice)).toBe((Number(before) - 5).toFixed(6));
    const moved = await t.db
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', '=', first.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(moved.n)).toBe(1);
    // and the key is finished now: one more retry is a replay
    const replay = await alice.move<TReceipt>('/api/wallet/transfer', body, 'crash-after-commit');
    expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
  });

  it('died after the password check, before the money moved: the retry moves it, once', async () => {
    const before = await funds(alice);
    const sealed = await alice.seal(PAY_PASSWORD);
    const body = {
      to: 'bobby01',
      currency: 'USDT',
      fromWallet: 'funds',
      toWallet: 'funds',
      amount: '2',
      memo: '',
      // as the server reads it (the schema keeps keyId and ciphertext), so the hash is the server's
      password: { keyId: sealed.keyId, ciphertext: sealed.ciphertext },
    };
    // What the dead attempt did: claimed the key and used the nonce up, nothing more.
    const member = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'alice01')
      .executeTakeFirstOrThrow();
    const { requestHash } = await import('../../platform/idempotency');
    await t.db
      .insertInto('idempotency_keys')
      .values({
        member_id: member.id,
        key: 'crash-before-commit',
        request_hash: requestHash('POST', '/api/wallet/transfer', body),
        status: 'running',
        owner: crypto.randomUUID(),
      })
      .execute();
    await t.db
      .updateTable('crypto_nonces')
      .set({ used_at: new Date(), used_for: `${member.id}:crash-before-commit` })
      .where('nonce', '=', sealed.nonce)
      .execute();

    const retry = await alice.move<TReceipt>('/api/wallet/transfer', body, 'crash-before-commit');
    expect([retry.status, (retry.body as { code?: string }).code]).toEqual([200, undefined]);
    expect(await funds(alice)).toBe((Number(before) - 2).toFixed(6));
  });

  it('the used nonce still refuses any other request: a new key with the same sealed password is NONCE_INVALID', async () => {
    const body = await transferToBobby(alice, '1');
    expect((await alice.move('/api/wallet/transfer', body, 'nonce-first')).status).toBe(200);
    const other = await alice.move('/api/wallet/transfer', body, 'nonce-second');
    expect([other.status, other.body.code]).toEqual([400, 'NONCE_INVALID']);
  });
});
