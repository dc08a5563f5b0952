import type { Db } from '../../db/database';
import { type AppModule, routesOf } from '../../platform/module';
import type { LoginThrottle } from '../auth/login-throttle';
import { adminRoutes } from './admin.routes';

/** The staff's member list and dashboard. */
export function createAdminModule(deps: { db: Db; throttle: Pick<LoginThrottle, 'unlockRequiredUntil'> }) {
  return {
    routes: routesOf(adminRoutes, deps),
  } satisfies AppModule;
}
