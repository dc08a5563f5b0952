import type { Config } from '../../config';
import type { MarketData } from '../exchanges/connector';
import { createSimulatedMarket } from '../exchanges/paper/simulated-market';

/**
 * Where the markets page, the home page's prices and the live stream read their prices
 * (MARKET_DATA_SOURCE): the seeded simulated market, or an exchange's public data through its ccxt
 * connector (no key: market data only). ccxt is loaded only when an exchange is chosen.
 */
export async function createMarketSource(config: Pick<Config, 'MARKET_DATA_SOURCE'>): Promise<MarketData> {
  const source = config.MARKET_DATA_SOURCE;
  if (source === 'simulated') return createSimulatedMarket();
  const { createCcxtConnector } = await import('../exchanges/ccxt/ccxt-connector');
  return createCcxtConnector({ exchange: source });
}
