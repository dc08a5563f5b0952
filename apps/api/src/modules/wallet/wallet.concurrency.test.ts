import { constants, createPublicKey, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createLedgerService } from '../ledger/ledger.service';

/**
 * Many clients at once through real HTTP (a socket, not inject), among a few hot members: transfers,
 * exchanges and withdrawals. Clients give up waiting after a short, random time and retry with the same
 * Idempotency-Key, as a phone on a bad network would. Afterwards every acknowledged request must be in the
 * books exactly once, every refused one not at all, and the books must balance.
 */

const CLIENTS = 32;
const REQUESTS_PER_CLIENT = 6;
const HOT = ['alice01', 'bobby01', 'carol01', 'david01'];
const TRON = 'TAcWbsKJryUGAGqHSJWa8bhgZQJtkvCaGd';

let t: TestApp;
let base: string;
let publicKey: ReturnType<typeof createPublicKey>;
let keyId: string;
const tokens = new Map<string, string>();

type Kind = 'transfer' | 'exchange' | 'withdrawal';
interface Outcome {
  key: string;
  kind: Kind;
  status: number;
  body: Record<string, unknown>;
  attempts: number;
}

async function http(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers = {},
  timeoutMs = 60_000,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function sealed(token: string) {
  const { body } = await http('POST', '/api/crypto/nonce', token, {});
  const ciphertext = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify({ n: body.nonce, v: PAY_PASSWORD })),
  ).toString('base64');
  return { keyId, ciphertext };
}

const amount = (min: number, max: number) =>
  `${randomInt(min, max)}.${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

/** Sends one request until it gets a final answer, retrying with the same key and body after timeouts. */
async function untilAnswered(kind: Kind, token: string, path: string, body: unknown): Promise<Outcome> {
  const key = randomUUID();
  for (let attempt = 1; attempt <= 60; attempt++) {
    // Impatient at first (some answers are still on their way when the client gives up), then patient.
    const timeoutMs = attempt < 4 ? randomInt(5, 120) : 5_000;
    try {
      const reply = await http('POST', path, token, body, { 'idempotency-key': key }, timeoutMs);
      if (reply.status === 409 && reply.body.code === 'IDEMPOTENCY_IN_PROGRESS') {
        // A real client's back-off before it asks again: part of the random timing under test (it spreads
        // the retries over the other request's run), not a wait for an outcome; the answer is the signal.
        await new Promise((r) => setTimeout(r, randomInt(5, 40)));
        continue;
      }
      return { key, kind, status: reply.status, body: reply.body, attempts: attempt };
    } catch {
      // timed out on our side: the server may still finish it; ask again with the same key
    }
  }
  throw new Error(`no final answer for ${kind} ${key}`);
}

async function randomRequest(pairId: string): Promise<Outcome> {
  const from = HOT[randomInt(HOT.length)]!;
  const token = tokens.get(from)!;
  const kind = (['transfer', 'exchange', 'withdrawal'] as const)[randomInt(3)]!;
  const password = await sealed(token);
  if (kind === 'transfer') {
    const others = HOT.filter((m) => m !== from);
    return untilAnswered(kind, token, '/api/wallet/transfer', {
      to: others[randomInt(others.length)],
      currency: 'USDT',
      fromWallet: 'funds',
      toWallet: 'funds',
      amount: amount(1, 120),
      password,
    });
  }
  if (kind === 'exchange') {
    const value = amount(1, 60);
    const quote = await http('POST', '/api/wallet/exchange/quote', token, { pairId, amount: value });
    return untilAnswered(kind, token, '/api/wallet/exchange', {
      pairId,
      amount: value,
      quoteToken: quote.body.quoteToken,
      password,
    });
  }
  return untilAnswered(kind, token, '/api/wallet/withdrawals', {
    currency: 'USDT',
    wallet: 'funds',
    network: 'TRC20',
    amount: amount(20, 150),
    password,
  });
}

beforeAll(async () => {
  t = await createTestApp({ MONEY_RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const key = (await (await fetch(`${base}/api/crypto/public-key`)).json()) as {
    keyId: string;
    spki: string;
  };
  keyId = key.keyId;
  publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
  for (const username of HOT) {
    await givePayPassword(t.db, username);
    const member = await t.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    // Binding has tests of its own (TAC code and all); here the address is simply there.
    await t.db
      .insertInto('withdrawal_addresses')
      .values({ member_id: member.id, network: 'TRC20', address: TRON })
      .execute();
    const login = await fetch(`${base}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: username, password: 'Demo12345' }),
    });
    tokens.set(username, ((await login.json()) as { token: string }).token);
  }
}, 60_000);
afterAll(async () => {
  // fetch keeps its sockets alive; without this the server's close waits for them to time out.
  t.app.server.closeAllConnections();
  await t.close();
});

