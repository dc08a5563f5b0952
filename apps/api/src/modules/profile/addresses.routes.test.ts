import { AddressLimits, type TAddress, type TPage } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
const clients: Record<string, Client> = {};

async function as(username: string): Promise<Client> {
  if (clients[username]) return clients[username];
  const client = new Client(t.app);
  await client.login(username);
  clients[username] = client;
  return client;
}

const home = {
  name: 'Alice Tan',
  phonePrefix: '+60',
  phone: '123456789',
  line1: '12 Jalan Ampang',
  line2: 'Level 3',
  city: 'Kuala Lumpur',
  state: 'Wilayah Persekutuan',
  postcode: '50450',
  country: 'MY',
  latitude: 3.1579,
  longitude: 101.7116,
};

async function add(client: Client, overrides: Record<string, unknown> = {}): Promise<TAddress> {
  const reply = await client.post<TAddress>('/api/addresses', { ...home, ...overrides });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function listOf(client: Client): Promise<TAddress[]> {
  const reply = await client.get<TPage<TAddress>>('/api/addresses?pageSize=50');
  expect(reply.status).toBe(200);
  return reply.body.items;
}

/** Every column of every address row of a member, as PostgreSQL prints it. */
async function rowsOf(username: string): Promise<string[]> {
  const rows = await sql<{ line: string }>`
    SELECT a::text AS line FROM member_addresses a JOIN members m ON m.id = a.member_id
    WHERE m.username = ${username} ORDER BY a.id`.execute(t.db);
  return rows.rows.map((r) => r.line);
}

const defaultsOf = (items: TAddress[]) => items.filter((a) => a.isDefault).map((a) => a.id);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('saved addresses', () => {
  it('refuses a visitor without a session on every address route', async () => {
    const visitor = new Client(t.app);
    const id = '00000000-0000-4000-8000-000000000000';
    const replies = await Promise.all([
      visitor.get('/api/addresses'),
      visitor.post('/api/addresses', home),
      visitor.get(`/api/addresses/${id}`),
      visitor.call('PUT', `/api/addresses/${id}`, home),
      visitor.del(`/api/addresses/${id}`),
      visitor.post(`/api/addresses/${id}/default`),
    ]);
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(6).fill([401, 'SESSION_INVALID']));
  });

  it('makes the first address the default; a later one can take it over, leaving exactly one', async () => {
    const alice = await as('alice01');
    const first = await add(alice);
    expect(first).toMatchObject({ ...home, isDefault: true });
    const second = await add(alice, { name: 'Office', latitude: null, longitude: null, line2: '' });
    expect(second).toMatchObject({ isDefault: false, latitude: null, longitude: null, line2: null });
    expect(defaultsOf(await listOf(alice))).toEqual([first.id]);

    const chosen = await alice.post<TAddress>(`/api/addresses/${second.id}/default`);
    expect([chosen.status, chosen.body.isDefault]).toEqual([200, true]);
    const items = await listOf(alice);
    expect(defaultsOf(items)).toEqual([second.id]);
    expect(items[0]?.id).toBe(second.id);
  });

  it('adds an address as the default when asked, and edits one', async () => {
    const bobby = await as('bobby01');
    const a = await add(bobby);
    const b = await add(bobby, { isDefault: true, postcode: '10-200' });
    expect(defaultsOf(await listOf(bobby))).toEqual([b.id]);
    const edited = await bobby.call<TAddress>('PUT', `/api/addresses/${a.id}`, {
      ...home,
      city: 'Penang',
      country: 'my',
      isDefault: true,
    });
    expect(edited.body).toMatchObject({ city: 'Penang', country: 'MY', isDefault: true });
    expect(defaultsOf(await listOf(bobby))).toEqual([a.id]);
    // Sending isDefault false does not leave the member without a default.
    const kept = await bobby.call<TAddress>('PUT', `/api/addresses/${a.id}`, { ...home, isDefault: false });
    expect(kept.body.isDefault).toBe(true);
    expect((await bobby.get<TAddress>(`/api/addresses/${a.id}`)).body.city).toBe(home.city);
  });

  it('hands the default to the newest remaining address when the default is deleted', async () => {
    const carol = await as('carol01');
    const first = await add(carol);
    await add(carol, { name: 'Second' });
    const third = await add(carol, { name: 'Third' });
    const deleted = await carol.del(`/api/addresses/${first.id}`);
    expect(deleted.status).toBe(200);
    const items = await listOf(carol);
    expect(items).toHaveLength(2);
    expect(defaultsOf(items)).toEqual([third.id]);
  });

  it("answers a stranger's reads and writes of someone's address with 404, and changes nothing", async () => {
    const david = await as('david01');
    const mine = await add(david);
    const other = await add(david, { name: 'Other' });
    const before = await rowsOf('david01');
    const emily = await as('emily01');
    const replies = await Promise.all([
      emily.get(`/api/addresses/${mine.id}`),
      emily.call('PUT', `/api/addresses/${mine.id}`, { ...home, name: 'Stolen' }),
      emily.del(`/api/addresses/${other.id}`),
      emily.post(`/api/addresses/${other.id}/default`),
    ]);
    expect(replies.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([404, 'ADDRESS_NOT_FOUND']));
    expect(await rowsOf('david01')).toEqual(before);
    expect(await listOf(emily)).toEqual([]);
  });

  it('refuses bad input with the field it is about, and stores nothing', async () => {
    const frank = await as('frank01');
    const cases: [Record<string, unknown>, string][] = [
      [{ postcode: '!' }, 'ADDRESS_POSTCODE_INVALID'],
      [{ country: 'Malaysia' }, 'ADDRESS_COUNTRY_INVALID'],
      [{ latitude: 3.1, longitude: null }, 'ADDRESS_COORDINATES_INVALID'],
      [{ latitude: 91, longitude: 10 }, 'ADDRESS_COORDINATES_INVALID'],
      [{ name: '   ' }, 'ADDRESS_FIELD_REQUIRED'],
      [{ line1: 'x'.repeat(201) }, 'ADDRESS_FIELD_TOO_LONG'],
      [{ phone: '12ab' }, 'MOBILE_INVALID'],
      [{ memberId: '1' }, 'VALIDATION_FAILED'],
    ];
    for (const [overrides, code] of cases) {
      const reply = await frank.post<{ code: string; details?: { fields: { code: string }[] } }>(
        '/api/addresses',
        { ...home, ...overrides },
      );
      expect(reply.status).toBe(400);
      const codes = [reply.body.code, ...(reply.body.details?.fields ?? []).map((f) => f.code)];
      expect(codes).toContain(code);
    }
    // A well-formed prefix that sign-up does not offer.
    const prefix = await frank.post('/api/addresses', { ...home, phonePrefix: '+999' });
    expect([prefix.status, prefix.body.code]).toEqual([400, 'MOBILE_INVALID']);
    const badId = await frank.get('/api/addresses/not-a-uuid');
    expect(badId.status).toBe(400);
    expect(await rowsOf('frank01')).toEqual([]);
  });

  it(`stops at ${AddressLimits.perMember} addresses per member`, async () => {
    const grace = await as('grace01');
    for (let i = 0; i < AddressLimits.perMember; i++) await add(grace, { name: `Place ${i}` });
    const over = await grace.post('/api/addresses', home);
    expect([over.status, over.body.code]).toEqual([409, 'ADDRESS_LIMIT_REACHED']);
    expect(await rowsOf('grace01')).toHaveLength(AddressLimits.perMember);
  });

  it('keeps exactly one default when set-default calls race, and when adds race', async () => {
    const henry = await as('henry01');
    const other = new Client(t.app);
    await other.login('henry01');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await add(henry, { name: `Spot ${i}` })).id);
    for (let round = 0; round < 5; round++) {
      const replies = await Promise.all(
        ids.map((id, i) => (i % 2 ? henry : other).post(`/api/addresses/${id}/default`)),
      );
      expect(replies.map((r) => r.status)).toEqual(ids.map(() => 200));
      expect(defaultsOf(await listOf(henry))).toHaveLength(1);
    }
    const added = await Promise.all(
      [0, 1, 2, 3].map((i) => (i % 2 ? henry : other).post('/api/addresses', { ...home, isDefault: true })),
    );
    expect(added.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(defaultsOf(await listOf(henry))).toHaveLength(1);
  });
});
