import type { ErrorCode } from '@app/contracts';
import { div, divide, format, max, mul, parse, toStep } from '@app/money/decimal';

/**
 * The DCA strategy's arithmetic, pure: from a bot's settings, the market's rules and a base price, the
 * ladder of orders a cycle may place (the base order, then each safety order), what the position looks like
 * after each fill, and the exit prices. The preview shows it; the engine places exactly these orders.
 *
 * All values are exchange decimals (strings outside, bigints scaled by 10^18 inside); never a float.
 * Percentages are given as percent ("1.5" is 1.5 %). Every rounding is named, and each one errs on the
 * member's side of risk: trigger prices never lie beyond the configured deviation toward the member's loss,
 * order amounts never exceed the configured value, the estimated liquidation price is shown nearer than the
 * exact one, and the capital needed is rounded up.
 */

export type Direction = 'long' | 'short';

export interface DcaSettings {
  direction: Direction;
  marketType: 'spot' | 'perpetual';
  /** Value of the base order in the quote currency (USDT). */
  baseOrder: string;
  /** Value of the first safety order in the quote currency; later ones grow by volumeScale. */
  safetyOrder: string;
  safetyOrderCount: number;
  /** Distance of the first safety order from the base price, percent. */
  priceDeviation: string;
  /** Each safety order's value is the previous one's times this. */
  volumeScale: string;
  /** Each step between safety orders is the previous step times this. */
  stepScale: string;
  /** Take profit above (long) or below (short) the average entry, percent. */
  takeProfit: string;
  /** Trailing take profit: once the target is reached, exit when the price turns back this far, percent. */
  trailingDeviation: string | null;
  /** Stop loss from the base price, percent. */
  stopLoss: string | null;
  /** 1 on spot. */
  leverage: number;
  marginMode: 'isolated' | 'cross';
}

/** The market's rules and the cost assumptions the preview and the checks rely on. */
export interface MarketAssumptions {
  tickSize: string;
  amountStep: string;
  minAmount: string;
  minNotional: string;
  /** Base units per contract on perpetuals, "1" on spot. */
  contractSize: string;
  /** The taker fee as a fraction ("0.0005" is 0.05 %). */
  takerFeeRate: string;
  /** Maintenance margin rate as a fraction ("0.005"); perpetuals only. */
  maintenanceMarginRate: string;
}

export interface PlannedOrder {
  /** 0 is the base order, 1..n the safety orders. */
  index: number;
  kind: 'base' | 'safety';
  /** Distance from the base price, percent (0 for the base order). */
  deviation: string;
  /** The price at which the order is placed (the trigger). */
  price: string;
  /** In the exchange's unit: base units on spot, contracts on perpetuals. */
  amount: string;
  /** Its value in the quote currency: amount x contract size x price. */
  value: string;
  /** The position after this order fills. */
  totalAmount: string;
  averageEntry: string;
  /** The take-profit price while this is the last filled order. */
  takeProfitPrice: string;
  /** Capital committed once this order fills: cost (spot) or initial margin (perpetual), plus fees. */
  capital: string;
  /** Perpetuals: estimated liquidation price with this order filled; null on spot. */
  liquidationPrice: string | null;
}

export interface DcaPlan {
  orders: PlannedOrder[];
  stopLossPrice: string | null;
  /** Capital needed when every safety order fills: what the rental's capital limit is checked against. */
  capitalRequired: string;
  /** Why the configuration is refused, if it is: the first rule it breaks. */
  problem: ErrorCode | null;
}

const HUNDRED = parse('100');
const ONE = parse('1');
const ZERO = 0n;

const pct = (text: string): bigint => divide(parse(text) * ONE, HUNDRED, 'half-up');

/**
 * The cumulative deviation of safety order i (1-based), as a fraction: step 1 is `priceDeviation`, each
 * next step is the previous one times `stepScale` (3Commas' and Hummingbot's reading).
 */
function cumulativeDeviations(s: DcaSettings): bigint[] {
  const out: bigint[] = [];
  let step = pct(s.priceDeviation);
  const scale = parse(s.stepScale);
  let total = ZERO;
  for (let i = 0; i < s.safetyOrderCount; i++) {
    total += step;
    out.push(total);
    step = mul(step, scale);
  }
  return out;
}

