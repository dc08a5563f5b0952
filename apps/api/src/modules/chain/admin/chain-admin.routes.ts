import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../platform/endpoint-route';
import type { createChainDepositsAdmin } from './chain-deposits.admin';
import type { createReconciliation } from './reconciliation';

/** Admin only: chain deposits, and holdings on chain beside what the ledger owes members. Reads only. */
export const chainAdminRoutes: FastifyPluginAsyncZod<{
  deposits: ReturnType<typeof createChainDepositsAdmin>;
  reconcile: ReturnType<typeof createReconciliation>;
}> = async (app, o) => {
  const admin = { access: 'admin' as const };
  const tags = ['admin'];
  route(app, Endpoints.chainAdmin.adminChainDeposits, {
    config: admin,
    tags,
    handler: (request) => o.deposits(request.query),
  });
  route(app, Endpoints.chainAdmin.adminReconciliation, {
    config: admin,
    tags,
    handler: () => o.reconcile(),
  });
};
