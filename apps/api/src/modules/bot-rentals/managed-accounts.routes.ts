import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRequestOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { ManagedAccountsAdmin } from './managed-accounts-admin';

const tags = ['admin'];

/**
 * The accounts managed-mode rentals trade (investsavecompany, topupsavecompany): the admin lists them and
 * gives a member a sub-account on an exchange, or takes it away, never while their managed bots there run.
 */
export const managedAccountRoutes: FastifyPluginAsyncZod<{ admin: ManagedAccountsAdmin }> = async (
  app,
  o,
) => {
  const admin = { access: 'admin' as const };

  route(app, Endpoints.managedAccounts.adminManagedAccounts, {
    config: admin,
    tags,
    handler: (request) => o.admin.list(request.query),
  });

  route(app, Endpoints.managedAccounts.postAdminManagedAccounts, {
    config: admin,
    tags,
    handler: (request) => o.admin.assign(actorRequestOf(request), request.body),
  });

  route(app, Endpoints.managedAccounts.adminManagedAccount, {
    config: admin,
    tags,
    handler: (request) => o.admin.remove(actorRequestOf(request), request.params.id),
  });
};
