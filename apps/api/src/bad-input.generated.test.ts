import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAdmin } from '../test/admin-session';
import { type BadRequest, badRequestsFor, type Operation, operationsOf } from '../test/bad-input';
import { givePayPassword } from '../test/fixtures';
import { Client, createTestApp, ORIGIN, type TestApp } from '../test/test-app';

/**
 * Generated bad input over every operation of the OpenAPI document, as a member and as an admin: zero 5xx,
 * a NUL in any declared text is refused by the schema (400 VALIDATION_FAILED, TEXT_INVALID_CHARACTER), and a
 * refused request changes nothing. Deterministic (SEED): about 4,000 requests through app.inject.
 */
const SEED = 18_2026;

/** Streams answer until the client goes: there is no bad input to send them that ends. */
const STREAMS = new Set(['GET /api/events', 'GET /api/markets/stream']);
/** Ending the session it is sent with is what this operation does, whatever its input. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

/**
 * Tables a refused request may still write to by design: attempts counted (login failures, TAC tries),
 * security and audit records, sessions and nonces, stored refusals of idempotent requests, and the paper
 * exchange, which matches resting orders when an account is read.
 */
const BOOKKEEPING = new Set([
  'login_throttle',
  'login_throttle_accounts',
  'transaction_password_guards',
  'transaction_password_failures',
  'sessions',
  'tac_codes',
  'crypto_nonces',
  'mail_log',
  'idempotency_keys',
  'audit_log',
  'paper_accounts',
  'paper_balances',
  'paper_orders',
  'paper_positions',
  'paper_fills',
  'paper_funding',
  'kysely_migration',
  'kysely_migration_lock',
]);

let t: TestApp;
let tables: string[];

/** A digest of every row of every table that matters: any insert, update or delete changes it. */
async function snapshot(): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      sql<{
        t: string;
        d: string;
      }>`SELECT ${table}::text AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${sql.table(table)} x`,
  );
  const rows = await sql<{ t: string; d: string }>`${sql.join(parts, sql` UNION ALL `)}`.execute(t.db);
  return Object.fromEntries(rows.rows.map((r) => [r.t, r.d]));
}

interface Finding {
  role: string;
  request: string;
  label: string;
  status: number;
  body: string;
}

let requestNumber = 0;

async function send(client: Client, request: BadRequest) {
  // An address of its own per request: per-IP limits (support posts have a fixed one) must not stop the
  // garbage before the schema sees it.
  const n = ++requestNumber;
  const headers: Record<string, string> = {
    origin: ORIGIN,
    'user-agent': 'bad-input-test',
    'idempotency-key': `bad-${Math.random().toString(36).slice(2)}`,
  };
  if (client.cookie) headers.cookie = `__Host-sid=${client.cookie}`;
  if (request.payload !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    MONEY_RATE_LIMIT_PER_MINUTE: '1000000',
    EXCHANGE_KEY_RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const listed = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(t.db);
  tables = listed.rows.map((r) => r.tablename).filter((name) => !BOOKKEEPING.has(name));
}, 120_000);
afterAll(() => t.close());

