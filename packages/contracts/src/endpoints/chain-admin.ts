import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZAdminChainDeposit, ZAdminChainDepositsQuery, ZReconciliation } from '../wallet';

/** The operations registered by apps/api/src/modules/chain/admin/chain-admin.routes.ts. */
export const ChainAdminEndpoints = {
  adminChainDeposits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/chain-deposits',
    query: ZAdminChainDepositsQuery,
    response: zPage(ZAdminChainDeposit),
  }),
  adminReconciliation: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reconciliation',
    response: ZReconciliation,
  }),
};
