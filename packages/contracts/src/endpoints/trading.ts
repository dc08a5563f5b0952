import { z } from 'zod';
import { ZOk, zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import {
  ZClosePositionRequest,
  ZLeverageRequest,
  ZPlaceOrderRequest,
  ZPositionMarginRequest,
  ZTradeOrder,
  ZTradeOrdersQuery,
  ZTradingAccount,
  ZTradingAccountQuery,
  ZTradingVenues,
} from '../trading';

const ZIdParams = z.object({ id: z.uuid() });

/** The operations registered by apps/api/src/modules/trading/trading.routes.ts. */
export const TradingEndpoints = {
  tradingVenues: defineEndpoint({ method: 'GET', path: '/api/trading/venues', response: ZTradingVenues }),
  tradingAccount: defineEndpoint({
    method: 'GET',
    path: '/api/trading/account',
    query: ZTradingAccountQuery,
    response: ZTradingAccount,
  }),
  tradingOrders: defineEndpoint({
    method: 'GET',
    path: '/api/trading/orders',
    query: ZTradeOrdersQuery,
    response: zPage(ZTradeOrder),
  }),
  postTradingOrders: defineEndpoint({
    method: 'POST',
    path: '/api/trading/orders',
    body: ZPlaceOrderRequest,
    response: ZTradeOrder,
  }),
  tradingOrderCancel: defineEndpoint({
    method: 'POST',
    path: '/api/trading/orders/:id/cancel',
    params: ZIdParams,
    response: ZTradeOrder,
  }),
  tradingPositionClose: defineEndpoint({
    method: 'POST',
    path: '/api/trading/positions/close',
    body: ZClosePositionRequest,
    response: ZTradeOrder,
  }),
  tradingLeverage: defineEndpoint({
    method: 'POST',
    path: '/api/trading/leverage',
    body: ZLeverageRequest,
    response: ZOk,
  }),
  tradingPositionMargin: defineEndpoint({
    method: 'POST',
    path: '/api/trading/positions/margin',
    body: ZPositionMarginRequest,
    response: ZOk,
  }),
};