describe('generated bad input over every operation of the OpenAPI document', () => {
  it('answers no 5xx, as a member and as an admin, and a refused request changes nothing', async () => {
    const operations = operationsOf(t.app.swagger() as unknown as Parameters<typeof operationsOf>[0]).filter(
      (op) => !STREAMS.has(`${op.method} ${op.path}`) && !ENDS_SESSION.has(`${op.method} ${op.path}`),
    );
    expect(operations.length).toBeGreaterThan(200);

    await givePayPassword(t.db, 'alice01');
    const member = new Client(t.app);
    const admin = new Client(t.app);
    const signIn = { member: () => member.login('alice01'), admin: () => loginAdmin(admin) };
    await signIn.member();
    await signIn.admin();

    const serverErrors: Finding[] = [];
    const changedWhenRefused: { role: string; operation: string; tables: string[] }[] = [];
    const nulNotRefused: string[] = [];
    let nulChecked = 0;
    let sent = 0;
    let accepted = 0;

    /** Sends an operation's bad requests, a few at a time (the server sees concurrent garbage). */
    async function probe(role: 'member' | 'admin', client: Client, op: Operation, index: number) {
      // An operation of the other role is refused at the door: a few requests show that refusal is clean.
      const own = op.path.startsWith('/api/admin/') === (role === 'admin');
      const all = badRequestsFor(op, SEED + index, own ? 3 : 1);
      const requests = own ? all : all.filter((_, i) => i % 8 === 0);
      let anyAccepted = false;
      let sessionLost = false;
      for (let i = 0; i < requests.length; i += 4) {
        const batch = requests.slice(i, i + 4);
        const replies = await Promise.all(batch.map((request) => send(client, request)));
        replies.forEach((reply, j) => {
          const request = batch[j]!;
          sent++;
          if (reply.statusCode >= 500) {
            serverErrors.push({
              role,
              request: `${request.method} ${request.url.slice(0, 120)}`,
              label: request.label,
              status: reply.statusCode,
              body: reply.body.slice(0, 200),
            });
          }
          if (reply.statusCode < 300 && op.method !== 'GET') {
            anyAccepted = true;
            accepted++;
          }
          if (reply.statusCode === 401) sessionLost = true;
          // A request refused before validation (the outbox hidden from non-loopback clients, a route's
          // own per-member limit, a staff route refused to a member) never reached a handler or the
          // database: it proves nothing either way.
          const refusedEarly = [401, 403, 429].includes(reply.statusCode) || op.path.startsWith('/api/dev/');
          if (own && request.nul && !refusedEarly) {
            nulChecked++;
            const answer = reply.json() as { code?: string; details?: { fields?: { code: string }[] } };
            if (
              answer.code !== 'VALIDATION_FAILED' ||
              answer.details?.fields?.[0]?.code !== 'TEXT_INVALID_CHARACTER'
            ) {
              nulNotRefused.push(
                `${role} ${request.method} ${request.url.slice(0, 100)} ${request.label}: ${reply.body.slice(0, 120)}`,
              );
            }
          }
        });
      }
      if (sessionLost && (await client.get('/api/me')).status === 401) await signIn[role]();
      return anyAccepted;
    }

    const changes = (before: Record<string, string>, after: Record<string, string>) =>
      Object.keys(after).filter((table) => after[table] !== before[table]);

    for (const [role, client] of [
      ['member', member],
      ['admin', admin],
    ] as const) {
      // Reads change nothing whatever they are sent: one look before and after all of them.
      let before = await snapshot();
      for (const [index, op] of operations.entries())
        if (op.method === 'GET') await probe(role, client, op, index);
      let after = await snapshot();
      if (changes(before, after).length > 0) {
        changedWhenRefused.push({ role, operation: 'the GET operations', tables: changes(before, after) });
      }
      // Writes one by one: a write that refused all its bad requests changed nothing.
      for (const [index, op] of operations.entries()) {
        if (op.method === 'GET') continue;
        before = after;
        const anyAccepted = await probe(role, client, op, index);
        after = await snapshot();
        const changed = changes(before, after);
        if (changed.length > 0 && !anyAccepted) {
          changedWhenRefused.push({ role, operation: `${op.method} ${op.path}`, tables: changed });
        }
      }
    }

    console.info(
      `bad input: ${operations.length} operations, ${sent} requests, ${accepted} accepted, ${serverErrors.length} answered 5xx, ${nulChecked} with a NUL`,
    );
    expect(serverErrors).toEqual([]);
    expect(nulChecked).toBeGreaterThan(500);
    expect(nulNotRefused).toEqual([]);
    expect(changedWhenRefused).toEqual([]);
  }, 600_000);
});
