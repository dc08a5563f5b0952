import type { TExchangeKey, TExchangeKeys } from '@app/contracts';
import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { givePayPassword, idOfMember, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, MASTER_KEY, type TestApp } from '../../../test/test-app';
import { createSecretBox } from '../../platform/secret-box';

const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';

let t: TestApp;
let binance: MockExchange;
const clients: Record<string, Client> = {};

async function as(username: string, ip: string): Promise<Client> {
  if (clients[username]) return clients[username];
  await givePayPassword(t.db, username);
  const client = new Client(t.app);
  client.ip = ip;
  await client.login(username);
  clients[username] = client;
  return client;
}

async function bindBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    exchange: 'binance',
    apiKey: API_KEY,
    secret: await client.seal(SECRET),
    password: await client.seal(PAY_PASSWORD),
    ...overrides,
  };
}

async function keysOf(client: Client): Promise<TExchangeKey[]> {
  const reply = await client.get<TExchangeKeys>('/api/exchange-keys');
  expect(reply.status).toBe(200);
  return reply.body.items;
}

async function countKeys(): Promise<number> {
  const row = await t.db
    .selectFrom('exchange_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every column of every row of a table, as PostgreSQL prints it (bytea as hex, jsonb as text). */
async function dump(table: 'exchange_keys' | 'audit_log'): Promise<string> {
  const rows = await sql<{ line: string }>`SELECT t::text AS line FROM ${sql.table(table)} t`.execute(t.db);
  return rows.rows.map((r) => r.line).join('\n');
}

beforeAll(async () => {
  binance = await startMockExchange('binance', { apiKey: API_KEY, secret: SECRET });
  // The app's own wiring: connectorFor's ccxt Binance connector, its API pointed at the mock exchange.
  t = await createTestApp({
    EXCHANGE_API_URLS: `binance=${binance.url},bybit=${binance.url}`,
    EGRESS_IPS: '203.0.113.7, 203.0.113.8',
    EXCHANGE_KEY_RATE_LIMIT_PER_MINUTE: '8',
  });
});
afterAll(async () => {
  await t.close();
  await binance.close();
});
beforeEach(() => {
  binance.setKeyRights({
    withdraw: false,
    internalTransfer: false,
    universalTransfer: false,
    ipWhitelist: [],
  });
});

describe('binding an exchange API key', () => {
  it('refuses a visitor without a session (401) on every key route', async () => {
    const visitor = new Client(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const replies = await Promise.all([
      visitor.get('/api/exchange-keys'),
      visitor.get('/api/exchange-keys/egress-ips'),
      visitor.post('/api/exchange-keys', {}),
      visitor.post(`/api/exchange-keys/${id}/recheck`),
      visitor.post(`/api/exchange-keys/${id}/unbind`, {}),
    ]);
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(5).fill([401, 'SESSION_INVALID']));
  });

  it('shows the egress IPs to whitelist', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const reply = await alice.get('/api/exchange-keys/egress-ips');
    expect(reply.body).toEqual({ ips: ['203.0.113.7', '203.0.113.8'] });
  });

  it('refuses a key with withdrawal rights (KEY_CAN_WITHDRAW) and stores nothing', async () => {
    binance.setKeyRights({ withdraw: true });
    const carol = await as('carol01', '10.1.0.3');
    const reply = await carol.post('/api/exchange-keys', await bindBody(carol));
    expect([reply.status, reply.body.code]).toEqual([400, 'KEY_CAN_WITHDRAW']);
    expect(await countKeys()).toBe(0);
    expect(await keysOf(carol)).toEqual([]);
  });

  it('refuses a wrong secret with EXCHANGE_AUTH_FAILED and stores nothing', async () => {
    const carol = await as('carol01', '10.1.0.3');
    const reply = await carol.post(
      '/api/exchange-keys',
      await bindBody(carol, { secret: await carol.seal('not-the-secret-at-all') }),
    );
    expect([reply.status, reply.body.code]).toEqual([400, 'EXCHANGE_AUTH_FAILED']);
    expect(await countKeys()).toBe(0);
  });

  it('refuses a key bound under the wrong exchange with EXCHANGE_AUTH_FAILED, not an order error', async () => {
    const carol = await as('carol01', '10.1.0.3');
    // A Binance key tried as a Bybit one: Bybit's rights query reaches a server that does not know it.
    const reply = await carol.post('/api/exchange-keys', await bindBody(carol, { exchange: 'bybit' }));
    expect([reply.status, reply.body.code]).toEqual([400, 'EXCHANGE_AUTH_FAILED']);
    expect(await countKeys()).toBe(0);
  });

  it('refuses a wrong transaction password before trying the key', async () => {
    const carol = await as('carol01', '10.1.0.3');
    const rightsQueries = () => binance.requests.filter((r) => r.path.endsWith('/apiRestrictions')).length;
    const before = rightsQueries();
    const reply = await carol.post(
      '/api/exchange-keys',
      await bindBody(carol, { password: await carol.seal('Wrong1234') }),
    );
    expect(reply.body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    expect(rightsQueries()).toBe(before);
    expect(await countKeys()).toBe(0);
  });

  it('binds a trade-only key, shows it masked with its warnings, and refuses a second one', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const reply = await alice.post<TExchangeKey>('/api/exchange-keys', await bindBody(alice));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      exchange: 'binance',
      apiKeyMasked: 'vmPU****Eh8A',
      status: 'active',
      statusReason: null,
      warnings: ['KEY_NO_IP_RESTRICTION'],
      ipRestricted: false,
      canTradeSpot: true,
      canTradePerpetual: true,
      expiresAt: null,
    });
    expect(JSON.stringify(reply.body)).not.toContain(SECRET);
    expect(await keysOf(alice)).toEqual([reply.body]);

    const again = await alice.post('/api/exchange-keys', await bindBody(alice));
    expect([again.status, again.body.code]).toEqual([409, 'KEY_ALREADY_BOUND']);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject'])
      .where('subject', '=', `exchange_key:${reply.body.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'exchange_key.bound', subject: `exchange_key:${reply.body.id}` }]);
  });

  it('never has the secret or the passphrase in clear in the database', async () => {
    const passphrase = 'Passphrase-Only-Here-93';
    const bobby = await as('bobby01', '10.1.0.2');
    // Binance keys have no passphrase; the field is there for exchanges that do, and is sealed alike.
    const reply = await bobby.post<TExchangeKey>(
      '/api/exchange-keys',
      await bindBody(bobby, { passphrase: await bobby.seal(passphrase) }),
    );
    expect(reply.status).toBe(200);
    const tables = `${await dump('exchange_keys')}\n${await dump('audit_log')}`;
    expect(tables).toContain(reply.body.id);
    for (const clear of [SECRET, passphrase]) {
      expect(tables).not.toContain(clear);
      expect(tables).not.toContain(Buffer.from(clear).toString('hex'));
      expect(tables).not.toContain(Buffer.from(clear).toString('base64'));
    }
  });

  it('opens a ciphertext only in its own row: copied to another row, it does not open', async () => {
    const box = createSecretBox(Buffer.from(MASTER_KEY, 'base64'));
    const [a, b] = await t.db
      .selectFrom('exchange_keys')
      .select(['id', 'secret_sealed'])
      .orderBy('created_at')
      .execute();
    if (!a || !b) throw new Error('two keys are bound by now');
    expect(box.open(a.secret_sealed, `exchange_keys:${a.id}:secret`)).toBe(SECRET);
    expect(() => box.open(a.secret_sealed, `exchange_keys:${b.id}:secret`)).toThrow(/does not open/);
    expect(() => box.open(a.secret_sealed, `exchange_keys:${a.id}:passphrase`)).toThrow(/does not open/);
  });
});

describe('a stranger and the key of another member', () => {
  it('cannot see, re-check or unbind it', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const [key] = await keysOf(alice);
    if (!key) throw new Error('alice has a key');
    const david = await as('david01', '10.1.0.4');
    expect(await keysOf(david)).toEqual([]);
    const recheck = await david.post(`/api/exchange-keys/${key.id}/recheck`);
    expect([recheck.status, recheck.body.code]).toEqual([404, 'NOT_FOUND']);
    const unbind = await david.post(`/api/exchange-keys/${key.id}/unbind`, {
      password: await david.seal(PAY_PASSWORD),
    });
    expect([unbind.status, unbind.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await keysOf(alice)).map((k) => k.id)).toEqual([key.id]);
  });
});

describe('re-checking a key', () => {
  it('suspends a key that gained withdrawal rights, and makes it active again when fixed', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const [key] = await keysOf(alice);
    if (!key) throw new Error('alice has a key');

    binance.setKeyRights({ withdraw: true });
    const suspended = await alice.post<TExchangeKey>(`/api/exchange-keys/${key.id}/recheck`);
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ status: 'suspended', statusReason: 'KEY_CAN_WITHDRAW' });
    expect(suspended.body.lastCheckedAt > key.lastCheckedAt).toBe(true);
    expect(await t.services.exchangeKeys.isKeyUsable(await memberIdOf('alice01'), 'binance')).toBe(false);

    binance.setKeyRights({ withdraw: false });
    const active = await alice.post<TExchangeKey>(`/api/exchange-keys/${key.id}/recheck`);
    expect(active.body).toMatchObject({ status: 'active', statusReason: null });
    expect(await t.services.exchangeKeys.isKeyUsable(await memberIdOf('alice01'), 'binance')).toBe(true);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('subject', '=', `exchange_key:${key.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.detail.reason ?? null])).toEqual([
      ['exchange_key.bound', null],
      ['exchange_key.suspended', 'KEY_CAN_WITHDRAW'],
      ['exchange_key.reactivated', null],
    ]);
    // The member is told once, when the key was suspended; reactivation is their own doing.
    const told = await alice.get<{ items: { kind: string; params: Record<string, string>; link: string }[] }>(
      '/api/notifications',
    );
    expect(told.body.items.map(({ kind, params, link }) => ({ kind, params, link }))).toEqual([
      {
        kind: 'exchange_key_suspended',
        params: { exchange: 'binance', reason: 'KEY_CAN_WITHDRAW' },
        link: '/pages/personal/trader',
      },
    ]);
  });

  it('the daily run suspends a key whose IP restriction was removed, and a revoked key', async () => {
    const bobby = await as('bobby01', '10.1.0.2');
    const [bobbyKey] = await keysOf(bobby);
    if (!bobbyKey) throw new Error('bobby has a key');
    // Bobby's key gets an IP restriction: from now on, losing it suspends the key.
    binance.setKeyRights({ ipWhitelist: ['203.0.113.7'] });
    expect(await t.services.exchangeKeys.recheckAll()).toEqual({ checked: 2, suspended: 0, failed: 0 });
    expect((await keysOf(bobby))[0]).toMatchObject({ status: 'active', ipRestricted: true, warnings: [] });

    binance.setKeyRights({ ipWhitelist: [] });
    await t.services.exchangeKeys.recheckAll();
    expect((await keysOf(bobby))[0]).toMatchObject({
      status: 'suspended',
      statusReason: 'KEY_IP_RESTRICTION_REMOVED',
    });

    // A key the exchange no longer accepts (revoked there): the secret stored no longer signs.
    await sql`UPDATE exchange_keys SET api_key = 'revoked-key-0000' WHERE id = ${bobbyKey.id}`.execute(t.db);
    await t.services.exchangeKeys.recheckAll();
    expect((await keysOf(bobby))[0]).toMatchObject({
      status: 'suspended',
      statusReason: 'EXCHANGE_AUTH_FAILED',
    });
    const system = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('subject', '=', `exchange_key:${bobbyKey.id}`)
      .where('action', '=', 'exchange_key.suspended')
      .execute();
    expect(system).toEqual([
      { actor_id: null, action: 'exchange_key.suspended' },
      { actor_id: null, action: 'exchange_key.suspended' },
    ]);
  });

  it('leaves the standing as it was when the exchange is down, and says so', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const [key] = await keysOf(alice);
    if (!key) throw new Error('alice has a key');
    binance.failNext('unavailable');
    const reply = await alice.post(`/api/exchange-keys/${key.id}/recheck`);
    expect([reply.status, reply.body.code]).toEqual([503, 'EXCHANGE_UNAVAILABLE']);
    expect((await keysOf(alice))[0]).toMatchObject({ status: key.status, lastCheckedAt: key.lastCheckedAt });
  });
});

