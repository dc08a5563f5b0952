import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { VoucherService } from './vouchers.service';

export interface VoucherRoutesOptions {
  vouchers: VoucherService;
}

/** Member/getVouchers, and the admin's issuing of vouchers (audited by the service). */
export const voucherRoutes: FastifyPluginAsyncZod<VoucherRoutesOptions> = async (app, o) => {
  route(app, Endpoints.vouchers.vouchers, {
    config: { access: 'member' },
    tags: ['vouchers'],
    handler: (request) => o.vouchers.listFor(callerOf(request).memberId, request.query),
  });

  route(app, Endpoints.vouchers.adminVouchers, {
    config: { access: 'admin' },
    tags: ['admin'],
    handler: (request) => o.vouchers.listAll(request.query),
  });

  route(app, Endpoints.vouchers.postAdminVouchers, {
    // A voucher is money off a purchase: a fresh authenticator code first (decision 45).
    config: { access: 'admin', stepUp: true },
    tags: ['admin'],
    handler: async (request) => ({
      items: await o.vouchers.issue({ memberId: callerOf(request).memberId, ip: request.ip }, request.body),
    }),
  });
};
