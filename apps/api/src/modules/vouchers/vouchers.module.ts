import type { Db } from '../../db/database';
import { type AppModule, routesOf } from '../../platform/module';
import { voucherRoutes } from './vouchers.routes';
import { createVoucherService } from './vouchers.service';

/** Vouchers members hold and spend on rentals and mining purchases. */
export function createVouchersModule(deps: { db: Db }) {
  const vouchers = createVoucherService(deps);
  return {
    vouchers,
    routes: routesOf(voucherRoutes, { vouchers }),
  } satisfies AppModule;
}
