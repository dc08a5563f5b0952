import { format as formatPrice, parse } from '@app/money/decimal';
import {
  type DcaSettings,
  type MarketAssumptions,
  planDca,
  reached,
  stopLossPrice,
  takeProfitPrice,
  trailingExitPrice,
} from '../dca/dca-plan';
import type { CycleBook } from './cycle-book';

/**
 * What a bot does next, from its state and the price alone: pure, so every rule is tested without an
 * exchange. The engine calls it only when the bot has no order working, so a bot never has two orders in
 * flight and each decision sees the fills of the last one.
 */

export type Decision =
  | { kind: 'wait'; why: 'rental_inactive' | 'market_off' | 'cooldown' | 'no_trigger' }
  /** Open a new cycle with the base order (amount in exchange units, at `price` when it is a limit order). */
  | { kind: 'open'; amount: string; price: string }
  | { kind: 'safety'; index: number; amount: string; price: string }
  /** Close what the cycle holds. */
  | { kind: 'exit'; reason: 'take_profit' | 'stop_loss'; amount: string; price: string }
  /** Trailing take profit: the target was reached; remember the best price seen. */
  | { kind: 'trail'; best: string };

export interface BotState {
  settings: DcaSettings;
  market: MarketAssumptions;
  /** The open cycle's book, or null when no cycle is open. */
  cycle: (CycleBook & { bestPrice: bigint | null }) | null;
  rentalActive: boolean;
  /** The member switched this market (or this all-in-one symbol) off: no new cycle opens. */
  marketOff?: boolean;
  /** When the last cycle closed; null if none did. */
  lastClosedAt: Date | null;
  cooldownSeconds: number;
  now: Date;
  price: bigint;
  /**
   * The open cycle's `cycleLevels`, when the caller keeps them: they change only with the cycle's fills and
   * the settings, and figuring them is most of what deciding costs (the engine decides for every bot it
   * holds at every price).
   */
  levels?: CycleLevels | null;
}

/** A cycle's trigger prices: they follow from its fills and the settings, not from the price. */
export interface CycleLevels {
  /** What an exit closes. */
  amount: string;
  stop: bigint | null;
  target: bigint;
  /** The next safety order, if any is left. */
  safety: { index: number; amount: string; price: string; at: bigint } | null;
}

/** The levels of a cycle that holds a position; null when it holds none (nothing can trigger). */
export function cycleLevels(
  settings: DcaSettings,
  market: MarketAssumptions,
  cycle: CycleBook,
): CycleLevels | null {
  if (cycle.basePrice === null || cycle.averageEntry === null || cycle.open === 0n) return null;
  const tick = parse(market.tickSize);
  const { direction } = settings;
  const next = cycle.safetyOrdersFilled + 1;
  const planned =
    next <= settings.safetyOrderCount
      ? planDca(settings, market, formatPrice(cycle.basePrice)).orders[next]!
      : null;
  return {
    amount: formatPrice(cycle.open),
    stop:
      settings.stopLoss === null ? null : stopLossPrice(direction, cycle.basePrice, settings.stopLoss, tick),
    target: takeProfitPrice(direction, cycle.averageEntry, settings.takeProfit, tick),
    safety: planned && {
      index: next,
      amount: planned.amount,
      price: planned.price,
      at: parse(planned.price),
    },
  };
}

export function decide(state: BotState): Decision {
  const { settings, market, cycle, price } = state;
  const direction = settings.direction;
  // No cycle, or one whose base order was refused and holds nothing yet: (re)place the base order.
  if (cycle === null || cycle.entered === 0n) {
    // An expired rental opens nothing new; a cycle with a position still runs to its end (below).
    if (!state.rentalActive) return { kind: 'wait', why: 'rental_inactive' };
    if (state.marketOff) return { kind: 'wait', why: 'market_off' };
    const cooling =
      state.lastClosedAt !== null &&
      state.now.getTime() - state.lastClosedAt.getTime() < state.cooldownSeconds * 1000;
    if (cycle === null && cooling) {
      return { kind: 'wait', why: 'cooldown' };
    }
    const base = planDca(settings, market, formatPrice(price)).orders[0]!;
    return { kind: 'open', amount: base.amount, price: base.price };
  }
  const levels = state.levels === undefined ? cycleLevels(settings, market, cycle) : state.levels;
  if (levels === null) return { kind: 'wait', why: 'no_trigger' };
  const { amount, stop, target, safety } = levels;
  if (stop !== null && reached.against(direction, price, stop)) {
    return { kind: 'exit', reason: 'stop_loss', amount, price: formatPrice(price) };
  }
  if (settings.trailingDeviation === null) {
    if (reached.favour(direction, price, target)) {
      return { kind: 'exit', reason: 'take_profit', amount, price: formatPrice(target) };
    }
  } else if (cycle.bestPrice !== null || reached.favour(direction, price, target)) {
    const previous = cycle.bestPrice ?? price;
    const best =
      direction === 'long' ? (price > previous ? price : previous) : price < previous ? price : previous;
    const exitAt = trailingExitPrice(direction, best, settings.trailingDeviation, parse(market.tickSize));
    if (cycle.bestPrice !== null && reached.against(direction, price, exitAt)) {
      return { kind: 'exit', reason: 'take_profit', amount, price: formatPrice(price) };
    }
    if (best !== cycle.bestPrice) return { kind: 'trail', best: formatPrice(best) };
  }
  if (safety !== null && reached.against(direction, price, safety.at)) {
    return { kind: 'safety', index: safety.index, amount: safety.amount, price: safety.price };
  }
  return { kind: 'wait', why: 'no_trigger' };
}
