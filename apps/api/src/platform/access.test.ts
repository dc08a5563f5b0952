import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_SUPPORT } from '../db/seed/demo-staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A path with its parameters filled with well-formed values that belong to nobody. */
const concrete = (url: string) =>
  url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:\w+/g, '1');

const routesOf = (access: string) => t.app.accessTable.filter((r) => r.access === access);

/** The admin money actions that ask for a fresh authenticator code (decision 45). */
const MONEY_ROUTES = [
  'POST /api/admin/balances/adjust',
  'POST /api/admin/deposits',
  'POST /api/admin/airdrops',
  'POST /api/admin/withdrawals/:id/approve',
  'POST /api/admin/withdrawals/:id/paid',
  'POST /api/admin/withdrawals/:id/payout-retry',
  'POST /api/admin/approvals/:id/approve',
  'POST /api/admin/bonus-runs',
  'POST /api/admin/mining/payouts/run',
  'POST /api/admin/vouchers',
  'PUT /api/admin/prices',
];

describe('access declarations', () => {
  it('every /api route declares public, session, member, staff or admin', () => {
    expect(t.app.accessTable.length).toBeGreaterThan(15);
    const undeclared = t.app.accessTable.filter(
      (r) => !['public', 'session', 'member', 'staff', 'admin'].includes(r.access),
    );
    expect(undeclared).toEqual([]);
  });

  it('member, staff and admin routes refuse an anonymous call with SESSION_INVALID', async () => {
    const guarded = t.app.accessTable.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const reply = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect([route.url, reply.statusCode, reply.json().code]).toEqual([route.url, 401, 'SESSION_INVALID']);
    }
  });

  it('admin routes refuse a member with FORBIDDEN, and let an admin in', async () => {
    const member = new Client(t.app);
    await member.login('alice01');
    const admin = new Client(t.app);
    await admin.loginStaff();
    for (const route of routesOf('admin')) {
      const refused = await member.call(route.method as 'GET', concrete(route.url));
      expect([route.url, refused.status, refused.body.code]).toEqual([route.url, 403, 'FORBIDDEN']);
    }
    const list = await admin.get<{ items: Array<{ username: string }> }>('/api/admin/members?q=ali');
    expect(list.body.items.map((m) => m.username)).toEqual(['alice01']);
  });

  it('every admin money action asks for a fresh code, and only those', async () => {
    const stepUp = t.app.accessTable.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url}`);
    expect(stepUp.sort()).toEqual([...MONEY_ROUTES].sort());
    expect(t.app.accessTable.filter((r) => r.stepUp).every((r) => r.access === 'admin')).toBe(true);
    // Logged in with a code, but no step-up code yet: each money action is refused before it runs.
    const admin = new Client(t.app);
    await admin.loginStaff();
    for (const route of t.app.accessTable.filter((r) => r.stepUp)) {
      const refused = await admin.call(route.method as 'POST', concrete(route.url), {});
      expect([route.url, refused.status, refused.body.code]).toEqual([
        route.url,
        403,
        'ADMIN_STEP_UP_REQUIRED',
      ]);
    }
  });
});

describe('roles: support works the KYC, customer-service and content queues, and moves no money', () => {
  it('support is refused on every admin-only route, money first, even after a step-up code', async () => {
    const support = new Client(t.app);
    await support.loginStaff(DEMO_SUPPORT);
    await support.stepUp(DEMO_SUPPORT);
    const adminOnly = routesOf('admin');
    expect(adminOnly.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(MONEY_ROUTES));
    for (const route of adminOnly) {
      const refused = await support.call(route.method as 'GET', concrete(route.url), {});
      expect([route.url, refused.status, refused.body.code]).toEqual([route.url, 403, 'FORBIDDEN']);
    }
  });

  it('support and admins are let into every staff route (KYC, enquiries, content); members are not', async () => {
    const staffRoutes = routesOf('staff');
    const urls = staffRoutes.map((r) => r.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/admin/kyc', '/api/admin/enquiries', '/api/admin/news']),
    );
    const support = new Client(t.app);
    await support.loginStaff(DEMO_SUPPORT);
    const admin = new Client(t.app);
    await admin.loginStaff();
    const member = new Client(t.app);
    await member.login('bobby01');
    for (const route of staffRoutes) {
      for (const [who, client] of [
        ['support', support],
        ['admin', admin],
      ] as const) {
        const reply = await client.call(route.method as 'GET', concrete(route.url), {});
        // Let in: whatever the route answers about a nobody id or an empty body, not a refusal of the caller.
        expect([who, route.url, [401, 403].includes(reply.status)]).toEqual([who, route.url, false]);
      }
      const refused = await member.call(route.method as 'GET', concrete(route.url), {});
      expect([route.url, refused.status, refused.body.code]).toEqual([route.url, 403, 'FORBIDDEN']);
    }
    const queue = await support.get<{ items: unknown[] }>('/api/admin/kyc');
    expect(queue.status).toBe(200);
  });
});

describe('the access plugin', () => {
  it('a registration without an access declaration fails at start-up', async () => {
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('./access');
    const app = Fastify();
    await app.register(accessPlugin, { sessions: { resolve: async () => null } });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    expect(() =>
      app.post('/api/member-money', { config: { access: 'member', stepUp: true } }, async () => ({})),
    ).toThrow(/must be admin-only/);
    await app.close();
  });
});
