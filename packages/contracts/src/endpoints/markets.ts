import { defineEndpoint } from '../endpoint';
import {
  ZCandles,
  ZCandlesQuery,
  ZFavouriteRequest,
  ZFavourites,
  ZFundingRate,
  ZMarketList,
  ZMarketsQuery,
  ZSymbolQuery,
} from '../markets';

/** The operations registered by apps/api/src/modules/markets/markets.routes.ts. */
export const MarketsEndpoints = {
  markets: defineEndpoint({
    method: 'GET',
    path: '/api/markets',
    query: ZMarketsQuery,
    response: ZMarketList,
  }),
  marketCandles: defineEndpoint({
    method: 'GET',
    path: '/api/markets/candles',
    query: ZCandlesQuery,
    response: ZCandles,
  }),
  marketFundingRate: defineEndpoint({
    method: 'GET',
    path: '/api/markets/funding-rate',
    query: ZSymbolQuery,
    response: ZFundingRate,
  }),
  marketFavourites: defineEndpoint({ method: 'GET', path: '/api/markets/favourites', response: ZFavourites }),
  postMarketFavourites: defineEndpoint({
    method: 'POST',
    path: '/api/markets/favourites',
    body: ZFavouriteRequest,
    response: ZFavourites,
  }),
  deleteMarketFavourites: defineEndpoint({
    method: 'DELETE',
    path: '/api/markets/favourites',
    query: ZFavouriteRequest,
    response: ZFavourites,
  }),
};
