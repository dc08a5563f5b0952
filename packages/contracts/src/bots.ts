import { z } from 'zod';
import { ZPageQuery } from './common';
import { ZMarketSymbol, ZMarketType } from './markets';
import { ZMarginMode, ZTradeDecimal, ZTradingExchange } from './trading';

/**
 * DCA trading bots (spec: /pages/trade/Bot, /pages/personal/symbol*, the Bottrade and Mbot calls). One bot
 * trades one symbol on one exchange under one rental: a basket is several bots with the same settings.
 * Prices, amounts and values are exchange decimals (strings), not ledger money; percentages are percent
 * ("1.5" is 1.5 %).
 */

/** A percentage as typed, checked against a range without passing a float through any arithmetic. */
function percent(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'VALIDATION_FAILED' })
    .refine((v) => Number(v) >= min && Number(v) <= max, { message: 'VALIDATION_FAILED' });
}

/** A multiplier such as the volume scale: 0.1 to 10, two decimals. */
const ZScale = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, { message: 'VALIDATION_FAILED' })
  .refine((v) => Number(v) >= 0.1 && Number(v) <= 10, { message: 'VALIDATION_FAILED' });

export const BotDirections = ['long', 'short'] as const;
export const ZBotDirection = z.enum(BotDirections);
export type TBotDirection = z.infer<typeof ZBotDirection>;

/** What may change on a bot after it was created (the strategy), shared by create, update and preview. */
export const ZBotStrategy = z.object({
  /** market_ordertype: how the bot places its orders. */
  orderType: z.enum(['market', 'limit']).default('market'),
  baseOrder: ZTradeDecimal,
  safetyOrder: ZTradeDecimal,
  safetyOrderCount: z.number().int().min(0).max(50),
  priceDeviation: percent(0.1, 50),
  volumeScale: ZScale,
  stepScale: ZScale,
  takeProfit: percent(0.1, 100),
  trailingDeviation: percent(0.05, 50).nullable().default(null),
  stopLoss: percent(0.1, 99).nullable().default(null),
  cooldownSeconds: z.number().int().min(0).max(86_400).default(0),
  leverage: z.number().int().min(1).max(125).default(1),
  marginMode: ZMarginMode.default('isolated'),
});
export type TBotStrategy = z.infer<typeof ZBotStrategy>;

/** What a bot is pointed at: fixed for its life (a new market is a new bot). */
export const ZBotTarget = z.object({
  rentalId: z.string().regex(/^\d{1,18}$/, { message: 'BOT_RENTAL_INACTIVE' }),
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  symbol: ZMarketSymbol,
  direction: ZBotDirection.default('long'),
});

function checkCombination(
  bot: { marketType?: 'spot' | 'perpetual'; symbol?: string; direction?: TBotDirection; leverage?: number },
  ctx: z.RefinementCtx,
) {
  if (bot.marketType === undefined) return;
  const perpetual = bot.marketType === 'perpetual';
  if (bot.symbol !== undefined && perpetual !== bot.symbol.includes(':')) {
    ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'EXCHANGE_SYMBOL_UNKNOWN' });
  }
  if (!perpetual && bot.direction === 'short') {
    ctx.addIssue({ code: 'custom', path: ['direction'], message: 'BOT_SHORT_NEEDS_PERPETUAL' });
  }
  if (!perpetual && bot.leverage !== undefined && bot.leverage !== 1) {
    ctx.addIssue({ code: 'custom', path: ['leverage'], message: 'VALIDATION_FAILED' });
  }
}

export const ZCreateBotRequest = ZBotTarget.extend(ZBotStrategy.shape).superRefine(checkCombination);
export type TCreateBotRequest = z.infer<typeof ZCreateBotRequest>;

export const ZUpdateBotRequest = ZBotStrategy;
export type TUpdateBotRequest = z.infer<typeof ZUpdateBotRequest>;

/** The preview takes what a create takes; the price is the market's current one. */
export const ZBotPreviewRequest = ZCreateBotRequest;
export type TBotPreviewRequest = TCreateBotRequest;

