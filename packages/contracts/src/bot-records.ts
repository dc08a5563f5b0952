import { z } from 'zod';
import { ZBotCycle, ZBotDirection, ZBotOrder, ZBotStatus } from './bots';
import { ZPageQuery } from './common';
import { ZCandle, ZCandleInterval, ZMarketSymbol, ZMarketType } from './markets';
import { ZTradingExchange } from './trading';

/**
 * What the member's bots did (spec: /pages/trade/Botlist*, Recordtx, History, summary*, and the Tradetx,
 * Member/listbots, summaryDetails, Botbalance, Bottrade/chartInfo, History and Sinfo calls). Read only.
 * Amounts are exchange decimals (strings) in the quote currency (USDT); "profit" is after fees and, where the
 * cycle's funding is known (the paper exchange at once, the others once the worker recorded it), after funding.
 */

const ZId = z.string().regex(/^\d{1,18}$/, { message: 'BOT_NOT_FOUND' });
/** A UTC day, inclusive at both ends of a range. */
const ZRecordDay = z.iso.date({ message: 'VALIDATION_FAILED' });

/** The filters every record list takes: one bot, one symbol, a range of UTC days. */
const ZFilterShape = ZPageQuery.extend({
  botId: ZId.optional(),
  symbol: ZMarketSymbol.optional(),
  from: ZRecordDay.optional(),
  to: ZRecordDay.optional(),
});

const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const inOrder = { message: 'VALIDATION_FAILED', path: ['to'] };

export const ZBotRecordsQuery = ZFilterShape.refine(rangeInOrder, inOrder);
export type TBotRecordsQuery = z.input<typeof ZBotRecordsQuery>;
export type TBotRecordsFilter = z.infer<typeof ZBotRecordsQuery>;

export const ZBotRecordOrdersQuery = ZFilterShape.extend({
  /** Recordtx2: only orders that filled, in full or in part. */
  filledOnly: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
}).refine(rangeInOrder, inOrder);
export type TBotRecordOrdersQuery = z.input<typeof ZBotRecordOrdersQuery>;

/** Where a record came from: the bot's market. */
const ZBotMarket = z.object({
  botId: z.string(),
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  symbol: z.string(),
});

/** Tradetx/Recordtx: one order of a bot, with its fill and fee. */
export const ZBotRecordOrder = ZBotOrder.extend(ZBotMarket.shape).extend({
  cycleNumber: z.number().int(),
  /** filled x average price, in the quote currency; "0" while nothing filled. */
  value: z.string(),
  updatedAt: z.iso.datetime(),
});
export type TBotRecordOrder = z.infer<typeof ZBotRecordOrder>;

