import { type AppModule, routesOf } from '../../platform/module';
import { tradingRoutes } from './trading.routes';
import { createTradingService } from './trading.service';
import { createTradingVenues } from './trading-venues';

/** Members' own orders on their exchange accounts (or the paper exchange), through the trading venues. */
export function createTradingModule(
  deps: Parameters<typeof createTradingVenues>[0] & { orderRateLimit: number },
) {
  const trading = createTradingService({ db: deps.db, venues: createTradingVenues(deps) });
  return {
    trading,
    routes: routesOf(tradingRoutes, { trading, orderRateLimit: deps.orderRateLimit }),
  } satisfies AppModule;
}
