import { Paths, ZTestFaucetRequest, ZTestFaucetResult } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { TestFaucet } from './test-faucet';

/** Development only: the deposit page's "Send test USDT" (refused with TEST_FAUCET_UNAVAILABLE elsewhere). */
export const testFaucetRoutes: FastifyPluginAsyncZod<{ faucet: TestFaucet; moneyRateLimit: number }> = async (
  app,
  o,
) => {
  app.post(
    Paths.testFaucet,
    {
      // Each press is a real transaction from the funder: limited like a money action.
      config: { access: 'member', rateLimit: { max: o.moneyRateLimit, timeWindow: '1 minute' } },
      schema: { tags: ['wallet'], body: ZTestFaucetRequest, response: { 200: ZTestFaucetResult } },
    },
    (request) => o.faucet.send(callerOf(request).memberId, request.body),
  );
};
