import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database';
import { callerOf } from '../../../platform/access';
import { route } from '../../../platform/endpoint-route';
import type { WalletForChain } from '../../wallet/wallet-for-chain';
import { listPayoutAlerts, listPayouts } from './payouts-list';
import { retryPayout } from './retry-payout';

/** Payouts from the hot wallet (issue 21, item 6): in flight, the alerts, and an admin's retry. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ db: Db; wallet: WalletForChain }> = async (app, o) => {
  route(app, Endpoints.payouts.adminPayouts, {
    config: { access: 'admin' },
    tags: ['admin'],
    handler: (request) => listPayouts(o.db, o.wallet, request.query),
  });

  route(app, Endpoints.payouts.adminPayoutAlerts, {
    config: { access: 'admin' },
    tags: ['admin'],
    handler: () => listPayoutAlerts(o.db, o.wallet),
  });

  // Money may go out again: a fresh authenticator code, once per Idempotency-Key (decision 68).
  route(app, Endpoints.payouts.postAdminPayoutRetry, {
    config: { access: 'admin', idempotent: true, stepUp: true },
    tags: ['admin'],
    handler: async (request) => {
      const actor = { memberId: callerOf(request).memberId, ip: request.ip };
      const { retries } = await retryPayout(o.db, o.wallet, actor, request.params.id);
      return { withdrawalId: request.params.id, retries };
    },
  });
};
