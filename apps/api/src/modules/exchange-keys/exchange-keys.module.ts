import { type AppModule, routesOf } from '../../platform/module';
import { exchangeKeyRoutes } from './exchange-keys.routes';
import { createExchangeKeyService, type ExchangeKeyServiceDeps } from './exchange-keys.service';

/** Members' exchange API keys: sealed in, checked for their rights, re-checked daily, read by the bots. */
export function createExchangeKeysModule(deps: ExchangeKeyServiceDeps & { keyRateLimit: number }) {
  const exchangeKeys = createExchangeKeyService(deps);
  return {
    exchangeKeys,
    routes: routesOf(exchangeKeyRoutes, { keys: exchangeKeys, keyRateLimit: deps.keyRateLimit }),
  } satisfies AppModule;
}
