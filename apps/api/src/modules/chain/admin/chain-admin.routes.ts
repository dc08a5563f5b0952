import { Paths, ZAdminChainDeposit, ZAdminChainDepositsQuery, ZReconciliation, zPage } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { createChainDepositsAdmin } from './chain-deposits.admin';
import type { createReconciliation } from './reconciliation';

/** Admin only: chain deposits, and holdings on chain beside what the ledger owes members. Reads only. */
export const chainAdminRoutes: FastifyPluginAsyncZod<{
  deposits: ReturnType<typeof createChainDepositsAdmin>;
  reconcile: ReturnType<typeof createReconciliation>;
}> = async (app, o) => {
  const admin = { access: 'admin' as const };
  const tags = ['admin'];
  app.get(
    Paths.adminChainDeposits,
    {
      config: admin,
      schema: { tags, querystring: ZAdminChainDepositsQuery, response: { 200: zPage(ZAdminChainDeposit) } },
    },
    (request) => o.deposits(request.query),
  );
  app.get(
    Paths.adminReconciliation,
    { config: admin, schema: { tags, response: { 200: ZReconciliation } } },
    () => o.reconcile(),
  );
};