describe('unbinding a key', () => {
  it('asks for the transaction password, then deletes the key and its ciphertext', async () => {
    const alice = await as('alice01', '10.1.0.1');
    const [key] = await keysOf(alice);
    if (!key) throw new Error('alice has a key');
    const wrong = await alice.post(`/api/exchange-keys/${key.id}/unbind`, {
      password: await alice.seal('Wrong1234'),
    });
    expect(wrong.body.code).toBe('TRANSACTION_PASSWORD_WRONG');
    const reply = await alice.post(`/api/exchange-keys/${key.id}/unbind`, {
      password: await alice.seal(PAY_PASSWORD),
    });
    expect(reply.body).toEqual({ id: key.id, exchange: 'binance', positionsUntouched: true });
    expect(await keysOf(alice)).toEqual([]);
    expect(await dump('exchange_keys')).not.toContain(key.id);
    expect(await t.services.exchangeKeys.isKeyUsable(await memberIdOf('alice01'), 'binance')).toBe(false);

    // Binding again works (the bots resume trading with the new key).
    const rebound = await alice.post<TExchangeKey>('/api/exchange-keys', await bindBody(alice));
    expect(rebound.body.status).toBe('active');
  });
});

describe('the bind rate limit', () => {
  it('answers 429 once an IP has tried too many binds in a minute', async () => {
    const emily = await as('emily01', '10.1.0.9');
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) {
      codes.push((await emily.post('/api/exchange-keys', { exchange: 'binance' })).status);
    }
    expect(codes.slice(0, 8)).toEqual(Array(8).fill(400));
    expect(codes[8]).toBe(429);
  });
});

const memberIdOf = (username: string) => idOfMember(t.db, username);
