import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { createCcxtConnector } from './ccxt/ccxt-connector';
import type { Connector, Credentials, ExchangeId } from './connector';

/**
 * The connector of a member's account on one exchange, pointed where the configuration says the exchange
 * is (EXCHANGE_API_URLS: the local mock exchanges in the demo and the e2e run; the public APIs otherwise).
 */
export function connectorFor(
  exchange: ExchangeId,
  credentials: Credentials,
  config: Pick<Config, 'EXCHANGE_API_URLS'>,
): Connector {
  switch (exchange) {
    case 'binance':
    case 'bybit':
    case 'gate': {
      const api = config.EXCHANGE_API_URLS[exchange];
      return createCcxtConnector({ exchange, credentials, urls: api ? { api } : undefined });
    }
    case 'paper':
      // The paper exchange keeps its state in PostgreSQL and needs the database, not a key: the paper module
      // registers it where the trading service picks a venue, so it never comes through here.
      throw new AppError('EXCHANGE_UNKNOWN', 'the paper exchange is not built from credentials', {
        exchange,
      });
    default:
      throw new AppError('EXCHANGE_UNKNOWN', `no connector for ${String(exchange)}`, { exchange });
  }
}
