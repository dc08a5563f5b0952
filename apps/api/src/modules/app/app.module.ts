import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Outbox } from '../../platform/mail';
import { type AppModule, routesOf } from '../../platform/module';
import type { SiteSettingsService } from '../content/site-settings.service';
import { appRoutes } from './app.routes';
import type { ReadinessCheck } from './readiness';

/** The platform's own routes: health and readiness, version check, the dev outbox. */
export function createAppModule(deps: {
  db: Db;
  config: Config;
  outbox: Outbox | null;
  site: Pick<SiteSettingsService, 'version' | 'check'>;
  readinessChecks?: ReadinessCheck[];
}) {
  return {
    routes: routesOf(appRoutes, deps),
  } satisfies AppModule;
}
