import { z } from 'zod';
import { zPage, zSerialId } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZAdminManagedAccount, ZAdminManagedAccountsQuery, ZAssignSubAccount } from '../managed-accounts';

const ZAccountParams = z.object({ id: zSerialId() });

/** The operations registered by apps/api/src/modules/bot-rentals/managed-accounts.routes.ts. */
export const ManagedAccountsEndpoints = {
  adminManagedAccounts: defineEndpoint({
    method: 'GET',
    path: '/api/admin/managed-accounts',
    query: ZAdminManagedAccountsQuery,
    response: zPage(ZAdminManagedAccount),
  }),
  postAdminManagedAccounts: defineEndpoint({
    method: 'POST',
    path: '/api/admin/managed-accounts',
    body: ZAssignSubAccount,
    response: ZAdminManagedAccount,
  }),
  adminManagedAccount: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/managed-accounts/:id',
    params: ZAccountParams,
    response: ZAdminManagedAccount,
  }),
};
