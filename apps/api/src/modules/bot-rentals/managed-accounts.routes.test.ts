import type {
  TAdminManagedAccount,
  TBot,
  TBotPackages,
  TErrorBody,
  TPage,
  TRentalReceipt,
} from '@app/contracts';
import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { botRequest } from '../../../test/bot-fixtures';
import { givePayPassword, PAY_PASSWORD } from '../../../test/fixtures';
import { Client, createTestApp, MASTER_KEY, type TestApp } from '../../../test/test-app';
import { createSecretBox } from '../../platform/secret-box';

// A sub-account's key, as the operator copies it from the exchange (the Binance mock accepts only it).
const API_KEY = 'subAZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duSUB1';
const SECRET = 'subSmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATSUB1';
const MASKED = 'subA****SUB1';
const URL = '/api/admin/managed-accounts';

let t: TestApp;
let binance: MockExchange;
let admin: Client;
let member: Client;

const memberIdOf = async (username: string) =>
  (await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

async function assignBody(client: Client, overrides: Record<string, unknown> = {}) {
  return {
    username: 'frank01',
    exchange: 'binance',
    apiKey: API_KEY,
    secret: await client.seal(SECRET),
    ...overrides,
  };
}

/** Every row of the tables an assignment writes, as PostgreSQL prints them: "nothing changed" is exact. */
async function dump(): Promise<string> {
  const lines = await sql<{ line: string }>`
    SELECT 'a ' || t::text AS line FROM managed_accounts t
    UNION ALL SELECT 'l ' || l::text FROM audit_log l WHERE action LIKE 'managed_account.%'
    ORDER BY 1`.execute(t.db);
  return lines.rows.map((r) => r.line).join('\n');
}

const list = (client: Client, query = '') =>
  client.get<TPage<TAdminManagedAccount> & TErrorBody>(`${URL}${query}`);

beforeAll(async () => {
  binance = await startMockExchange('binance', { apiKey: API_KEY, secret: SECRET });
  // The app's own wiring: a sub-account's key is tried through connectorFor on the Binance mock.
  t = await createTestApp({ EXCHANGE_API_URLS: `binance=${binance.url}` });
  admin = new Client(t.app);
  await admin.loginAdmin();
  member = new Client(t.app);
  await member.login('irene01');
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

describe('managed accounts in the admin area', () => {
  it('refuses a visitor (401) and a member (403) on every route, and changes nothing', async () => {
    const before = await dump();
    const visitor = new Client(t.app);
    const asVisitor = await Promise.all([
      visitor.get(URL),
      visitor.post(URL, await assignBody(member)),
      visitor.del(`${URL}/1`),
    ]);
    expect(asVisitor.map((r) => r.status)).toEqual([401, 401, 401]);
    const asMember = await Promise.all([
      member.get(URL),
      member.post(URL, await assignBody(member)),
      member.del(`${URL}/1`),
    ]);
    expect(asMember.map((r) => [r.status, r.body.code])).toEqual(Array(3).fill([403, 'FORBIDDEN']));
    expect(await dump()).toBe(before);
  });

  it('gives a member a sub-account: the key tried on the exchange, the secret sealed, never shown', async () => {
    const reply = await admin.post<TAdminManagedAccount>(URL, await assignBody(admin));
    expect(reply.status).toBe(200);
    const frank = await memberIdOf('frank01');
    expect(reply.body).toMatchObject({
      memberId: frank,
      username: 'frank01',
      exchange: 'binance',
      kind: 'sub_account',
      apiKeyMasked: MASKED,
      liveBots: 0,
    });
    expect(JSON.stringify(reply.body)).not.toContain(SECRET);

    const row = await t.db
      .selectFrom('managed_accounts')
      .selectAll()
      .where('member_id', '=', frank)
      .executeTakeFirstOrThrow();
    expect(row.api_key).toBe(API_KEY);
    const box = createSecretBox(Buffer.from(MASTER_KEY, 'base64'));
    // Sealed exactly as managed-accounts.ts opens it when a managed bot trades.
    expect(box.open(row.secret_sealed!, `managed_accounts:${frank}:binance:secret`)).toBe(SECRET);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'subject', 'detail', 'actor_id'])
      .where('action', '=', 'managed_account.assigned')
      .execute();
    expect(audit).toEqual([
      {
        action: 'managed_account.assigned',
        subject: `managed_account:${row.id}`,
        detail: { memberId: frank, exchange: 'binance', apiKey: MASKED, replaced: null },
        actor_id: await memberIdOf('admin'),
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it('lists accounts by member (username prefix or id) and exchange, the key masked', async () => {
    const frank = await memberIdOf('frank01');
    const byName = await list(admin, '?member=FRAN&exchange=binance');
    expect(byName.status).toBe(200);
    expect(byName.body.items).toEqual([
      expect.objectContaining({
        username: 'frank01',
        kind: 'sub_account',
        apiKeyMasked: MASKED,
        liveBots: 0,
      }),
    ]);
    expect((await list(admin, `?member=${frank}`)).body.items.map((a) => a.username)).toEqual(['frank01']);
    expect((await list(admin, '?member=frank01&exchange=bybit')).body.items).toEqual([]);
    expect((await list(admin, '?member=nobody')).body.items).toEqual([]);
    expect(JSON.stringify((await list(admin)).body)).not.toContain(SECRET);
    expect((await list(admin, '?exchange=kraken')).status).toBe(400);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const before = await dump();
    const refused = async (overrides: Record<string, unknown>) => {
      const r = await admin.post<TErrorBody>(URL, await assignBody(admin, overrides));
      return [r.status, r.body.code];
    };
    expect(await refused({ username: 'nobody99' })).toEqual([404, 'MEMBER_NOT_FOUND']);
    expect(await refused({ exchange: 'kraken' })).toEqual([400, 'VALIDATION_FAILED']);
    // The paper exchange has no keys: its managed accounts are always the platform's paper ones.
    expect(await refused({ exchange: 'paper' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({ apiKey: 'short' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({ secret: 'not sealed' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({ secret: await admin.seal('not-the-secret-at-all') })).toEqual([
      400,
      'EXCHANGE_AUTH_FAILED',
    ]);
    binance.setKeyRights({ withdraw: true });
    expect(await refused({})).toEqual([400, 'KEY_CAN_WITHDRAW']);
    expect(await dump()).toBe(before);
  });

  it("is refused while the member's managed bots on that exchange are live, then replaces the account", async () => {
    // investsavecompany: grace01 rents managed, and (paper mode) her first bot makes her paper account.
    await givePayPassword(t.db, 'grace01');
    const grace = new Client(t.app);
    await grace.login('grace01');
    const pro = (await grace.get<TBotPackages>('/api/bot-packages')).body.items.find(
      (p) => p.name === 'Pro',
    )!;
    const rented = await grace.move<TRentalReceipt>('/api/bot-rentals', {
      packageId: pro.id,
      wallet: 'funds',
      mode: 'managed',
      agreed: true,
      password: await grace.seal(PAY_PASSWORD),
    });
    expect(rented.status).toBe(200);
    const bot = await grace.post<TBot>(
      '/api/bots',
      botRequest(rented.body.rental.id, { exchange: 'binance' }),
    );
    expect(bot.status).toBe(200);
    const paper = (await list(admin, '?member=grace01')).body.items;
    expect(paper).toEqual([
      expect.objectContaining({ exchange: 'binance', kind: 'paper', apiKeyMasked: null, liveBots: 1 }),
    ]);

    const before = await dump();
    const refused = await admin.post<TErrorBody>(URL, await assignBody(admin, { username: 'grace01' }));
    expect([refused.status, refused.body.code]).toEqual([409, 'MANAGED_ACCOUNT_IN_USE']);
    // A paper account is not removed from here (it holds the managed bots' paper books).
    const removePaper = await admin.del<TErrorBody>(`${URL}/${paper[0]!.id}`);
    expect([removePaper.status, removePaper.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(await dump()).toBe(before);

    expect((await grace.del(`/api/bots/${bot.body.id}`)).status).toBe(200);
    const replaced = await admin.post<TAdminManagedAccount>(
      URL,
      await assignBody(admin, { username: 'GRACE01' }),
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: paper[0]!.id, kind: 'sub_account', apiKeyMasked: MASKED });
    const entry = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('subject', '=', `managed_account:${paper[0]!.id}`)
      .executeTakeFirstOrThrow();
    expect(entry.detail).toMatchObject({ replaced: 'paper' });
  });

  it('takes a sub-account away while no managed bot runs there', async () => {
    const [account] = (await list(admin, '?member=frank01&exchange=binance')).body.items;
    const removed = await admin.del<TAdminManagedAccount>(`${URL}/${account!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ username: 'frank01', apiKeyMasked: MASKED });
    expect((await list(admin, '?member=frank01')).body.items).toEqual([]);
    expect((await admin.del<TErrorBody>(`${URL}/${account!.id}`)).status).toBe(404);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'managed_account.removed')
      .execute();
    expect(audit).toEqual([{ detail: expect.objectContaining({ exchange: 'binance', apiKey: MASKED }) }]);
  });
});
