import { defineEndpoint } from '../endpoint';
import { ZTestFaucetRequest, ZTestFaucetResult } from '../wallet';

/** The endpoints of apps/api/src/modules/.../test-faucet.routes.ts. */
export const TestFaucetEndpoints = {
  testFaucet: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/deposits/test-faucet',
    body: ZTestFaucetRequest,
    response: ZTestFaucetResult,
  }),
};
