import { type AppModule, routesOf } from '../../platform/module';
import { botRecordsRoutes } from './bot-records.routes';
import { createBotRecordsService } from './bot-records.service';

/** What the bots did: cycles, orders and their figures, for the member who owns them. */
export function createBotRecordsModule(deps: Parameters<typeof createBotRecordsService>[0]) {
  const records = createBotRecordsService(deps);
  return {
    records,
    routes: routesOf(botRecordsRoutes, { records }),
  } satisfies AppModule;
}
