import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database';
import { route } from '../../../platform/endpoint-route';
import { listPayouts } from './payouts-list';

/** Payouts in flight from the hot wallet (issue 21, item 6): admins only, read-only. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, o) => {
  route(app, Endpoints.payouts.adminPayouts, {
    config: { access: 'admin' },
    tags: ['admin'],
    handler: (request) => listPayouts(o.db, request.query),
  });
};
