import { Endpoints, Paths } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
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

  route(app, Endpoints.markets.markets, {
    config: member,
    tags,
    handler: (request) => markets.list(me(request), request.query),
  });

  route(app, Endpoints.markets.marketCandles, {
    config: member,
    tags,
    handler: (request) => markets.candles(request.query.symbol, request.query.interval, request.query.limit),
  });

  route(app, Endpoints.markets.marketFundingRate, {
    config: member,
    tags,
    handler: (request) => markets.fundingRate(request.query.symbol),
  });

  route(app, Endpoints.markets.marketFavourites, {
    config: member,
    tags,
    handler: (request) => markets.favourites(me(request)),
  });

  route(app, Endpoints.markets.postMarketFavourites, {
    config: member,
    tags,
    handler: (request) => markets.addFavourite(me(request), request.body.symbol),
  });

  route(app, Endpoints.markets.deleteMarketFavourites, {
    config: member,
    tags,
    handler: (request) => markets.removeFavourite(me(request), request.query.symbol),
  });

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
