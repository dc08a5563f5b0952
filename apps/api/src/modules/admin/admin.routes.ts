import { Paths, ZAdminMemberItem, ZAdminMemberQuery, zPage } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { likePrefix } from '../../platform/like';
import type { LoginThrottle } from '../auth/login-throttle';

/**
 * Admin/memlist: members with a search by username, email or mobile. `lockedUntil`: until when a login
 * from an address the member has not used needs an unlock code (the login throttle's ceiling, decision 43).
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  throttle: Pick<LoginThrottle, 'unlockRequiredUntil'>;
}> = async (app, { db, throttle }) => {
  app.get(
    Paths.adminMembers,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAdminMemberQuery, response: { 200: zPage(ZAdminMemberItem) } },
    },
    async (request) => {
      const { q, page, pageSize } = request.query;
      let query = db
        .selectFrom('members as m')
        .leftJoin('members as s', 's.id', 'm.sponsor_id')
        .select([
          'm.id',
          'm.username',
          'm.email',
          'm.mobile',
          'm.role',
          'm.created_at',
          's.username as sponsor',
        ]);
      if (q) {
        // A prefix match: the pattern's own wildcards are escaped, so a search cannot become a scan.
        const prefix = likePrefix(q.toLowerCase());
        query = query.where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['m.username']), 'like', prefix),
            eb('m.email', 'like', prefix),
            eb('m.mobile', 'like', prefix),
          ]),
        );
      }
      const rows = await query
        .orderBy('m.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
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
  );
};
