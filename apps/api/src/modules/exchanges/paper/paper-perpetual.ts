import { div, divide, feeOf, format, max, min, mul, parse, toStep } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { PaperAccount } from './paper-account';
import {
  type FillResult,
  MAINTENANCE_MARGIN_RATE,
  type MarketRules,
  type OrderRow,
  pnlRounding,
  type Trx,
  ZERO,
} from './paper-types';

/**
 * Perpetual fills with margin (linear, USDT-margined, one-way mode): the initial margin moves from the
 * perpetual wallet's free to used and is held by the position; realised PnL and released margin come back.
 */

/** Liquidation price of an isolated position: where margin + PnL equals the maintenance margin. */
export function liquidationPrice(p: {
  side: 'long' | 'short';
  entry: bigint;
  quantity: bigint;
  margin: bigint;
  tick: bigint;
}): bigint {
  const mmr = parse(MAINTENANCE_MARGIN_RATE);
  const notional = mul(p.entry, p.quantity);
  if (p.side === 'long') {
    // margin + (P - entry) q = mmr P q  =>  P = (entry q - margin) / (q (1 - mmr)); shown rounded up.
    const price = div(notional - p.margin, mul(p.quantity, parse('1') - mmr), 'up');
    return max(ZERO, toStep(price, p.tick, 'up'));
  }
  // margin + (entry - P) q = mmr P q  =>  P = (entry q + margin) / (q (1 + mmr)); shown rounded down.
  const price = div(notional + p.margin, mul(p.quantity, parse('1') + mmr), 'down');
  return toStep(price, p.tick, 'down');
}

export function createPaperPerpetual(account: PaperAccount) {
  const { balanceOf, adjust, positionRow } = account;

  /**
   * A perpetual fill in one-way mode: the part against the position closes it (realising PnL and releasing
   * margin pro rata), the rest opens or grows a position on the order's side. Computes everything first,
   * refuses (insufficient margin, nothing to reduce) before any write. A liquidation takes what is left of
   * the margin as its fee, so the member loses exactly the isolated margin.
   */
  async function fillPerpetual(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    bps: bigint,
    at: Date,
    liquidation = false,
  ): Promise<FillResult> {
    const pos = await positionRow(trx, order.symbol);
    const direction = order.side === 'buy' ? 'long' : 'short';
    const contracts = parse(pos.contracts);
    const opposite = pos.side !== null && pos.side !== direction;
    let quantity = parse(order.amount);
    if (order.reduce_only) {
      if (!opposite) {
        throw new AppError('EXCHANGE_ORDER_REJECTED', 'Reduce-only order with no position to reduce', {
          symbol: order.symbol,
        });
      }
      quantity = min(quantity, contracts);
    }
    const closeQty = opposite ? min(quantity, contracts) : ZERO;
    const openQty = quantity - closeQty;
    const cs = rules.contractSize;
    const margin = parse(pos.margin);
    const entry = pos.entry_price === null ? ZERO : parse(pos.entry_price);

    let released = ZERO;
    let pnl = ZERO;
    if (closeQty > ZERO) {
      released = closeQty === contracts ? margin : divide(margin * closeQty, contracts, 'down');
      const move = pos.side === 'long' ? price - entry : entry - price;
      pnl = mul(move, mul(closeQty, cs), pnlRounding(move));
    }
    const openNotional = mul(mul(openQty, cs), price, 'up');
    const initialMargin = openQty > ZERO ? divide(openNotional, BigInt(pos.leverage), 'up') : ZERO;
    let fee = feeOf(mul(mul(quantity, cs), price, 'up'), bps);
    if (liquidation) fee = max(ZERO, released + pnl);

    const { free } = await balanceOf(trx, 'perpetual', rules.market.quote);
    const reserved = parse(order.reserved);
    const available = free + reserved;
    let freeAfter = available + released + pnl - initialMargin - fee;
    if (freeAfter < ZERO) {
      if (openQty > ZERO) {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', 'Insufficient margin', {
          asset: rules.market.quote,
          needed: format(initialMargin + fee),
          free: format(available + released + pnl),
        });
      }
      // A closing fill can lose more than there is (cross, gapped market): the account stops at zero.
      freeAfter = ZERO;
    }
    await adjust(trx, 'perpetual', rules.market.quote, freeAfter - free, initialMargin - released - reserved);

    let next: { side: 'long' | 'short' | null; contracts: bigint; entry: bigint | null; margin: bigint };
    let openedAt = pos.opened_at;
    if (opposite && contracts > closeQty) {
      // Reduced: the entry price stays, the margin shrinks pro rata.
      next = { side: pos.side, contracts: contracts - closeQty, entry, margin: margin - released };
    } else if (opposite && openQty === ZERO) {
      next = { side: null, contracts: ZERO, entry: null, margin: ZERO };
      openedAt = null;
    } else if (opposite) {
      // Flipped: the old position is closed, the rest of the order opens the other side at this price.
      next = { side: direction, contracts: openQty, entry: price, margin: initialMargin };
      openedAt = at;
    } else if (contracts > ZERO) {
      const total = contracts + openQty;
      const averaged = div(mul(entry, contracts) + mul(price, openQty), total);
      next = { side: direction, contracts: total, entry: averaged, margin: margin + initialMargin };
    } else {
      next = { side: direction, contracts: openQty, entry: price, margin: initialMargin };
      openedAt = at;
    }
    await trx
      .updateTable('paper_positions')
      .set({
        side: next.side,
        contracts: format(next.contracts),
        entry_price: next.entry === null ? null : format(next.entry),
        margin: format(next.margin),
        realized_pnl: format(parse(pos.realized_pnl) + pnl),
        opened_at: openedAt,
        updated_at: at,
      })
      .where('id', '=', pos.id)
      .execute();
    return { filled: quantity, fee, feeAsset: rules.market.quote, realizedPnl: pnl };
  }

  return { fillPerpetual };
}

export type PaperPerpetual = ReturnType<typeof createPaperPerpetual>;
