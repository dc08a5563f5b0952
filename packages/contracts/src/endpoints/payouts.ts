import { z } from 'zod';
import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZAdminPayout, ZAdminPayoutAlerts, ZAdminPayoutsQuery, ZPayoutRetried } from '../payouts';

/** The operations registered by apps/api/src/modules/chain/payouts/payouts.routes.ts. */
export const PayoutsEndpoints = {
  adminPayouts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts',
    query: ZAdminPayoutsQuery,
    response: zPage(ZAdminPayout),
  }),
  adminPayoutAlerts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payouts/alerts',
    response: ZAdminPayoutAlerts,
  }),
  postAdminPayoutRetry: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/payout-retry',
    params: z.object({ id: z.uuid() }),
    response: ZPayoutRetried,
  }),
};
