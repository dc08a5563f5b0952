import { zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  ZAdminVoucher,
  ZAdminVouchersQuery,
  ZIssueVouchers,
  ZIssueVouchersResult,
  ZVoucher,
  ZVouchersQuery,
} from '../vouchers';

/** The operations registered by apps/api/src/modules/vouchers/vouchers.routes.ts. */
export const VouchersEndpoints = {
  vouchers: defineEndpoint({
    method: 'GET',
    path: '/api/vouchers',
    query: ZVouchersQuery,
    response: zPage(ZVoucher),
  }),
  adminVouchers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/vouchers',
    query: ZAdminVouchersQuery,
    response: zPage(ZAdminVoucher),
  }),
  postAdminVouchers: defineEndpoint({
    method: 'POST',
    path: '/api/admin/vouchers',
    body: ZIssueVouchers,
    response: ZIssueVouchersResult,
  }),
};
