import { format } from '@app/money/decimal';
import { clientOrderId } from '../../exchanges/client-order-id';
import type { Market } from '../../exchanges/connector';
import type { BotRow, CycleRow, OrderRow } from '../bot-settings';
import { type DcaSettings, type MarketAssumptions, planDca } from '../dca/dca-plan';
import { type CycleBook, cycleBook } from './cycle-book';
import type { Decision } from './decide';

/**
 * The orders a bot's strategy or its member's action turns into, figured without the database: the slot
 * that names each order's client order id, the row it is recorded as, and the cycle's book from its orders.
 * Shared by the engine's per-bot steps (bot-steps.ts) and the fleet's in-memory pass (fleet.ts).
 */

/** An order the strategy places: into a cycle (or a new one), at a slot that names its client order id. */
export interface FleetIntent {
  /** null: open a new cycle for this order. */
  cycleId: string | null;
  kind: OrderRow['kind'];
  /** The order's place in the cycle ('base', 'safety-2', 'exit', 'manual-1'). */
  slot: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  price: string | null;
  amount: string;
  reduceOnly: boolean;
}

export type OrderInsert = {
  bot_id: string;
  cycle_id: string;
  kind: OrderRow['kind'];
  slot: string;
  exchange: OrderRow['exchange'];
  client_order_id: string;
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  status: 'pending';
  price: string | null;
  amount: string;
  reduce_only: boolean;
};

/** The columns of an order a cycle's book is figured from. */
type BookOrder = Pick<OrderRow, 'kind' | 'side' | 'filled' | 'average_price' | 'fee_asset' | 'fee'>;

/** After this many refusals of the same order the bot pauses instead of retrying forever. */
const MAX_REJECTIONS = 3;

/** An order to record: the fleet's intent, plus what only the engine's own step carries. */
export interface OrderIntent extends FleetIntent {
  /** The cycle's number when the caller has the cycle at hand: `record` then need not read it again. */
  cycleNumber?: number;
  /** The order carries out the member's pending action: it is cleared in the same transaction. */
  clearsAction?: boolean;
  /**
   * The base order of a reversal: the bot passed to `record` already has its new direction, written in the
   * same transaction as the order row, so a crash leaves either both or neither.
   */
  flipsDirection?: boolean;
}

export const entrySideOf = (bot: BotRow) => (bot.direction === 'long' ? 'buy' : 'sell');
export const exitSideOf = (bot: BotRow) => (bot.direction === 'long' ? 'sell' : 'buy');
export const opposite = (direction: BotRow['direction']) => (direction === 'long' ? 'short' : 'long');

/** A refused order is retried under a new slot: its client order id must differ from the refused one's. */
export function slotFor(orders: OrderRow[], base: string): string {
  const refused = orders.filter((o) => o.slot.split('#')[0] === base && o.status === 'rejected').length;
  return refused === 0 ? base : `${base}#${refused}`;
}

/** Whether the intent's slot was refused often enough that the bot pauses instead of trying again. */
export const refusedTooOften = (intent: Pick<OrderIntent, 'slot'>, orders: OrderRow[]) =>
  orders.filter((o) => o.slot.split('#')[0] === intent.slot.split('#')[0] && o.status === 'rejected')
    .length >= MAX_REJECTIONS;

/** The row of a pending order: its client order id derived from the bot, the cycle's number and the slot. */
export function orderValues(
  bot: BotRow,
  cycle: Pick<CycleRow, 'id' | 'number'>,
  intent: OrderIntent,
): OrderInsert {
  return {
    bot_id: bot.id,
    cycle_id: cycle.id,
    kind: intent.kind,
    slot: intent.slot,
    exchange: bot.exchange,
    client_order_id: clientOrderId(bot.exchange, ['bot', bot.order_seed, cycle.number, intent.slot]),
    side: intent.side,
    type: intent.type,
    status: 'pending',
    price: intent.type === 'limit' ? intent.price : null,
    amount: intent.amount,
    reduce_only: intent.reduceOnly,
  };
}

