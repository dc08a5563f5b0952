import type { Db } from '../../db/database';
import { type AppModule, routesOf, type ServiceLog } from '../../platform/module';
import type { MarketData } from '../exchanges/connector';
import { marketsRoutes } from './markets.routes';
import { createMarketsService } from './markets.service';
import { createTickerHub } from './ticker-hub';

/** Market prices for members: lists, favourites and the live ticker stream, read from one market source. */
export function createMarketsModule(deps: { db: Db; source: MarketData; log: ServiceLog }) {
  const markets = createMarketsService({ db: deps.db, source: deps.source });
  const tickerHub = createTickerHub({
    read: async () => {
      const { at, items } = await markets.liveTickers();
      return { at: at.toISOString(), items };
    },
    onError: (error) => deps.log.warn({ err: error }, 'market stream: prices not read'),
  });
  return {
    markets,
    tickerHub,
    routes: routesOf(marketsRoutes, { markets, hub: tickerHub }),
    // Open market streams would keep the server from closing: end them first.
    preClose: () => tickerHub.close(),
  } satisfies AppModule;
}
