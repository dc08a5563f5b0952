import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZAdminPayout, ZAdminPayoutsQuery } from '../payouts';

/** The operations registered by apps/api/src/modules/chain/payouts/payouts.routes.ts. */
export const PayoutsEndpoints = {
  adminPayouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts',
    query: ZAdminPayoutsQuery,
    response: zPage(ZAdminPayout),
  }),
};
