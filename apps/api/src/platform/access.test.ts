import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A path with its parameters filled with well-formed values that belong to nobody. */
const concrete = (url: string) =>
  url.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:\w+/g, '1');

describe('access declarations', () => {
  it('every /api route declares public, member or admin', () => {
    expect(t.app.accessTable.length).toBeGreaterThan(15);
    const undeclared = t.app.accessTable.filter((r) => !['public', 'member', 'admin'].includes(r.access));
    expect(undeclared).toEqual([]);
  });

  it('member and admin routes refuse an anonymous call with SESSION_INVALID', async () => {
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
    await admin.login('admin', 'Admin12345');
    for (const route of t.app.accessTable.filter((r) => r.access === 'admin')) {
      const refused = await member.call(route.method as 'GET', concrete(route.url));
      expect([route.url, refused.status, refused.body.code]).toEqual([route.url, 403, 'FORBIDDEN']);
    }
    const list = await admin.get<{ items: Array<{ username: string }> }>('/api/admin/members?q=ali');
    expect(list.body.items.map((m) => m.username)).toEqual(['alice01']);
  });

  it('a registration without an access declaration fails at start-up', async () => {
    const { default: Fastify } = await import('fastify');
    const { accessPlugin } = await import('./access');
    const app = Fastify();
    await app.register(accessPlugin, { sessions: { resolve: async () => null } });
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/);
    await app.close();
  });
});