export const ZBotPreviewOrder = z.object({
  index: z.number().int(),
  kind: z.enum(['base', 'safety']),
  deviation: z.string(),
  price: z.string(),
  amount: z.string(),
  value: z.string(),
  totalAmount: z.string(),
  averageEntry: z.string(),
  takeProfitPrice: z.string(),
  capital: z.string(),
  liquidationPrice: z.string().nullable(),
});
export type TBotPreviewOrder = z.infer<typeof ZBotPreviewOrder>;

export const ZBotPreview = z.object({
  basePrice: z.string(),
  orders: z.array(ZBotPreviewOrder),
  stopLossPrice: z.string().nullable(),
  capitalRequired: z.string(),
  /** What the rental's capital limit leaves for this bot (its other bots' needs deducted). */
  capitalAvailable: z.string(),
  /** Why a create with these settings would be refused; null when it would be accepted. */
  problem: z.string().nullable(),
});
export type TBotPreview = z.infer<typeof ZBotPreview>;

export const BotStatuses = ['running', 'paused', 'stopped'] as const;
export const ZBotStatus = z.enum(BotStatuses);
/**
 * Why a bot is paused: by its member; by the engine because its key no longer works (it resumes by itself
 * once the key works again); or because the exchange refused the same order three times.
 */
export const BotPausedReasons = ['member', 'key_unusable', 'orders_rejected'] as const;
export const ZBotPausedReason = z.enum(BotPausedReasons);
export type TBotPausedReason = z.infer<typeof ZBotPausedReason>;

