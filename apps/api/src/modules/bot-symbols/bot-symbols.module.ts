import { type AppModule, routesOf } from '../../platform/module';
import { botSymbolsRoutes } from './bot-symbols.routes';
import { createBotSymbolsService } from './bot-symbols.service';

/** The symbols a member's bots trade, with their venues' live figures. */
export function createBotSymbolsModule(deps: Parameters<typeof createBotSymbolsService>[0]) {
  const symbols = createBotSymbolsService(deps);
  return {
    symbols,
    routes: routesOf(botSymbolsRoutes, { symbols }),
  } satisfies AppModule;
}