/** Bottrade/History: one closed cycle. */
export const ZBotClosedCycle = ZBotMarket.extend({
  id: z.string(),
  number: z.number().int(),
  direction: ZBotDirection,
  closeReason: ZBotCycle.shape.closeReason,
  averageEntry: z.string().nullable(),
  safetyOrdersFilled: z.number().int(),
  /** The engine's result: exits minus entries minus fees. */
  realizedPnl: z.string(),
  /**
   * Funding paid (positive) or received (negative) while the cycle was open; null on spot, and on a real
   * exchange's perpetual until the worker has recorded it (bot_cycles.funding).
   */
  funding: z.string().nullable(),
  /** realizedPnl minus funding. */
  profit: z.string(),
  /** Fees of the cycle's orders in the quote currency (base-asset fees at their fill price). */
  fees: z.string(),
  volume: z.string(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime(),
  durationSeconds: z.number().int(),
});
export type TBotClosedCycle = z.infer<typeof ZBotClosedCycle>;

/** What a summary row adds up: closed cycles only, each counted on its closing day (UTC). */
export const ZBotFigures = z.object({
  cycles: z.number().int(),
  /** Cycles closed with a profit. */
  wins: z.number().int(),
  profit: z.string(),
  volume: z.string(),
  fees: z.string(),
  funding: z.string(),
});
export type TBotFigures = z.infer<typeof ZBotFigures>;

export const SummaryGroupings = ['bot', 'symbol', 'day'] as const;
export const ZSummaryGrouping = z.enum(SummaryGroupings);
export type TSummaryGrouping = z.infer<typeof ZSummaryGrouping>;

export const ZBotSummaryQuery = ZFilterShape.extend({ by: ZSummaryGrouping }).refine(rangeInOrder, inOrder);
export type TBotSummaryQuery = z.input<typeof ZBotSummaryQuery>;

/** One row of summary (by bot), summaryDetails (by symbol) or summaryDetails2 (by day). */
export const ZBotSummaryRow = ZBotFigures.extend({
  /** The bot id, the symbol or the day (YYYY-MM-DD). */
  key: z.string(),
  /** By bot: its market; null by symbol or day. */
  bot: ZBotMarket.nullable(),
});
export type TBotSummaryRow = z.infer<typeof ZBotSummaryRow>;

/** Sinfo/getListBotsSummary: all the member's bots together. */
export const ZBotSummaryTotals = ZBotFigures.extend({
  bots: z.object({ running: z.number().int(), paused: z.number().int(), stopped: z.number().int() }),
});
export type TBotSummaryTotals = z.infer<typeof ZBotSummaryTotals>;

/** Member/listbots (1 to 3): the bots with their state and what they earned. */
export const ZRecordBotsQuery = ZPageQuery.extend({
  exchange: ZTradingExchange.optional(),
  marketType: ZMarketType.optional(),
  status: ZBotStatus.optional(),
});
export type TRecordBotsQuery = z.input<typeof ZRecordBotsQuery>;

export const ZRecordBot = ZBotMarket.extend({
  direction: ZBotDirection,
  status: ZBotStatus,
  cycles: z.number().int(),
  profit: z.string(),
  /** The open cycle's number, or null between cycles. */
  openCycle: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type TRecordBot = z.infer<typeof ZRecordBot>;

/** Member/getFilterType: what the lists can be filtered by, with how many bots each has. */
export const ZBotFilterCount = z.object({ value: z.string(), bots: z.number().int() });
export const ZBotFilters = z.object({
  exchanges: z.array(ZBotFilterCount),
  marketTypes: z.array(ZBotFilterCount),
  statuses: z.array(ZBotFilterCount),
  /** Every bot the member has, newest first, to pick one. */
  bots: z.array(ZBotMarket.extend({ status: ZBotStatus })),
});
export type TBotFilters = z.infer<typeof ZBotFilters>;

export const ZBotRecordIdParams = z.object({ id: ZId });

/** Member/Botbalance and sinfo/fundingrate: the bot's account on its exchange. */
export const ZBotBalance = ZBotMarket.extend({
  balances: z.array(z.object({ asset: z.string(), free: z.string(), used: z.string(), total: z.string() })),
  /** Perpetuals only: the rate per funding period, as a fraction, and when it is next charged. */
  fundingRate: z.object({ rate: z.string(), nextFundingAt: z.iso.datetime().nullable() }).nullable(),
});
export type TBotBalance = z.infer<typeof ZBotBalance>;

export const ZBotChartQuery = z.object({ interval: ZCandleInterval.default('15m') });
export type TBotChartQuery = z.input<typeof ZBotChartQuery>;

/** Bottrade/chartInfo: the bot's market with each filled order of the bot as an entry or an exit. */
export const ZBotChartMarker = z.object({
  orderId: z.string(),
  /** Epoch milliseconds of the fill (the order's last update). */
  at: z.number().int(),
  kind: z.enum(['entry', 'exit']),
  side: z.enum(['buy', 'sell']),
  price: z.string(),
  amount: z.string(),
});
export type TBotChartMarker = z.infer<typeof ZBotChartMarker>;

export const ZBotChart = ZBotMarket.extend({
  interval: ZCandleInterval,
  candles: z.array(ZCandle),
  markers: z.array(ZBotChartMarker),
});
export type TBotChart = z.infer<typeof ZBotChart>;
