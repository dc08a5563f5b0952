import { type AppModule, routesOf } from '../../platform/module';
import { supportRoutes } from './support.routes';
import { createSupportService } from './support.service';

/** Support enquiries between members and staff, with attachments and live replies. */
export function createSupportModule(deps: Parameters<typeof createSupportService>[0]) {
  const support = createSupportService(deps);
  return {
    support,
    routes: routesOf(supportRoutes, { support }),
  } satisfies AppModule;
}
