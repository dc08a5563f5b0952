import { type AppModule, routesOf } from '../../platform/module';
import { createBotVenues } from './bot-venues';
import { botsRoutes } from './bots.routes';
import { createBotsService } from './bots.service';

/**
 * Members' trading bots and the venues they trade on (the member's key, a managed account, or the paper
 * exchange). The venues are built here once: the bot records and symbols, and the bot worker, use the same.
 */
export function createBotsModule(deps: Parameters<typeof createBotVenues>[0]) {
  const venues = createBotVenues(deps);
  const bots = createBotsService({ db: deps.db, venues });
  return {
    venues,
    bots,
    routes: routesOf(botsRoutes, { bots }),
  } satisfies AppModule;
}