/** The price `fraction` away from `base` against the position (down for long, up for short). */
function against(direction: Direction, base: bigint, fraction: bigint, tick: bigint): bigint {
  // Rounded away from the base price: an order never triggers before the configured deviation.
  return direction === 'long'
    ? toStep(mul(base, ONE - fraction, 'down'), tick, 'down')
    : toStep(mul(base, ONE + fraction, 'up'), tick, 'up');
}

/** Estimated liquidation price of a position, or null on spot. See liquidationOf. */
export function liquidationPrice(p: {
  direction: Direction;
  entry: bigint;
  /** Base units. */
  quantity: bigint;
  margin: bigint;
  mmr: bigint;
  tick: bigint;
}): bigint {
  const notional = mul(p.entry, p.quantity);
  if (p.direction === 'long') {
    // margin + (P - entry) q = mmr P q  =>  P = (entry q - margin) / (q (1 - mmr)); rounded up: shown nearer.
    const price = div(notional - p.margin, mul(p.quantity, ONE - p.mmr), 'up');
    return max(ZERO, toStep(price, p.tick, 'up'));
  }
  // margin + (entry - P) q = mmr P q  =>  P = (entry q + margin) / (q (1 + mmr)); rounded down: shown nearer.
  const price = div(notional + p.margin, mul(p.quantity, ONE + p.mmr), 'down');
  return toStep(price, p.tick, 'down');
}

/** The take-profit price for an average entry: rounded away from the entry (never less than the target). */
export function takeProfitPrice(
  direction: Direction,
  averageEntry: bigint,
  takeProfit: string,
  tick: bigint,
) {
  const fraction = pct(takeProfit);
  return direction === 'long'
    ? toStep(mul(averageEntry, ONE + fraction, 'up'), tick, 'up')
    : toStep(mul(averageEntry, ONE - fraction, 'down'), tick, 'down');
}

/** The stop-loss price from the base price: rounded toward it (it never fires later than configured). */
export function stopLossPrice(direction: Direction, basePrice: bigint, stopLoss: string, tick: bigint) {
  const fraction = pct(stopLoss);
  return direction === 'long'
    ? toStep(mul(basePrice, ONE - fraction, 'up'), tick, 'up')
    : toStep(mul(basePrice, ONE + fraction, 'down'), tick, 'down');
}

/**
 * Trailing take profit: with the best price seen since the target was reached, the price at which the
 * position exits (the best price moved back by the trailing deviation, rounded toward the best price).
 */
export function trailingExitPrice(direction: Direction, best: bigint, trailing: string, tick: bigint) {
  const fraction = pct(trailing);
  return direction === 'long'
    ? toStep(mul(best, ONE - fraction, 'up'), tick, 'up')
    : toStep(mul(best, ONE + fraction, 'down'), tick, 'down');
}

/** Has the price reached `level` in the position's favour (exit up for long) or against it? */
export const reached = {
  favour: (d: Direction, price: bigint, level: bigint) => (d === 'long' ? price >= level : price <= level),
  against: (d: Direction, price: bigint, level: bigint) => (d === 'long' ? price <= level : price >= level),
};

/** Does price `a` lie strictly further against the position than `b` (lower for long, higher for short)? */
const beyond = (d: Direction, a: bigint, b: bigint) => (d === 'long' ? a < b : a > b);

/**
 * The whole ladder for a base price. `capitalLimit` (a decimal in the quote currency) is the rental's limit
 * left for this bot; on cross margin it is also the margin that backs the position in the liquidation
 * estimate (the whole account stands behind a cross position; isolated, only the orders' own margin).
 */
