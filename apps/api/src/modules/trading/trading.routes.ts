import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { AppError } from '../../platform/errors';
import type { TradingService } from './trading.service';

export interface TradingRoutesOptions {
  trading: TradingService;
  /** Orders per minute and IP: an exchange bans keys that flood it. */
  orderRateLimit: number;
}

const tags = ['trading'];

/** Manual trading on the member's own exchange account or the paper exchange (SaveOrder, CloseOrder). */
export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  /** Places an order: an Idempotency-Key (its client order id derives from it) and a rate limit. */
  const places = {
    ...member,
    idempotent: true,
    rateLimit: { max: o.orderRateLimit, timeWindow: '1 minute' },
  };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  /** The key the idempotency plugin holds for this request; the order's ids derive from it. */
  const keyOf = (request: { idempotency: { key: string } | null }) => {
    if (!request.idempotency) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    return request.idempotency.key;
  };

  route(app, Endpoints.trading.tradingVenues, {
    config: member,
    tags,
    handler: async (request) => ({
      items: await o.trading.venues(me(request)),
    }),
  });

  route(app, Endpoints.trading.tradingAccount, {
    config: member,
    tags,
    handler: (request) => o.trading.account(me(request), request.query.exchange, request.query.marketType),
  });

  route(app, Endpoints.trading.tradingOrders, {
    config: member,
    tags,
    handler: (request) => o.trading.orders(me(request), request.query),
  });

  route(app, Endpoints.trading.postTradingOrders, {
    config: places,
    tags,
    handler: (request) => o.trading.placeOrder(me(request), request.body, keyOf(request)),
  });

  route(app, Endpoints.trading.tradingOrderCancel, {
    config: { ...member, rateLimit: places.rateLimit },
    tags,
    handler: (request) => o.trading.cancelOrder(me(request), request.params.id),
  });

  route(app, Endpoints.trading.tradingPositionClose, {
    config: places,
    tags,
    handler: (request) => o.trading.closePosition(me(request), request.body, keyOf(request)),
  });

  route(app, Endpoints.trading.tradingLeverage, {
    config: { ...member, rateLimit: places.rateLimit },
    tags,
    handler: async (request) => {
      await o.trading.setLeverage(me(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.trading.tradingPositionMargin, {
    config: places,
    tags,
    handler: async (request) => {
      await o.trading.adjustPositionMargin(me(request), request.body);
      return { ok: true as const };
    },
  });
};
