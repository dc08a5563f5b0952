import {
  Paths,
  ZAdminManagedAccount,
  ZAdminManagedAccountsQuery,
  ZAssignSubAccount,
  zPage,
  zSerialId,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorRequestOf } from '../../platform/access';
import type { ManagedAccountsAdmin } from './managed-accounts-admin';

const tags = ['admin'];
const ZAccountParams = z.object({ id: zSerialId() });

/**
 * The accounts managed-mode rentals trade (investsavecompany, topupsavecompany): the admin lists them and
 * gives a member a sub-account on an exchange, or takes it away, never while their managed bots there run.
 */
export const managedAccountRoutes: FastifyPluginAsyncZod<{ admin: ManagedAccountsAdmin }> = async (
  app,
  o,
) => {
  const admin = { access: 'admin' as const };

  app.get(
    Paths.adminManagedAccounts,
    {
      config: admin,
      schema: {
        tags,
        querystring: ZAdminManagedAccountsQuery,
        response: { 200: zPage(ZAdminManagedAccount) },
      },
    },
    (request) => o.admin.list(request.query),
  );

  app.post(
    Paths.adminManagedAccounts,
    { config: admin, schema: { tags, body: ZAssignSubAccount, response: { 200: ZAdminManagedAccount } } },
    (request) => o.admin.assign(actorRequestOf(request), request.body),
  );

  app.delete(
    Paths.adminManagedAccount,
    { config: admin, schema: { tags, params: ZAccountParams, response: { 200: ZAdminManagedAccount } } },
    (request) => o.admin.remove(actorRequestOf(request), request.params.id),
  );
};
