import { MarketsEndpoints, type TCandleInterval, type TMarketType } from '@app/contracts';
import { api } from '../../app/api';

export interface MarketListFilters {
  type: TMarketType;
  q: string;
  favourites: boolean;
}

export const marketKeys = {
  all: ['markets'] as const,
  lists: ['markets', 'list'] as const,
  list: (f: MarketListFilters) =>
    ['markets', 'list', f.type, f.q.trim().toUpperCase(), f.favourites] as const,
  candles: (symbol: string, interval: TCandleInterval) => ['markets', 'candles', symbol, interval] as const,
  fundingRate: (symbol: string) => ['markets', 'funding-rate', symbol] as const,
};

/** A market's page shows these itself (an unknown symbol in a deep link): no toast on top. */
export const symbolHandled = ['EXCHANGE_SYMBOL_UNKNOWN', 'VALIDATION_FAILED'];

export const marketsApi = {
  // Prices refresh silently: the spec's home coin-price call shows no loading indicator.
  list: (f: MarketListFilters, signal?: AbortSignal) =>
    api.call(MarketsEndpoints.markets, {
      query: { type: f.type, q: f.q.trim() || undefined, favourites: f.favourites ? 'true' : undefined },
      signal,
      silent: true,
    }),
  candles: (symbol: string, interval: TCandleInterval, signal?: AbortSignal) =>
    api.call(MarketsEndpoints.marketCandles, {
      query: { symbol, interval, limit: 200 },
      signal,
      handled: symbolHandled,
    }),
  fundingRate: (symbol: string, signal?: AbortSignal) =>
    api.call(MarketsEndpoints.marketFundingRate, { query: { symbol }, signal, handled: symbolHandled }),
  addFavourite: (symbol: string) => api.call(MarketsEndpoints.postMarketFavourites, { body: { symbol } }),
  removeFavourite: (symbol: string) =>
    api.call(MarketsEndpoints.deleteMarketFavourites, { query: { symbol } }),
};
