import { z } from 'zod';
import { ZTimestamp } from './common';

// Market prices are decimal strings exactly as the market data source states them ("64250.5"): they are
// not our money (that is the ledger's integer minor units), and a string never loses a digit on the way.
// Symbols are ccxt's unified ones: `BTC/USDT` on spot, `BTC/USDT:USDT` for the USDT perpetual.

export const MarketTypes = ['spot', 'perpetual'] as const;
export const ZMarketType = z.enum(MarketTypes);
export type TMarketType = z.infer<typeof ZMarketType>;

export const CandleIntervals = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export const ZCandleInterval = z.enum(CandleIntervals);
export type TCandleInterval = z.infer<typeof ZCandleInterval>;

/** Length of one candle of each interval, in milliseconds. */
export const CandleIntervalMs: Record<TCandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
};

export const MarketLimits = { maxCandles: 500, defaultCandles: 200, searchLength: 20 } as const;

/** A unified symbol; whether the market exists is the server's answer (EXCHANGE_SYMBOL_UNKNOWN). */
export const ZMarketSymbol = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}\/[A-Z0-9]{1,20}(:[A-Z0-9]{1,20})?$/, { message: 'EXCHANGE_SYMBOL_UNKNOWN' });

const ZPrice = z.string();

export const ZMarketRow = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  type: ZMarketType,
  last: ZPrice,
  /** Change over 24 h in percent, e.g. "-2.31". */
  change24hPercent: z.string(),
  /** Traded value over 24 h in the quote currency. */
  quoteVolume24h: z.string(),
  /** The caller has marked this market as a favourite. */
  favourite: z.boolean(),
});
export type TMarketRow = z.infer<typeof ZMarketRow>;

const ZFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** GetcMarket and SearchCoin: the list of one market type, searched on symbol or base, case-insensitively. */
export const ZMarketsQuery = z.object({
  type: ZMarketType.default('spot'),
  q: z.string().trim().max(MarketLimits.searchLength).optional(),
  /** Only the caller's favourites. */
  favourites: ZFlag,
});
export type TMarketsQuery = z.input<typeof ZMarketsQuery>;

export const ZMarketList = z.object({
  type: ZMarketType,
  items: z.array(ZMarketRow),
  /** When the prices were read from the source. */
  at: ZTimestamp,
});
export type TMarketList = z.infer<typeof ZMarketList>;

export const ZCandlesQuery = z.object({
  symbol: ZMarketSymbol,
  interval: ZCandleInterval,
  limit: z.coerce.number().int().min(1).max(MarketLimits.maxCandles).default(MarketLimits.defaultCandles),
});
export type TCandlesQuery = z.input<typeof ZCandlesQuery>;

export const ZCandle = z.object({
  /** Start of the candle, epoch milliseconds. */
  openTime: z.number().int(),
  open: ZPrice,
  high: ZPrice,
  low: ZPrice,
  close: ZPrice,
  volume: z.string(),
});
export type TCandle = z.infer<typeof ZCandle>;

export const ZCandles = z.object({
  symbol: z.string(),
  interval: ZCandleInterval,
  items: z.array(ZCandle),
});
export type TCandles = z.infer<typeof ZCandles>;

export const ZSymbolQuery = z.object({ symbol: ZMarketSymbol });
export type TSymbolQuery = z.input<typeof ZSymbolQuery>;

/** Perpetuals only: the rate of the current funding period. */
export const ZFundingRate = z.object({
  symbol: z.string(),
  /** Per funding period, as a fraction: "0.0001" is 0.01 %. */
  rate: z.string(),
  nextFundingAt: ZTimestamp.nullable(),
});
export type TFundingRate = z.infer<typeof ZFundingRate>;

/** Add (POST body) or remove (DELETE query) one favourite. */
export const ZFavouriteRequest = ZSymbolQuery;
export type TFavouriteRequest = TSymbolQuery;

export const ZFavourites = z.object({ symbols: z.array(z.string()) });
export type TFavourites = z.infer<typeof ZFavourites>;

/** One symbol's price in the live stream. */
export const ZLiveTicker = z.object({
  symbol: z.string(),
  type: ZMarketType,
  last: ZPrice,
  change24hPercent: z.string(),
  quoteVolume24h: z.string(),
});
export type TLiveTicker = z.infer<typeof ZLiveTicker>;

/** The `data` of each `tickers` event of the market stream (Server-Sent Events): every symbol's price. */
export const ZTickerEvent = z.object({ at: ZTimestamp, items: z.array(ZLiveTicker) });
export type TTickerEvent = z.infer<typeof ZTickerEvent>;