export const ZBot = ZBotTarget.extend(ZBotStrategy.shape).extend({
  id: z.string(),
  status: ZBotStatus,
  pausedReason: ZBotPausedReason.nullable(),
  /** An action by hand the engine has not carried out yet (within a tick, about a second). */
  pendingAction: z.enum(['add_entry', 'close', 'reverse']).nullable(),
  /** The all-in-one group the bot belongs to, if it was made by one. */
  groupId: z.string().nullable(),
  /** market_aio_off: this symbol of its group opens no new cycle (the open one finishes). */
  aioOff: z.boolean(),
  /** The cycle now open, on the list only (closepositionbyid acts on its id). */
  openCycle: z
    .object({
      id: z.string(),
      number: z.number().int(),
      filledAmount: z.string(),
      averageEntry: z.string().nullable(),
    })
    .nullable()
    .optional(),
  capitalRequired: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TBot = z.infer<typeof ZBot>;

export const BotCycleStates = ['open', 'closing', 'closed'] as const;
export const ZBotCycle = z.object({
  id: z.string(),
  number: z.number().int(),
  state: z.enum(BotCycleStates),
  basePrice: z.string().nullable(),
  averageEntry: z.string().nullable(),
  filledAmount: z.string(),
  safetyOrdersFilled: z.number().int(),
  closeReason: z.enum(['take_profit', 'stop_loss', 'manual', 'reversed']).nullable(),
  realizedPnl: z.string().nullable(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});
export type TBotCycle = z.infer<typeof ZBotCycle>;

export const BotOrderKinds = ['base', 'safety', 'take_profit', 'stop_loss', 'manual'] as const;
export const ZBotOrder = z.object({
  id: z.string(),
  cycleId: z.string(),
  kind: z.enum(BotOrderKinds),
  side: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  status: z.enum(['pending', 'open', 'closed', 'canceled', 'rejected']),
  price: z.string().nullable(),
  amount: z.string(),
  filled: z.string(),
  averagePrice: z.string().nullable(),
  fee: z.object({ asset: z.string(), amount: z.string() }).nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TBotOrder = z.infer<typeof ZBotOrder>;

export const ZBotDetail = z.object({
  bot: ZBot,
  cycles: z.array(ZBotCycle),
  orders: z.array(ZBotOrder),
});
export type TBotDetail = z.infer<typeof ZBotDetail>;

export const ZBotsQuery = ZPageQuery.extend({
  exchange: ZTradingExchange.optional(),
  marketType: ZMarketType.optional(),
});
export type TBotsQuery = z.infer<typeof ZBotsQuery>;

export const ZBotIdParams = z.object({ id: z.string().regex(/^\d{1,18}$/, { message: 'BOT_NOT_FOUND' }) });

export const ZBotCycleIdParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, { message: 'BOT_CYCLE_NOT_FOUND' }),
});

/**
 * What closing (or reversing) the open position would do now, for the receipt popup: the amount at the
 * market, the current price and the profit it would realise before the exit's fee. An estimate: the engine
 * sells at the market on its next tick.
 */
export const ZBotPositionEstimate = z.object({
  cycleId: z.string(),
  cycleNumber: z.number().int(),
  symbol: z.string(),
  direction: ZBotDirection,
  /** Exchange units (base asset on spot, contracts on perpetuals) the exit would take back. */
  amount: z.string(),
  /** The base asset the amount is in, e.g. BTC. */
  asset: z.string(),
  averageEntry: z.string().nullable(),
  price: z.string(),
  estimatedPnl: z.string(),
});
export type TBotPositionEstimate = z.infer<typeof ZBotPositionEstimate>;

/** market_trade_off / market_Perp_trade_off: one market of one exchange on or off for all the member's bots. */
export const ZBotMarketSwitch = z.object({
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  on: z.boolean(),
});
export type TBotMarketSwitch = z.infer<typeof ZBotMarketSwitch>;

/** The markets the member switched off (every other market is on). */
export const ZBotMarketSwitches = z.object({
  off: z.array(z.object({ exchange: ZTradingExchange, marketType: ZMarketType, since: z.iso.datetime() })),
});
export type TBotMarketSwitches = z.infer<typeof ZBotMarketSwitches>;

/** market_aio_off: one symbol of an all-in-one group on or off. */
export const ZBotAioSwitch = z.object({ on: z.boolean() });

/**
 * checkaio, our reading: one configuration over a basket of symbols. It makes one bot per symbol, all in one
 * group; the capital check covers the whole basket.
 */
export const ZCreateBotGroupRequest = ZBotTarget.omit({ symbol: true })
  .extend(ZBotStrategy.shape)
  .extend({ symbols: z.array(ZMarketSymbol).min(2).max(20) })
  .superRefine((group, ctx) => {
    if (new Set(group.symbols).size !== group.symbols.length) {
      ctx.addIssue({ code: 'custom', path: ['symbols'], message: 'BOT_SYMBOL_TAKEN' });
    }
    for (const symbol of group.symbols) checkCombination({ ...group, symbol }, ctx);
  });
export type TCreateBotGroupRequest = z.infer<typeof ZCreateBotGroupRequest>;

/**
 * A basket before it is started: each symbol's capital at today's price, planned in the basket's order
 * against what the rental leaves (a symbol that does not fit says so), and the basket's total.
 */
export const ZBotGroupPreview = z.object({
  symbols: z.array(
    z.object({
      symbol: ZMarketSymbol,
      basePrice: z.string(),
      capitalRequired: z.string(),
      /** The last safety order's price: how far the basket's ladders reach. */
      lastOrderPrice: z.string(),
      liquidationPrice: z.string().nullable(),
      /** Why this symbol would refuse the basket; null when it fits. */
      problem: z.string().nullable(),
    }),
  ),
  capitalRequired: z.string(),
  capitalAvailable: z.string(),
  /** The first symbol's problem: a create of this basket would be refused with it. */
  problem: z.string().nullable(),
});
export type TBotGroupPreview = z.infer<typeof ZBotGroupPreview>;

export const ZBotGroup = z.object({
  id: z.string(),
  exchange: ZTradingExchange,
  marketType: ZMarketType,
  bots: z.array(ZBot),
});
export type TBotGroup = z.infer<typeof ZBotGroup>;

export const ZBotGroupIdParams = z.object({
  id: z.string().regex(/^\d{1,18}$/, { message: 'BOT_GROUP_NOT_FOUND' }),
});
