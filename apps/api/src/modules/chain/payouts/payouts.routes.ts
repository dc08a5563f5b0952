import { Paths, ZAdminPayout, ZAdminPayoutsQuery, zPage } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database';
import { listPayouts } from './payouts-list';

/** Payouts in flight from the hot wallet (issue 21, item 6): admins only, read-only. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, o) => {
  app.get(
    Paths.adminPayouts,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAdminPayoutsQuery, response: { 200: zPage(ZAdminPayout) } },
    },
    (request) => listPayouts(o.db, request.query),
  );
};