/** Exits are numbered: a partly filled exit is followed by another. */
export const exitSlot = (bot: BotRow, orders: OrderRow[]) =>
  slotFor(
    orders,
    `exit-${orders.filter((o) => o.side === exitSideOf(bot) && o.status !== 'rejected').length + 1}`,
  );

export function bookOf(bot: BotRow, market: Market, orders: BookOrder[]) {
  return cycleBook(
    orders.map((o) => ({
      kind: o.kind,
      side: o.side,
      filled: o.filled,
      averagePrice: o.average_price,
      feeAsset: o.fee_asset,
      fee: o.fee,
    })),
    {
      direction: bot.direction,
      base: market.base,
      quote: market.quote,
      contractSize: market.contractSize,
      amountStep: market.amountStep,
    },
  );
}

/**
 * The order that carries out the member's pending action, or null when there is nothing to act on (no
 * position; every safety order already used). Add entry: the next safety order, now, at the market. Close:
 * everything the cycle holds, at the market.
 */
export function manualIntent(
  bot: BotRow,
  cycle: CycleRow,
  orders: OrderRow[],
  book: CycleBook,
  settings: DcaSettings,
  assumptions: MarketAssumptions,
): OrderIntent | null {
  if (book.open === 0n || book.basePrice === null) return null;
  const common = {
    cycleId: cycle.id,
    cycleNumber: cycle.number,
    type: 'market' as const,
    price: null,
    clearsAction: true,
  };
  if (bot.pending_action === 'close' || bot.pending_action === 'reverse') {
    return {
      ...common,
      // A reversal stays pending through its exit: the flip and the new side's base order come after.
      clearsAction: bot.pending_action === 'close',
      kind: 'manual',
      slot: exitSlot(bot, orders),
      side: exitSideOf(bot),
      amount: format(book.open),
      reduceOnly: bot.market_type === 'perpetual',
    };
  }
  const next = book.safetyOrdersFilled + 1;
  if (next > settings.safetyOrderCount) return null;
  const planned = planDca(settings, assumptions, format(book.basePrice)).orders[next]!;
  return {
    ...common,
    kind: 'safety',
    slot: slotFor(orders, `safety-${next}`),
    side: entrySideOf(bot),
    amount: planned.amount,
    reduceOnly: false,
  };
}

/** The order a decision places, as an intent. */
export function intentOf(
  bot: BotRow,
  cycle: CycleRow | null,
  decision: Decision,
  orders: OrderRow[],
): OrderIntent | null {
  const entrySide = entrySideOf(bot);
  const limit = bot.order_type === 'limit';
  switch (decision.kind) {
    case 'open':
      return {
        cycleId: cycle?.id ?? null,
        ...(cycle ? { cycleNumber: cycle.number } : {}),
        kind: 'base',
        slot: slotFor(orders, 'base'),
        side: entrySide,
        type: limit ? 'limit' : 'market',
        price: decision.price,
        amount: decision.amount,
        reduceOnly: false,
      };
    case 'safety':
      return {
        cycleId: cycle!.id,
        cycleNumber: cycle!.number,
        kind: 'safety',
        slot: slotFor(orders, `safety-${decision.index}`),
        side: entrySide,
        type: limit ? 'limit' : 'market',
        price: decision.price,
        amount: decision.amount,
        reduceOnly: false,
      };
    case 'exit':
      return {
        cycleId: cycle!.id,
        cycleNumber: cycle!.number,
        kind: decision.reason,
        slot: exitSlot(bot, orders),
        side: exitSideOf(bot),
        // A stop loss never rests on the book; a take profit does in limit mode.
        type: limit && decision.reason === 'take_profit' ? 'limit' : 'market',
        price: decision.price,
        amount: decision.amount,
        reduceOnly: bot.market_type === 'perpetual',
      };
    default:
      return null;
  }
}
