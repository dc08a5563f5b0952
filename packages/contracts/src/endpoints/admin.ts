import { ZAdminMemberItem, ZAdminMemberQuery } from '../app';
import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';

/** The operations registered by apps/api/src/modules/admin/admin.routes.ts. */
export const AdminEndpoints = {
  adminMembers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members',
    query: ZAdminMemberQuery,
    response: zPage(ZAdminMemberItem),
  }),
};