export function planDca(
  settings: DcaSettings,
  market: MarketAssumptions,
  basePrice: string,
  capitalLimit?: string,
): DcaPlan {
  const tick = parse(market.tickSize);
  const step = parse(market.amountStep);
  const contractSize = parse(market.contractSize);
  const minAmount = parse(market.minAmount);
  const minNotional = parse(market.minNotional);
  const feeRate = parse(market.takerFeeRate);
  const mmr = parse(market.maintenanceMarginRate);
  const perpetual = settings.marketType === 'perpetual';
  const leverage = BigInt(perpetual ? settings.leverage : 1);
  const limit = capitalLimit === undefined ? null : parse(capitalLimit);
  const base = toStep(parse(basePrice), tick, 'half-up');
  const { direction } = settings;

  let problem: ErrorCode | null = null;
  const refuse = (code: ErrorCode) => {
    problem ??= code;
  };

  const levels: { index: number; deviation: bigint; price: bigint; value: bigint }[] = [
    { index: 0, deviation: ZERO, price: base, value: parse(settings.baseOrder) },
  ];
  const volumeScale = parse(settings.volumeScale);
  let soValue = parse(settings.safetyOrder);
  cumulativeDeviations(settings).forEach((deviation, i) => {
    if (direction === 'long' && deviation >= ONE) refuse('BOT_DEVIATION_TOO_LARGE');
    const price = deviation >= ONE && direction === 'long' ? tick : against(direction, base, deviation, tick);
    levels.push({ index: i + 1, deviation, price: max(price, tick), value: soValue });
    soValue = mul(soValue, volumeScale, 'down');
  });

  const orders: PlannedOrder[] = [];
  let totalAmount = ZERO;
  let totalQuantity = ZERO;
  let totalCost = ZERO;
  let capital = ZERO;
  let previousLiquidation: bigint | null = null;
  for (const level of levels) {
    // Amount rounded down to the step: the order never costs more than the configured value.
    const amount = toStep(div(level.value, mul(level.price, contractSize), 'down'), step, 'down');
    const quantity = mul(amount, contractSize);
    const value = mul(quantity, level.price, 'up');
    if (amount <= ZERO || amount < minAmount || value < minNotional) refuse('BOT_ORDER_TOO_SMALL');
    if (previousLiquidation !== null && !beyond(direction, previousLiquidation, level.price)) {
      // The position so far is liquidated before the price reaches this order.
      refuse('BOT_BEYOND_LIQUIDATION');
    }
    totalAmount += amount;
    totalQuantity += quantity;
    totalCost += value;
    const fee = mul(value, feeRate, 'up');
    capital += (perpetual ? divide(value, leverage, 'up') : value) + fee;
    const average = totalQuantity > ZERO ? div(totalCost, totalQuantity, 'half-up') : level.price;
    let liquidation: bigint | null = null;
    if (perpetual && totalQuantity > ZERO) {
      const isolatedMargin = divide(totalCost, leverage, 'up');
      const margin =
        settings.marginMode === 'cross' && limit !== null ? max(limit, isolatedMargin) : isolatedMargin;
      liquidation = liquidationPrice({
        direction,
        entry: average,
        quantity: totalQuantity,
        margin,
        mmr,
        tick,
      });
    }
    previousLiquidation = liquidation;
    orders.push({
      index: level.index,
      kind: level.index === 0 ? 'base' : 'safety',
      deviation: format(level.deviation * 100n),
      price: format(level.price),
      amount: format(amount),
      value: format(value),
      totalAmount: format(totalAmount),
      averageEntry: format(toStep(average, tick, 'half-up')),
      takeProfitPrice: format(takeProfitPrice(direction, average, settings.takeProfit, tick)),
      capital: format(capital),
      liquidationPrice: liquidation === null ? null : format(liquidation),
    });
  }

  const last = levels[levels.length - 1]!;
  let stopLoss: bigint | null = null;
  if (settings.stopLoss !== null) {
    stopLoss = stopLossPrice(direction, base, settings.stopLoss, tick);
    // A stop loss at or before the last safety order would close the cycle before that order could fill.
    if (settings.safetyOrderCount > 0 && !beyond(direction, stopLoss, last.price)) {
      refuse('BOT_STOP_LOSS_INSIDE_SAFETY_ORDERS');
    }
    // A stop loss the liquidation comes before never fires.
    if (previousLiquidation !== null && !beyond(direction, previousLiquidation, stopLoss)) {
      refuse('BOT_BEYOND_LIQUIDATION');
    }
  }
  if (
    settings.trailingDeviation !== null &&
    parse(settings.trailingDeviation) >= parse(settings.takeProfit)
  ) {
    refuse('BOT_TRAILING_TOO_WIDE');
  }
  if (limit !== null && capital > limit) refuse('BOT_CAPITAL_EXCEEDS_LIMIT');

  return {
    orders,
    stopLossPrice: stopLoss === null ? null : format(stopLoss),
    capitalRequired: format(capital),
    problem,
  };
}
