import { div, format, max, mul, parse, toStep } from '@app/money/decimal';

/**
 * A cycle's position and result, computed from its filled orders alone (never kept as a running total that
 * a crash could leave half-updated): the same orders always give the same numbers.
 */

export interface FilledOrder {
  kind: 'base' | 'safety' | 'take_profit' | 'stop_loss' | 'manual';
  side: 'buy' | 'sell';
  /** Exchange units (base units on spot, contracts on perpetuals). */
  filled: string;
  averagePrice: string | null;
  feeAsset: string | null;
  fee: string | null;
}

export interface CycleBook {
  /** Exchange units bought (long) or sold (short) by the entry orders. */
  entered: bigint;
  /** Exchange units the exit orders took back. */
  exited: bigint;
  averageEntry: bigint | null;
  /** Price of the base order's fill. */
  basePrice: bigint | null;
  safetyOrdersFilled: number;
  /** What is left to close, in exchange units: on spot, net of fees the exchange took in the base asset. */
  open: bigint;
  /** Quote-currency result once the position is closed: exits minus entries minus quote fees. */
  realizedPnl: bigint;
}

const ZERO = 0n;

export function cycleBook(
  orders: FilledOrder[],
  market: {
    direction: 'long' | 'short';
    base: string;
    quote: string;
    contractSize: string;
    amountStep: string;
  },
): CycleBook {
  const entrySide = market.direction === 'long' ? 'buy' : 'sell';
  const contractSize = parse(market.contractSize);
  let entered = ZERO;
  let exited = ZERO;
  let entryValue = ZERO;
  let exitValue = ZERO;
  let baseFees = ZERO;
  let quoteFees = ZERO;
  let basePrice: bigint | null = null;
  let safetyOrdersFilled = 0;
  for (const o of orders) {
    const filled = parse(o.filled);
    if (filled === ZERO || o.averagePrice === null) continue;
    const price = parse(o.averagePrice);
    const value = mul(mul(filled, contractSize), price);
    const fee = o.fee === null ? ZERO : parse(o.fee);
    if (o.feeAsset === market.quote) quoteFees += fee;
    else if (o.feeAsset === market.base) baseFees += fee;
    if (o.side === entrySide) {
      entered += filled;
      entryValue += value;
      if (o.kind === 'base') basePrice = price;
      if (o.kind === 'safety') safetyOrdersFilled++;
    } else {
      exited += filled;
      exitValue += value;
    }
  }
  const quantity = mul(entered, contractSize);
  const averageEntry = quantity === ZERO ? null : div(entryValue, quantity);
  // Fees taken in the base asset (spot buys) shrink what there is to sell; what is left is sold on the step.
  const open = max(ZERO, toStep(entered - baseFees - exited, parse(market.amountStep), 'down'));
  const gross = market.direction === 'long' ? exitValue - entryValue : entryValue - exitValue;
  // A spot buy's base-asset fee is already missing from what was sold: only quote fees are subtracted.
  return {
    entered,
    exited,
    averageEntry,
    basePrice,
    safetyOrdersFilled,
    open,
    realizedPnl: gross - quoteFees,
  };
}

export const decimal = (value: bigint | null): string | null => (value === null ? null : format(value));

const same = (stored: string | null, value: bigint | null) =>
  stored === null ? value === null : value !== null && parse(stored) === value;

/** Whether a cycle row's stored figures already are what its orders give: settling it would write nothing. */
export function settledAlready(
  cycle: {
    base_price: string | null;
    average_entry: string | null;
    filled_amount: string;
    safety_orders_filled: number;
  },
  book: CycleBook,
): boolean {
  return (
    same(cycle.base_price, book.basePrice) &&
    same(cycle.average_entry, book.averageEntry) &&
    parse(cycle.filled_amount) === book.entered &&
    cycle.safety_orders_filled === book.safetyOrdersFilled
  );
}
