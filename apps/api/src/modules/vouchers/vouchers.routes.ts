import {
  Paths,
  ZAdminVoucher,
  ZAdminVouchersQuery,
  ZIssueVouchers,
  ZIssueVouchersResult,
  ZVoucher,
  ZVouchersQuery,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { VoucherService } from './vouchers.service';

export interface VoucherRoutesOptions {
  vouchers: VoucherService;
}

/** Member/getVouchers, and the admin's issuing of vouchers (audited by the service). */
export const voucherRoutes: FastifyPluginAsyncZod<VoucherRoutesOptions> = async (app, o) => {
  app.get(
    Paths.vouchers,
    {
      config: { access: 'member' },
      schema: { tags: ['vouchers'], querystring: ZVouchersQuery, response: { 200: zPage(ZVoucher) } },
    },
    (request) => o.vouchers.listFor(callerOf(request).memberId, request.query),
  );

  app.get(
    Paths.adminVouchers,
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], querystring: ZAdminVouchersQuery, response: { 200: zPage(ZAdminVoucher) } },
    },
    (request) => o.vouchers.listAll(request.query),
  );

  app.post(
    Paths.adminVouchers,
    {
      // A voucher is money off a purchase: a fresh authenticator code first (decision 45).
      config: { access: 'admin', stepUp: true },
      schema: { tags: ['admin'], body: ZIssueVouchers, response: { 200: ZIssueVouchersResult } },
    },
    async (request) => ({
      items: await o.vouchers.issue({ memberId: callerOf(request).memberId, ip: request.ip }, request.body),
    }),
  );
};
