import {
  Paths,
  ZCandles,
  ZCandlesQuery,
  ZFavouriteRequest,
  ZFavourites,
  ZFundingRate,
  ZMarketList,
  ZMarketsQuery,
  ZSymbolQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { openEventStream } from '../../platform/sse';
import type { MarketsService } from './markets.service';
import type { TickerHub } from './ticker-hub';

export interface MarketsRoutesOptions {
  markets: MarketsService;
  hub: TickerHub;
}

const tags = ['markets'];

/** The markets page (GetcMarket, SearchCoin), its chart and funding rate, favourites and the live prices. */
export const marketsRoutes: FastifyPluginAsyncZod<MarketsRoutesOptions> = async (app, { markets, hub }) => {
  const member = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;

  app.get(
    Paths.markets,
    { config: member, schema: { tags, querystring: ZMarketsQuery, response: { 200: ZMarketList } } },
    (request) => markets.list(me(request), request.query),
  );

  app.get(
    Paths.marketCandles,
    { config: member, schema: { tags, querystring: ZCandlesQuery, response: { 200: ZCandles } } },
    (request) => markets.candles(request.query.symbol, request.query.interval, request.query.limit),
  );

  app.get(
    Paths.marketFundingRate,
    { config: member, schema: { tags, querystring: ZSymbolQuery, response: { 200: ZFundingRate } } },
    (request) => markets.fundingRate(request.query.symbol),
  );

  app.get(
    Paths.marketFavourites,
    { config: member, schema: { tags, response: { 200: ZFavourites } } },
    (request) => markets.favourites(me(request)),
  );

  app.post(
    Paths.marketFavourites,
    { config: member, schema: { tags, body: ZFavouriteRequest, response: { 200: ZFavourites } } },
    (request) => markets.addFavourite(me(request), request.body.symbol),
  );

  app.delete(
    Paths.marketFavourites,
    { config: member, schema: { tags, querystring: ZFavouriteRequest, response: { 200: ZFavourites } } },
    (request) => markets.removeFavourite(me(request), request.query.symbol),
  );

  // Server-Sent Events: a `tickers` event with every symbol's price about every 2 s. All open streams share
  // one poller (the hub); a stream ends when the client goes away or the server shuts down.
  app.get(
    Paths.marketStream,
    { config: member, schema: { tags, description: 'text/event-stream of `tickers` events (ZTickerEvent)' } },
    async (_request, reply) => {
      const stream = openEventStream(reply);
      const unsubscribe = hub.subscribe({
        send: (event) => stream.send('tickers', event),
        end: stream.end,
      });
      stream.onClose(unsubscribe);
    },
  );
};
