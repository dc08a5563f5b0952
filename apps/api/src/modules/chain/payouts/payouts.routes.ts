import {
  Paths,
  ZAdminPayout,
  ZAdminPayoutAlerts,
  ZAdminPayoutsQuery,
  ZPayoutRetried,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { callerOf } from '../../../platform/access';
import { listPayoutAlerts, listPayouts } from './payouts-list';
import { retryPayout } from './retry-payout';

const ZUuidParams = z.object({ id: z.uuid() });

/** Payouts from the hot wallet (issue 21, item 6): in flight, the alerts, and an admin's retry. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, o) => {
  app.get(
    Paths.adminPayouts,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAdminPayoutsQuery, response: { 200: zPage(ZAdminPayout) } },
    },
    (request) => listPayouts(o.db, request.query),
  );

  app.get(
    Paths.adminPayoutAlerts,
    { config: { access: 'admin' }, schema: { tags: ['admin'], response: { 200: ZAdminPayoutAlerts } } },
    () => listPayoutAlerts(o.db),
  );

  // Money may go out again: a fresh authenticator code, once per Idempotency-Key (decision 68).
  app.post(
    Paths.adminPayoutRetry,
    {
      config: { access: 'admin', idempotent: true, stepUp: true },
      schema: { tags: ['admin'], params: ZUuidParams, response: { 200: ZPayoutRetried } },
    },
    async (request) => {
      const actor = { memberId: callerOf(request).memberId, ip: request.ip };
      const { retries } = await retryPayout(o.db, actor, request.params.id);
      return { withdrawalId: request.params.id, retries };
    },
  );
};
