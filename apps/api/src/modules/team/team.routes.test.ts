import type { TPlacementTree, TSponsorLevels, TTeamMembers, TTeamSearchResult } from '@app/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../auth/password';
import { countJoinedMembers } from '../team-bonuses/leg-totals';

let t: TestApp;
const clients: Record<string, Client> = {};

async function as(username: string): Promise<Client> {
  if (!clients[username]) {
    const client = new Client(t.app);
    await client.login(username);
    clients[username] = client;
  }
  return clients[username];
}

async function idOf(username: string): Promise<string> {
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

const tree = (client: Client, query = '') => client.get<TPlacementTree>(`/api/team/placement-tree${query}`);
const names = (page: { items: Array<{ username: string }> }) => page.items.map((m) => m.username);

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('placement tree', () => {
  it('shows the member and three levels below, with leg counts and the empty slots to sign up into', async () => {
    const alice = await as('alice01');
    const reply = await tree(alice);
    expect(reply.status).toBe(200);
    const byName = new Map(reply.body.nodes.map((n) => [n.username, n]));
    expect([...byName.keys()]).toEqual(['alice01', 'carol01', 'david01', 'grace01', 'henry01', 'irene01']);
    expect(byName.get('alice01')).toMatchObject({
      level: 0,
      parentId: null,
      leftMembers: 3,
      rightMembers: 2,
    });
    expect(byName.get('carol01')).toMatchObject({ level: 1, side: 'left', leftMembers: 1, rightMembers: 1 });
    expect(byName.get('david01')).toMatchObject({ leftMembers: 1, rightMembers: 0, rank: 'Fans' });
    expect(reply.body.upId).toBeNull();
    // No bonus run has counted volumes yet: none shown rather than zeros.
    expect(byName.get('alice01')?.volumes).toBeNull();
    // Only david01 has a free place within the view; the third level's children are beyond it.
    expect(reply.body.slots).toEqual([
      { parentId: await idOf('david01'), level: 2, side: 'right', sponsor: 'alice01', placement: 'david01' },
    ]);
  });

  it('shows each node at the rank the last bonus run gave it', async () => {
    const carol = await idOf('carol01');
    await t.db.insertInto('member_ranks').values({ member_id: carol, rank: 'Developer' }).execute();
    try {
      const reply = await tree(await as('alice01'));
      const byName = new Map(reply.body.nodes.map((n) => [n.username, n]));
      expect(byName.get('carol01')?.rank).toBe('Developer');
      expect(byName.get('alice01')?.rank).toBe('Fans');
    } finally {
      await t.db.deleteFrom('member_ranks').where('member_id', '=', carol).execute();
    }
  });

  it('moves down to a downline node, and up again but never above the member', async () => {
    const alice = await as('alice01');
    const carol = await idOf('carol01');
    const down = await tree(alice, `?node=${carol}&levels=2`);
    expect(down.status).toBe(200);
    expect(down.body.nodes.map((n) => n.username)).toEqual(['carol01', 'grace01', 'henry01']);
    expect(down.body.upId).toBe(await idOf('alice01'));
    expect(down.body.slots.map((s) => `${s.placement}:${s.side}`)).toEqual([]);
    const self = await tree(alice, `?node=${await idOf('alice01')}&levels=4`);
    expect(self.body.upId).toBeNull();
    expect(self.body.levels).toBe(4);
    expect(self.body.slots.map((s) => `${s.placement}:${s.side}`)).toEqual([
      'david01:right',
      'grace01:left',
      'grace01:right',
      'henry01:left',
      'henry01:right',
      'irene01:left',
      'irene01:right',
    ]);
  });

  it('shows the leg volumes the bonus runs keep', async () => {
    const carol = await idOf('carol01');
    await t.db
      .insertInto('member_volumes')
      .values({ member_id: carol, left_total_minor: '1500000', right_total_minor: '250000000' })
      .execute();
    const reply = await tree(await as('alice01'), '?levels=2');
    const node = reply.body.nodes.find((n) => n.username === 'carol01');
    expect(node?.volumes).toEqual({ left: '1500000', right: '250000000' });
    expect(reply.body.nodes.find((n) => n.username === 'david01')?.volumes).toBeNull();
  });

  it('refuses a stranger: an upline node, another leg, an unknown id, too many levels', async () => {
    const carol = await as('carol01');
    for (const node of [await idOf('alice01'), await idOf('david01'), await idOf('company'), '999999999']) {
      const reply = await tree(carol, `?node=${node}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
    }
    expect((await tree(carol, '?levels=5')).status).toBe(400);
    expect((await tree(carol, '?node=abc')).status).toBe(400);
    expect((await new Client(t.app).get('/api/team/placement-tree')).status).toBe(401);
  });
});

describe('sponsor tree', () => {
  it('lists direct referrals page by page, and those of a downline member', async () => {
    const alice = await as('alice01');
    const first = await alice.get<TTeamMembers>('/api/team/referrals?pageSize=2');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['carol01', 'david01']);
    expect(first.body.items[0]).toMatchObject({ referrals: 1, favourite: false });
    expect(names((await alice.get<TTeamMembers>('/api/team/referrals?pageSize=2&page=2')).body)).toEqual([
      'henry01',
    ]);
    const ofDavid = await alice.get<TTeamMembers>(`/api/team/referrals?of=${await idOf('david01')}`);
    expect(names(ofDavid.body)).toEqual(['irene01']);
  });

  it("refuses the referrals of someone outside the member's downline", async () => {
    const carol = await as('carol01');
    const reply = await carol.get(`/api/team/referrals?of=${await idOf('david01')}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
  });

  it('counts five sponsor levels and lists the members of one', async () => {
    const company = await as('company');
    const levels = await company.get<TSponsorLevels>('/api/team/levels');
    expect(levels.status).toBe(200);
    expect(levels.body.levels).toHaveLength(5);
    const level2 = await company.get<TTeamMembers>('/api/team/levels/members?level=2&pageSize=50');
    expect(level2.body.items.length).toBe(levels.body.levels[1]?.members);
    const alice = await as('alice01');
    const mine = await alice.get<TSponsorLevels>('/api/team/levels');
    expect(mine.body.levels.map((l) => l.members)).toEqual([3, 2, 0, 0, 0]);
    expect(names((await alice.get<TTeamMembers>('/api/team/levels/members?level=2')).body)).toEqual([
      'grace01',
      'irene01',
    ]);
    expect((await alice.get('/api/team/levels/members?level=6')).status).toBe(400);
  });

  it('searches the downline by username prefix or id, and never outside it', async () => {
    const alice = await as('alice01');
    const search = (q: string) => alice.get<TTeamSearchResult>(`/api/team/search?q=${encodeURIComponent(q)}`);
    expect(names((await search('GR')).body)).toEqual(['grace01']);
    expect(names((await search(`#${await idOf('irene01')}`)).body)).toEqual(['irene01']);
    expect(names((await search(await idOf('henry01'))).body)).toEqual(['henry01']);
    // bobby01 and the company exist, but not below alice01; alice01 is not her own downline.
    expect(names((await search('bobby')).body)).toEqual([]);
    expect(names((await search(`#${await idOf('company')}`)).body)).toEqual([]);
    expect(names((await search('alice')).body)).toEqual([]);
  });

  it('refuses wildcards and huge input with a clear code', async () => {
    const alice = await as('alice01');
    for (const q of ['%', 'gr_ce', 'a*', "a' OR 1=1", 'x'.repeat(16), 'y'.repeat(5000), '']) {
      const reply = await alice.get(`/api/team/search?q=${encodeURIComponent(q)}`);
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain('TEAM_SEARCH_INVALID');
    }
  });
});

describe('favourites', () => {
  it('adds, lists and removes downline members only', async () => {
    const alice = await as('alice01');
    const grace = await idOf('grace01');
    expect((await alice.post('/api/team/favourites', { memberId: grace })).status).toBe(200);
    expect((await alice.post('/api/team/favourites', { memberId: grace })).status).toBe(200);
    const list = await alice.get<TTeamMembers>('/api/team/favourites');
    expect(names(list.body)).toEqual(['grace01']);
    expect(list.body.items[0]?.favourite).toBe(true);
    const search = await alice.get<TTeamSearchResult>('/api/team/search?q=grace');
    expect(search.body.items[0]?.favourite).toBe(true);

    for (const stranger of ['bobby01', 'company', 'alice01']) {
      const reply = await alice.post('/api/team/favourites', { memberId: await idOf(stranger) });
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ code: 'TEAM_MEMBER_NOT_FOUND' });
    }
    // Another member cannot remove alice01's favourite, nor see it.
    const carol = await as('carol01');
    expect((await carol.del(`/api/team/favourites/${grace}`)).status).toBe(404);
    expect(names((await carol.get<TTeamMembers>('/api/team/favourites')).body)).toEqual([]);

    expect((await alice.del(`/api/team/favourites/${grace}`)).status).toBe(200);
    expect(names((await alice.get<TTeamMembers>('/api/team/favourites')).body)).toEqual([]);
    expect((await alice.del(`/api/team/favourites/${grace}`)).status).toBe(404);
    const rows = await t.db.selectFrom('team_favourites').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

const countJoined = () => t.db.transaction().execute((trx) => countJoinedMembers(trx));

describe('counts off the sign-up path', () => {
  it('counts sponsor levels at sign-up, and leg members when the runs count them (as of a time shown)', async () => {
    const company = await as('company');
    const before = await company.get<TPlacementTree>('/api/team/placement-tree?levels=1');
    expect(before.body.countsAsOf).not.toBeNull();
    const irene = await idOf('irene01');
    await t.db
      .insertInto('members')
      .values({
        username: 'newbie01',
        email: null,
        mobile: null,
        full_name: null,
        password_hash: 'x',
        transaction_password_hash: null,
        role: 'member',
        sponsor_id: irene,
        placement_parent_id: irene,
        placement_side: 'right',
        placement_depth: 4,
      })
      .execute();
    const alice = await as('alice01');
    // The sponsor levels are counters kept at sign-up: at once.
    expect((await alice.get<TSponsorLevels>('/api/team/levels')).body.levels.map((l) => l.members)).toEqual([
      3, 2, 1, 0, 0,
    ]);
    // The leg counts wait for the next count, and say as of when they are.
    const waiting = await tree(alice, '?levels=1');
    expect(waiting.body.nodes[0]).toMatchObject({ leftMembers: 3, rightMembers: 2 });
    expect(waiting.body.countsAsOf).toBe(before.body.countsAsOf);

    await countJoined();
    const counted = await tree(alice, '?levels=1');
    expect(counted.body.nodes[0]).toMatchObject({ leftMembers: 3, rightMembers: 3 });
    expect(Date.parse(counted.body.countsAsOf ?? '')).toBeGreaterThan(
      Date.parse(before.body.countsAsOf ?? ''),
    );
    const after = await company.get<TPlacementTree>('/api/team/placement-tree?levels=1');
    expect(after.body.nodes[0]?.leftMembers).toBe((before.body.nodes[0]?.leftMembers ?? 0) + 1);
    expect(after.body.nodes[0]?.rightMembers).toBe(before.body.nodes[0]?.rightMembers);
    // Counting again adds nobody twice.
    await countJoined();
    expect((await tree(alice, '?levels=1')).body.nodes[0]).toMatchObject({ leftMembers: 3, rightMembers: 3 });
  });
});

describe('the downline check', () => {
  it('agrees with a walk up by placement_parent_id for every pair of members', async () => {
    const disagreements = await sql<{ a: string; b: string }>`
      WITH RECURSIVE up AS (
        SELECT id AS node, id AS ancestor FROM members
        UNION ALL
        SELECT up.node, m.placement_parent_id FROM up JOIN members m ON m.id = up.ancestor
        WHERE m.placement_parent_id IS NOT NULL
      ),
      pairs AS (SELECT a.id AS a, b.id AS b FROM members a, members b)
      SELECT pairs.a, pairs.b FROM pairs
      WHERE team_in_placement_downline(pairs.a, pairs.b)
        <> EXISTS (SELECT 1 FROM up WHERE up.node = pairs.b AND up.ancestor = pairs.a)`.execute(t.db);
    expect(disagreements.rows).toEqual([]);
  });
});

describe('racing sign-ups and the counts', () => {
  const insertUnder = (username: string, parent: { id: string; depth: number }, side: 'left' | 'right') =>
    t.db.transaction().execute((trx) =>
      trx
        .insertInto('members')
        .values({
          username,
          email: null,
          mobile: null,
          full_name: null,
          password_hash: 'x',
          transaction_password_hash: null,
          role: 'member',
          sponsor_id: parent.id,
          placement_parent_id: parent.id,
          placement_side: side,
          placement_depth: parent.depth + 1,
        })
        .execute(),
    );
  const placed = async (username: string) => {
    const row = await t.db
      .selectFrom('members')
      .select(['id', 'placement_depth'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { id: row.id, depth: row.placement_depth };
  };
  const legs = async (username: string) => {
    await countJoined();
    return t.db
      .selectFrom('member_leg_counts')
      .select(['left_members', 'right_members'])
      .where('member_id', '=', await idOf(username))
      .executeTakeFirstOrThrow();
  };

  it('counts one member when four race for one slot, and every sign-up racing in different slots', async () => {
    const before = await legs('alice01');
    const grace = await placed('grace01');
    const race = await Promise.allSettled(
      ['racer1x', 'racer2x', 'racer3x', 'racer4x'].map((u) => insertUnder(u, grace, 'left')),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // Sign-ups sharing an upline and sponsors, in different slots, at once: no deadlock.
    const henry = await placed('henry01');
    const spread = await Promise.allSettled([
      insertUnder('spread1x', henry, 'left'),
      insertUnder('spread2x', henry, 'right'),
      insertUnder('spread3x', grace, 'right'),
    ]);
    expect(spread.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const after = await legs('alice01');
    expect(Number(after.left_members)).toBe(Number(before.left_members) + 4);
    expect(after.right_members).toBe(before.right_members);
    expect(await legs('carol01')).toEqual({ left_members: '3', right_members: '3' });
  });

  it('keeps every sponsor-level counter exact when a sponsor chain grows at each of its levels at once', async () => {
    // A chain of five, each sponsored and placed by the one above; then a sign-up at once under each link
    // (and a second under the last), so every sign-up's five sponsors overlap the others' at different levels
    // and their counter locks cross.
    let parent = await placed('spread3x');
    const chain = [];
    for (const name of ['chain1x', 'chain2x', 'chain3x', 'chain4x', 'chain5x']) {
      await insertUnder(name, parent, 'left');
      parent = await placed(name);
      chain.push(parent);
    }
    const signUps = await Promise.allSettled([
      ...chain.map((link, i) => insertUnder(`link${i}x`, link, 'right')),
      insertUnder('link5x', parent, 'left'),
    ]);
    expect(signUps.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    // Every member's five counters equal a recount of the sponsor tree.
    const differing = await sql`
      WITH RECURSIVE sp AS (
        SELECT id AS member, sponsor_id AS id, 1 AS level FROM members WHERE sponsor_id IS NOT NULL
        UNION ALL
        SELECT sp.member, m.sponsor_id, sp.level + 1 FROM members m JOIN sp ON m.id = sp.id
        WHERE m.sponsor_id IS NOT NULL AND sp.level < 5
      ),
      recount AS (
        SELECT id, array_agg(n ORDER BY level) AS levels FROM (
          SELECT c.member_id AS id, l.level, count(sp.member) AS n
          FROM team_counts c CROSS JOIN generate_series(1, 5) l(level)
          LEFT JOIN sp ON sp.id = c.member_id AND sp.level = l.level
          GROUP BY c.member_id, l.level) x
        GROUP BY id
      )
      SELECT c.member_id FROM team_counts c JOIN recount r ON r.id = c.member_id
      WHERE c.sponsor_levels <> r.levels`.execute(t.db);
    expect(differing.rows).toEqual([]);
    await countJoined(); // the leg counts, as a run would, for the tests that read them next
  });
});

describe('sign-ups in different legs', () => {
  it('lets two sign-ups in different legs go at once: neither waits on a shared ancestor row', async () => {
    // Both under alice01 (and the company) in the placement tree, in her left and her right leg. With no
    // sponsor, they share no counter at all; the old trigger locked alice01's and the company's rows.
    const left = await t.db
      .selectFrom('members')
      .select(['id', 'placement_depth'])
      .where('username', '=', 'spread1x')
      .executeTakeFirstOrThrow();
    const right = await t.db
      .selectFrom('members')
      .select(['id', 'placement_depth'])
      .where('username', '=', 'newbie01')
      .executeTakeFirstOrThrow();
    const row = (username: string, parent: { id: string; placement_depth: number }) => ({
      username,
      email: null,
      mobile: null,
      full_name: null,
      password_hash: 'x',
      transaction_password_hash: null,
      role: 'member' as const,
      sponsor_id: null,
      placement_parent_id: parent.id,
      placement_side: 'left' as const,
      placement_depth: parent.placement_depth + 1,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    // The first sign-up inserts and keeps its transaction open.
    const first = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('members').values(row('legleft1', left)).execute();
      firstInserted();
      await held;
    });
    await inserted;
    // The second, in the other leg, must not wait for it: a lock wait would hit the timeout.
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '1s'`.execute(trx);
      await trx.insertInto('members').values(row('legright1', right)).execute();
    });
    release();
    await first;

    const legsOf = async (username: string) => (await tree(await as(username), '?levels=1')).body.nodes[0];
    const before = await legsOf('alice01');
    await countJoined();
    const after = await legsOf('alice01');
    expect(after?.leftMembers).toBe((before?.leftMembers ?? 0) + 1);
    expect(after?.rightMembers).toBe((before?.rightMembers ?? 0) + 1);
  });
});

describe('a deep leg', () => {
  it('answers the downline check by jumps, not a walk, on a 5,000-deep chain', async () => {
    const depth = 5000;
    const rootId = await makeMember(t.db, 'deeproot');
    await t.db
      .updateTable('members')
      .set({ password_hash: await hashPassword('Demo12345') })
      .where('id', '=', rootId)
      .execute();
    const root = await t.db
      .selectFrom('members')
      .select('username')
      .where('id', '=', rootId)
      .executeTakeFirstOrThrow();
    const base = 50_000_000;
    // One statement builds the chain, joined before the count mark; its leg counts are written directly
    // (what a run would have added), since a chain's are plain arithmetic.
    await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL team.skip_counts = 'on'`.execute(trx);
      await sql`
        INSERT INTO members (id, username, password_hash, role, sponsor_id, placement_parent_id, placement_side,
          placement_depth, created_at)
        OVERRIDING SYSTEM VALUE
        SELECT ${base} + i, 'deep' || i, 'x', 'member', ${rootId},
          CASE WHEN i = 1 THEN ${rootId}::bigint ELSE ${base} + i - 1 END, 'left', i, '2001-01-01'
        FROM generate_series(1, ${depth}) i`.execute(trx);
      await sql`INSERT INTO member_leg_counts (member_id, left_members)
        SELECT ${base} + i, ${depth} - i FROM generate_series(1, ${depth} - 1) i
        UNION ALL SELECT ${rootId}, ${depth}`.execute(trx);
    });

    const client = await as(root.username);
    const bottom = String(base + depth);
    const started = performance.now();
    const reply = await tree(client, `?node=${bottom}`);
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(200);
    expect(reply.body.nodes[0]).toMatchObject({ username: `deep${depth}`, leftMembers: 0 });
    expect(reply.body.upId).toBe(String(base + depth - 1));
    const top = (await tree(client, '?levels=2')).body.nodes[0];
    expect(top?.leftMembers).toBe(depth);

    const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN (ANALYZE, BUFFERS) SELECT team_in_placement_downline(${rootId}, ${bottom})`.execute(t.db);
    const check = performance.now();
    const inside = await sql<{
      ok: boolean;
    }>`SELECT team_in_placement_downline(${rootId}, ${bottom}) AS ok`.execute(t.db);
    const checkMs = performance.now() - check;
    expect(inside.rows[0]?.ok).toBe(true);
    // A member halfway down may not look at the chain's top, nor at the root.
    const outside = await sql<{ ok: boolean }>`
      SELECT team_in_placement_downline(${base + depth / 2}, ${base + 1}) AS ok`.execute(t.db);
    expect(outside.rows[0]?.ok).toBe(false);
    // Every distance along the chain, checked against the arithmetic of a chain: i is below j when i >= j.
    const wrong = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM generate_series(1, ${depth}, 97) i, generate_series(1, ${depth}, 89) j
      WHERE team_in_placement_downline(${base} + j, ${base} + i) <> (i >= j)`.execute(t.db);
    expect(wrong.rows[0]?.n).toBe(0);
    // Measured, not asserted (tests never assert times): printed for the report.
    console.info(
      `deep leg ${depth}: tree view of the bottom node ${elapsed.toFixed(1)} ms, downline check ${checkMs.toFixed(1)} ms;`,
      plan.rows.at(-1)?.['QUERY PLAN'],
    );
  }, 60_000);
});
