import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyDb } from '../../db/tables';
import { route } from '../../platform/endpoint-route';
import type { LoginThrottle } from '../auth/login-throttle';
import { searchMembers } from '../members/member-search';

/**
 * Admin/memlist: members with a search by username, email or mobile. `lockedUntil`: until when a login
 * from an address the member has not used needs an unlock code (the login throttle's ceiling, decision 43).
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: AnyDb;
  throttle: Pick<LoginThrottle, 'unlockRequiredUntil'>;
}> = async (app, { db, throttle }) => {
  route(app, Endpoints.admin.adminMembers, {
    config: { access: 'admin' },
    tags: ['admin'],
    handler: async (request) => {
      const { q, page, pageSize } = request.query;
      const rows = await searchMembers(db, q, { page, pageSize });
      const locked = await throttle.unlockRequiredUntil(rows.map((r) => r.id));
      return {
        items: rows.map((r) => ({
          userid: r.id,
          username: r.username,
          email: r.email,
          mobile: r.mobile,
          sponsor: r.sponsor,
          role: r.role,
          joinedAt: r.created_at.toISOString(),
          lockedUntil: locked.get(r.id)?.toISOString() ?? null,
        })),
        page,
        pageSize,
      };
    },
  });
};