describe('money requests under concurrency and retries, through HTTP', () => {
  it('applies every acknowledged request exactly once and nothing else; the books balance', async () => {
    const pairs = await http('GET', '/api/wallet/exchange/pairs', tokens.get('alice01')!);
    const pair = (pairs.body.items as Array<{ id: string; fromCurrency: string; toCurrency: string }>).find(
      (p) => p.fromCurrency === 'USDT' && p.toCurrency === 'USDC',
    )!;

    const outcomes = (
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const mine: Outcome[] = [];
          for (let i = 0; i < REQUESTS_PER_CLIENT; i++) mine.push(await randomRequest(pair.id));
          return mine;
        }),
      )
    ).flat();

    expect(outcomes).toHaveLength(CLIENTS * REQUESTS_PER_CLIENT);
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    // Refusals are business answers (a hot member ran out of money), never server faults.
    expect(refused.every((o) => o.status < 500 && typeof o.body.code === 'string')).toBe(true);
    expect(new Set(refused.map((o) => o.body.code))).toEqual(
      new Set(refused.length ? ['LEDGER_INSUFFICIENT_FUNDS'] : []),
    );
    expect(accepted.length).toBeGreaterThan(outcomes.length / 3);
    expect(outcomes.some((o) => o.attempts > 1)).toBe(true);

    // Every ledger transfer a member's request made, by the request's key.
    const rows = await t.db
      .selectFrom('ledger_transfers')
      .select([sql<string>`meta->>'requestKey'`.as('key'), 'kind', 'status', 'id'])
      .where(sql<boolean>`meta ? 'requestKey'`)
      .execute();
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);

    const expectedRows: Record<Kind, string[]> = {
      transfer: ['transfer'],
      exchange: ['exchange', 'exchange', 'fee'],
      withdrawal: ['withdrawal'],
    };
    for (const o of accepted) {
      expect([o.kind, (byKey.get(o.key) ?? []).map((r) => r.kind).sort()]).toEqual([
        o.kind,
        expectedRows[o.kind].sort(),
      ]);
      expect(byKey.get(o.key)!.map((r) => r.id)).toContain(o.body.id);
    }
    for (const o of refused) expect(byKey.get(o.key)).toBeUndefined();
    expect(byKey.size).toBe(accepted.length);

    const withdrawals = await t.db.selectFrom('withdrawals').select('id').execute();
    expect(withdrawals.length).toBe(accepted.filter((o) => o.kind === 'withdrawal').length);
    const running = await t.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('status', '=', 'running')
      .execute();
    expect(running).toEqual([]);

    const audit = await createLedgerService({ db: t.db }).audit();
    expect(audit).toEqual({ unbalanced: [], mismatchedAccounts: [] });
    const negative = await t.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', 'is not', null)
      .where(sql<boolean>`credits_posted - debits_posted - debits_pending < 0`)
      .execute();
    expect(negative).toEqual([]);
  }, 180_000);
});
