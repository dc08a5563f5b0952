import {
  Paths,
  ZClosePositionRequest,
  ZLeverageRequest,
  ZOk,
  ZPlaceOrderRequest,
  ZPositionMarginRequest,
  ZTradeOrder,
  ZTradeOrdersQuery,
  ZTradingAccount,
  ZTradingAccountQuery,
  ZTradingVenues,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { TradingService } from './trading.service';

export interface TradingRoutesOptions {
  trading: TradingService;
  /** Orders per minute and IP: an exchange bans keys that flood it. */
  orderRateLimit: number;
}

const tags = ['trading'];
const ZIdParams = z.object({ id: z.uuid() });

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

  app.get(
    Paths.tradingVenues,
    { config: member, schema: { tags, response: { 200: ZTradingVenues } } },
    async (request) => ({
      items: await o.trading.venues(me(request)),
    }),
  );

  app.get(
    Paths.tradingAccount,
    {
      config: member,
      schema: { tags, querystring: ZTradingAccountQuery, response: { 200: ZTradingAccount } },
    },
    (request) => o.trading.account(me(request), request.query.exchange, request.query.marketType),
  );

  app.get(
    Paths.tradingOrders,
    {
      config: member,
      schema: { tags, querystring: ZTradeOrdersQuery, response: { 200: zPage(ZTradeOrder) } },
    },
    (request) => o.trading.orders(me(request), request.query),
  );

  app.post(
    Paths.tradingOrders,
    { config: places, schema: { tags, body: ZPlaceOrderRequest, response: { 200: ZTradeOrder } } },
    (request) => o.trading.placeOrder(me(request), request.body, keyOf(request)),
  );

  app.post(
    Paths.tradingOrderCancel,
    {
      config: { ...member, rateLimit: places.rateLimit },
      schema: { tags, params: ZIdParams, response: { 200: ZTradeOrder } },
    },
    (request) => o.trading.cancelOrder(me(request), request.params.id),
  );

  app.post(
    Paths.tradingPositionClose,
    { config: places, schema: { tags, body: ZClosePositionRequest, response: { 200: ZTradeOrder } } },
    (request) => o.trading.closePosition(me(request), request.body, keyOf(request)),
  );

  app.post(
    Paths.tradingLeverage,
    {
      config: { ...member, rateLimit: places.rateLimit },
      schema: { tags, body: ZLeverageRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await o.trading.setLeverage(me(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    Paths.tradingPositionMargin,
    {
      config: places,
      schema: { tags, body: ZPositionMarginRequest, response: { 200: ZOk } },
    },
    async (request) => {
      await o.trading.adjustPositionMargin(me(request), request.body);
      return { ok: true as const };
    },
  );
};
