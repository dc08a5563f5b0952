import type {
  TBonusDryRun,
  TBonusRecord,
  TBonusRecordDetail,
  TBonusRun,
  TBonusSettingsView,
  TBonusSummary,
  TPage,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const PERIOD = '2025-06-01';
const clients: Record<string, Client> = {};

async function as(username: string, password = 'Demo12345'): Promise<Client> {
  if (clients[username]) return clients[username];
  const client = new Client(t.app);
  await client.login(username, password);
  clients[username] = client;
  return client;
}

/** The demo admin, logged in with an authenticator code and stepped up for money actions. */
async function asAdmin(): Promise<Client> {
  const known = clients.admin;
  if (known) return known;
  const client = new Client(t.app);
  await client.loginAdmin();
  clients.admin = client;
  return client;
}

/** A refused body's status and the codes of its fields (the web translates each). */
function fieldCodes(reply: { status: number; body: { details?: { fields?: Array<{ code: string }> } } }) {
  return [reply.status, (reply.body.details?.fields ?? []).map((f) => f.code)];
}

let n = 0;
async function buy(username: string, usdt: number): Promise<void> {
  const member = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  n++;
  await t.db
    .insertInto('volume_events')
    .values({
      member_id: member.id,
      source: 'bot_rental',
      source_id: `routes-test-${n}`,
      amount_minor: String(usdt * 1_000_000),
      currency: 'USDT',
      created_at: `${PERIOD}T08:00:00Z`,
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  // In the demo tree carol01 and david01 sit left and right under alice01, who sponsored both.
  await buy('alice01', 100);
  await buy('carol01', 300);
  await buy('david01', 200);
});
afterAll(() => t.close());

describe('who may call the bonus routes', () => {
  it('refuses a visitor (401) everywhere and a member (403) on the admin routes', async () => {
    const visitor = new Client(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const visits = await Promise.all([
      visitor.get('/api/bonuses/summary'),
      visitor.get('/api/bonuses/records'),
      visitor.get(`/api/bonuses/records/${id}`),
      visitor.get('/api/admin/bonus-runs'),
    ]);
    expect(visits.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const bobby = await as('bobby01');
    const tries = await Promise.all([
      bobby.get('/api/admin/bonus-runs'),
      bobby.post('/api/admin/bonus-runs', { periodStart: PERIOD }),
      bobby.post('/api/admin/bonus-runs/dry-run', { periodStart: PERIOD }),
      bobby.get('/api/admin/bonus-settings'),
      bobby.call('PUT', '/api/admin/bonus-settings', {}),
    ]);
    expect(tries.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
  });
});

describe('settings', () => {
  it('refuses a negative rate with BONUS_RATE_INVALID and changes nothing', async () => {
    const admin = await asAdmin();
    const before = await admin.get<TBonusSettingsView>('/api/admin/bonus-settings');
    const settings = structuredClone(before.body.settings);
    settings.ranks[1]!.pairingBps = -5;
    const reply = await admin.call('PUT', '/api/admin/bonus-settings', settings);
    expect(fieldCodes(reply)).toEqual([400, ['BONUS_RATE_INVALID']]);
    expect((await admin.get('/api/admin/bonus-settings')).body).toEqual(before.body);
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'bonus.settings.update')
      .execute();
    expect(audits).toEqual([]);
  });

  it('refuses ranks out of order and an unknown payout currency', async () => {
    const admin = await asAdmin();
    const { settings } = (await admin.get<TBonusSettingsView>('/api/admin/bonus-settings')).body;
    const swapped = {
      ...settings,
      ranks: [settings.ranks[1], settings.ranks[0], ...settings.ranks.slice(2)],
    };
    expect(fieldCodes(await admin.call('PUT', '/api/admin/bonus-settings', swapped))).toEqual([
      400,
      ['BONUS_SETTINGS_INVALID'],
    ]);
    const unknown = { ...settings, payoutCurrency: 'NOPE' };
    expect((await admin.call('PUT', '/api/admin/bonus-settings', unknown)).body.code).toBe(
      'CURRENCY_UNKNOWN',
    );
  });
});

describe('an admin runs a period and members see their records', () => {
  let preview: TBonusDryRun;
  let run: TBonusRun;

  beforeAll(async () => {
    const admin = await asAdmin();
    preview = (await admin.post<TBonusDryRun>('/api/admin/bonus-runs/dry-run', { periodStart: PERIOD })).body;
    run = (await admin.post<TBonusRun>('/api/admin/bonus-runs', { periodStart: PERIOD })).body;
  });

  it('the dry run showed what the run paid, and the run lists with its settings and totals', async () => {
    expect(run.status).toBe('completed');
    expect(preview.totals).toEqual(run.totals);
    const admin = await asAdmin();
    const list = await admin.get<{ items: TBonusRun[] }>('/api/admin/bonus-runs');
    expect(list.body.items[0]).toMatchObject({ periodStart: PERIOD, status: 'completed' });
    expect(list.body.items[0]!.settings.payoutCurrency).toBe('USDT');
  });

  it('shows alice her totals, records and a pairing record with the volumes and carry it used', async () => {
    const alice = await as('alice01');
    const summary = (await alice.get<TBonusSummary>('/api/bonuses/summary')).body;
    // Analyst (100 personal): 5% of 300 + 200 sponsored, 5% of the 200 paired; 100 left carried.
    expect(summary).toMatchObject({
      rank: 'Analyst',
      sponsor: '25.000000',
      pairing: '10.000000',
      total: '35.000000',
    });
    expect(summary).toMatchObject({ leftCarry: '100.000000', rightCarry: '0.000000' });
    const pairing = await alice.get<TPage<TBonusRecord>>('/api/bonuses/records?type=pairing');
    expect(pairing.status, JSON.stringify(pairing.body)).toBe(200);
    expect(pairing.body.items).toHaveLength(1);
    const detail = await alice.get<TBonusRecordDetail>(`/api/bonuses/records/${pairing.body.items[0]!.id}`);
    expect(detail.body.pairing).toEqual({
      newLeft: '300.000000',
      newRight: '200.000000',
      leftCarryBefore: '0.000000',
      rightCarryBefore: '0.000000',
      matched: '200.000000',
      leftCarryAfter: '100.000000',
      rightCarryAfter: '0.000000',
    });
    const outside = await alice.get<TPage<TBonusRecord>>('/api/bonuses/records?from=2025-06-02');
    expect(outside.body.items).toEqual([]);
  });

  it('a stranger cannot see another member’s bonus record', async () => {
    const alice = await as('alice01');
    const mine = (await alice.get<TPage<TBonusRecord>>('/api/bonuses/records')).body.items;
    const bobby = await as('bobby01');
    const reply = await bobby.get(`/api/bonuses/records/${mine[0]!.id}`);
    expect([reply.status, reply.body.code]).toEqual([404, 'BONUS_RECORD_NOT_FOUND']);
    const theirs = (await bobby.get<TPage<TBonusRecord>>('/api/bonuses/records')).body.items;
    expect(theirs.map((r) => r.id)).not.toContain(mine[0]!.id);
  });

  it('running the period again pays nothing more', async () => {
    const admin = await asAdmin();
    const again = await admin.post<TBonusRun>('/api/admin/bonus-runs', { periodStart: PERIOD });
    expect(again.body).toEqual(run);
    const alice = await as('alice01');
    expect((await alice.get<TBonusSummary>('/api/bonuses/summary')).body.total).toBe('35.000000');
  });

  it('refuses bad dates with a clear code', async () => {
    const admin = await asAdmin();
    const bad = await admin.post('/api/admin/bonus-runs', { periodStart: '2025-13-01' });
    expect(fieldCodes(bad)).toEqual([400, ['BONUS_DATE_INVALID']]);
    const alice = await as('alice01');
    const reversed = await alice.get('/api/bonuses/records?from=2025-06-02&to=2025-06-01');
    expect([reversed.status, reversed.body.code]).toEqual([400, 'BONUS_DATE_INVALID']);
  });
});
