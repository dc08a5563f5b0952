import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { TestFaucet } from './test-faucet';

/** Development only: the deposit page's "Send test USDT" (refused with TEST_FAUCET_UNAVAILABLE elsewhere). */
export const testFaucetRoutes: FastifyPluginAsyncZod<{ faucet: TestFaucet; moneyRateLimit: number }> = async (
  app,
  o,
) => {
  route(app, Endpoints.testFaucet.testFaucet, {
    // Each press is a real transaction from the funder: limited like a money action.
    config: { access: 'member', rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } },
    tags: ['wallet'],
    handler: (request) => o.faucet.send(callerOf(request).memberId, request.body),
  });
};
