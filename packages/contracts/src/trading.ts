import { z } from 'zod';
import { ZPageQuery } from './common';
import { ZMarketSymbol, ZMarketType } from './markets';

/**
 * Manual trading (the spec's Online calls SaveOrder and CloseOrder, and the margin calls setmargin and
 * adjmargin): orders on the member's connected exchange or on the paper exchange. Prices and amounts are
 * decimal strings as the exchange states them; they are not ledger money.
 */

export const TradingExchanges = ['paper', 'binance', 'bybit', 'gate'] as const;
export const ZTradingExchange = z.enum(TradingExchanges);
export type TTradingExchange = z.infer<typeof ZTradingExchange>;

/** A positive decimal as typed: digits, an optional point and decimals; at most 18 decimals. */
export const ZTradeDecimal = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, { message: 'AMOUNT_INVALID' })
  .refine((v) => /[1-9]/.test(v), { message: 'AMOUNT_NOT_POSITIVE' });

export const ZMarginMode = z.enum(['isolated', 'cross']);
export type TMarginMode = z.infer<typeof ZMarginMode>;

export const ZPlaceOrderRequest = z
  .object({
    exchange: ZTradingExchange,
    marketType: ZMarketType,
    symbol: ZMarketSymbol,
    side: z.enum(['buy', 'sell']),
    type: z.enum(['market', 'limit']),
    amount: ZTradeDecimal,
    price: ZTradeDecimal.optional(),
  })
  .superRefine((order, ctx) => {
    if (order.type === 'limit' && !order.price) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'REQUIRED' });
    }
    if (order.type === 'market' && order.price) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'VALIDATION_FAILED' });
    }
    if ((order.marketType === 'perpetual') !== order.symbol.includes(':')) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'EXCHANGE_SYMBOL_UNKNOWN' });
    }
  });
export type TPlaceOrderRequest = z.infer<typeof ZPlaceOrderRequest>;

export const TradeOrderStatuses = ['pending', 'open', 'closed', 'canceled', 'rejected'] as const;
export const ZTradeOrder = z.object({
  id: z.uuid(),
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  symbol: z.string(),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  price: z.string().nullable(),
  amount: z.string(),
  filled: z.string(),
  averagePrice: z.string().nullable(),
  /** `pending`: sent, the exchange's answer not yet recorded (after a crash it is looked up again). */
  status: z.enum(TradeOrderStatuses),
  fee: z.object({ asset: z.string(), amount: z.string() }).nullable(),
  reduceOnly: z.boolean(),
  /** Why the exchange refused it, as an error code. */
  errorCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TTradeOrder = z.infer<typeof ZTradeOrder>;

export const ZTradeOrdersQuery = ZPageQuery.extend({
  exchange: ZTradingExchange.optional(),
  /** open: still working on the exchange; done: filled, cancelled or refused. */
  status: z.enum(['open', 'done', 'all']).default('all'),
});
export type TTradeOrdersQuery = z.infer<typeof ZTradeOrdersQuery>;

export const ZTradingAccountQuery = z.object({ exchange: ZTradingExchange, marketType: ZMarketType });

export const ZTradeBalance = z.object({
  asset: z.string(),
  free: z.string(),
  used: z.string(),
  total: z.string(),
});
export const ZTradePosition = z.object({
  symbol: z.string(),
  side: z.enum(['long', 'short']),
  contracts: z.string(),
  entryPrice: z.string(),
  markPrice: z.string(),
  leverage: z.number(),
  marginMode: ZMarginMode,
  unrealizedPnl: z.string(),
  liquidationPrice: z.string().nullable(),
  /** Collateral held for the position (isolated margin, or the initial margin on cross); null if unstated. */
  margin: z.string().nullable(),
});
export type TTradePosition = z.infer<typeof ZTradePosition>;

export const ZTradingAccount = z.object({
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  balances: z.array(ZTradeBalance),
  positions: z.array(ZTradePosition),
});
export type TTradingAccount = z.infer<typeof ZTradingAccount>;

/** The exchanges this member can trade on now: paper always, the others with an active key. */
export const ZTradingVenues = z.object({ items: z.array(ZTradingExchange) });
export type TTradingVenues = z.infer<typeof ZTradingVenues>;

export const ZClosePositionRequest = z.object({ exchange: ZTradingExchange, symbol: ZMarketSymbol });
export type TClosePositionRequest = z.infer<typeof ZClosePositionRequest>;

/** setmargin / adjmargin: leverage and margin mode of one perpetual symbol. */
export const ZLeverageRequest = z.object({
  exchange: ZTradingExchange,
  symbol: ZMarketSymbol,
  leverage: z.number().int().min(1).max(125),
  marginMode: ZMarginMode,
});
export type TLeverageRequest = z.infer<typeof ZLeverageRequest>;

/** adjmargin: move an amount (quote currency) into or out of an isolated perpetual position's margin. */
export const ZPositionMarginRequest = z.object({
  exchange: ZTradingExchange,
  symbol: ZMarketSymbol.refine((s) => s.includes(':'), { message: 'EXCHANGE_MARKET_TYPE_UNSUPPORTED' }),
  direction: z.enum(['add', 'reduce']),
  amount: ZTradeDecimal,
});
export type TPositionMarginRequest = z.infer<typeof ZPositionMarginRequest>;
