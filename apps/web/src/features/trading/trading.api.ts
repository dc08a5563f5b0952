import {
  ErrorCodes,
  MarketsEndpoints,
  type TClosePositionRequest,
  type TLeverageRequest,
  type TMarketType,
  type TPlaceOrderRequest,
  type TPositionMarginRequest,
  TradingEndpoints,
  type TTradingExchange,
} from '@app/contracts';
import { api } from '../../app/api';

/** What the screen polls: account, positions and working orders, every few seconds while it is visible. */
export const REFRESH_MS = 5_000;

/**
 * Every answer the screen shows itself, in place (inline under a section, or on the confirm sheet): a
 * refused order or a poll that failed must not also raise a toast every few seconds. A dead session
 * still signs out (the API client checks that first).
 */
export const shownInPlace: readonly string[] = [
  ...ErrorCodes,
  'NETWORK_ERROR',
  'TIMEOUT',
  'INTERNAL',
  'NOT_FOUND',
  'RATE_LIMITED',
];

export const tradingKeys = {
  all: ['trading'] as const,
  venues: ['trading', 'venues'] as const,
  markets: (type: TMarketType) => ['trading', 'markets', type] as const,
  account: (exchange: TTradingExchange, type: TMarketType) => ['trading', 'account', exchange, type] as const,
  openOrders: (exchange: TTradingExchange) => ['trading', 'orders', 'open', exchange] as const,
  history: (exchange: TTradingExchange) => ['trading', 'orders', 'done', exchange] as const,
};

/** Open orders shown at once: working orders are few; the history pages through the rest. */
export const OPEN_ORDERS_SHOWN = 50;

export const tradingApi = {
  venues: (signal?: AbortSignal) => api.call(TradingEndpoints.tradingVenues, { signal, silent: true }),
  /** Symbols and last prices of one market type (the markets page's source). */
  markets: (type: TMarketType, signal?: AbortSignal) =>
    api.call(MarketsEndpoints.markets, { query: { type }, signal, silent: true }),
  account: (exchange: TTradingExchange, marketType: TMarketType, signal?: AbortSignal) =>
    api.call(TradingEndpoints.tradingAccount, {
      query: { exchange, marketType },
      signal,
      silent: true,
      handled: shownInPlace,
    }),
  openOrders: (exchange: TTradingExchange, signal?: AbortSignal) =>
    api.call(TradingEndpoints.tradingOrders, {
      query: { exchange, status: 'open', page: 1, pageSize: OPEN_ORDERS_SHOWN },
      signal,
      silent: true,
      handled: shownInPlace,
    }),
  history: (exchange: TTradingExchange, page: number, pageSize: number) =>
    api.call(TradingEndpoints.tradingOrders, { query: { exchange, status: 'done', page, pageSize } }),
  /** SaveOrder. The Idempotency-Key also makes the exchange's client order id: a retry never orders twice. */
  placeOrder: (body: TPlaceOrderRequest, idempotencyKey: string) =>
    api.call(TradingEndpoints.postTradingOrders, { body, idempotencyKey, handled: shownInPlace }),
  cancelOrder: (id: string) => api.call(TradingEndpoints.tradingOrderCancel, { params: { id } }),
  /** CloseOrder: the whole position, by a reduce-only market order. */
  closePosition: (body: TClosePositionRequest, idempotencyKey: string) =>
    api.call(TradingEndpoints.tradingPositionClose, { body, idempotencyKey, handled: shownInPlace }),
  /** setmargin / adjmargin. */
  setLeverage: (body: TLeverageRequest) => api.call(TradingEndpoints.tradingLeverage, { body }),
  /** adjmargin by amount: into or out of an isolated position's margin. */
  adjustMargin: (body: TPositionMarginRequest, idempotencyKey: string) =>
    api.call(TradingEndpoints.tradingPositionMargin, { body, idempotencyKey, handled: shownInPlace }),
};
