import { defineEndpoint } from '../endpoint';
import { ZTestFaucetRequest, ZTestFaucetResult } from '../wallet';

/** The operations registered by apps/api/src/modules/chain/test-faucet.routes.ts. */
export const TestFaucetEndpoints = {
  testFaucet: defineEndpoint({
    method: 'POST',
    path: '/api/wallet/deposits/test-faucet',
    body: ZTestFaucetRequest,
    response: ZTestFaucetResult,
  }),
};
