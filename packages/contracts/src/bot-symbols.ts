import { z } from 'zod';
import { ZBot, ZBotStatus } from './bots';
import { ZPageQuery } from './common';
import { type ErrorCode, ErrorCodes } from './errors';
import { ZFundingRate, ZMarketType } from './markets';
import { ZTradePosition, ZTradingExchange } from './trading';

/**
 * The member's symbol pages (spec: /pages/personal/symbol2, symbol3, symbolv2; the Sinfo botsymbol,
 * botlastsymbol, botperpoff and botoffpos calls). symbol2 and symbol3 list the member's bots on spot and on
 * perpetuals with what their exchange says now; symbolv2 picks a market for a new bot.
 */

export const ZBotSymbolsQuery = ZPageQuery.extend({ marketType: ZMarketType });
export type TBotSymbolsQuery = z.infer<typeof ZBotSymbolsQuery>;

/** One bot's symbol as its exchange (or the platform's account, under a managed rental) shows it now. */
export const ZBotSymbol = z.object({
  bot: ZBot,
  /** The bot trades the account the platform holds for the member (a managed-mode rental), not their key. */
  managed: z.boolean(),
  /** botlastsymbol: the last traded price; null when the exchange could not be read. */
  lastPrice: z.string().nullable(),
  change24hPercent: z.string().nullable(),
  /** Perpetuals (botoffpos): the account's open position on the symbol, or null when it holds none. */
  position: ZTradePosition.nullable(),
  /** Perpetuals: the current funding period's rate. */
  fundingRate: ZFundingRate.nullable(),
  /** Why the exchange's figures are missing (the key unusable, the exchange down), or null. */
  problem: z.enum(ErrorCodes as [ErrorCode, ...ErrorCode[]]).nullable(),
});
export type TBotSymbol = z.infer<typeof ZBotSymbol>;

export const ZBotSymbolMarketsQuery = ZPageQuery.extend({
  rentalId: z.string().regex(/^\d{1,18}$/, { message: 'BOT_RENTAL_INACTIVE' }),
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  /** Part of the symbol, any case ("btc"). */
  q: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9/:]*$/, { message: 'VALIDATION_FAILED' })
    .optional(),
});
export type TBotSymbolMarketsQuery = z.infer<typeof ZBotSymbolMarketsQuery>;

/** A market a new bot could trade, and the member's bot on it if there is one already. */
export const ZBotSymbolMarket = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  lastPrice: z.string().nullable(),
  change24hPercent: z.string().nullable(),
  maxLeverage: z.number().int().nullable(),
  bot: z.object({ id: z.string(), status: ZBotStatus }).nullable(),
});
export type TBotSymbolMarket = z.infer<typeof ZBotSymbolMarket>;
