import { divide, feeOf, format, max, mul, parse } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { PaperAccount } from './paper-account';
import type { PaperPerpetual } from './paper-perpetual';
import type { PaperSpot } from './paper-spot';
import { type MarketRules, type OrderRow, type Trx, ZERO } from './paper-types';

/** An order's fill (spot or perpetual, with its fee), its cancellation, and what a resting order holds. */
export function createPaperFills(deps: {
  memberId: string;
  makerBps: bigint;
  takerBps: bigint;
  account: PaperAccount;
  spot: PaperSpot;
  perpetual: PaperPerpetual;
}) {
  const { memberId, makerBps, takerBps } = deps;
  const { adjust, positionRow } = deps.account;
  const { fillSpot } = deps.spot;
  const { fillPerpetual } = deps.perpetual;

  /** Fills an order entirely at one price and records the fill. */
  async function fill(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    liquidity: 'maker' | 'taker',
    at: Date,
    liquidation = false,
  ): Promise<OrderRow> {
    const bps = liquidity === 'maker' ? makerBps : takerBps;
    const result =
      rules.market.type === 'spot'
        ? await fillSpot(trx, order, rules, price, bps)
        : await fillPerpetual(trx, order, rules, price, bps, at, liquidation);
    if (result.filled === ZERO) return order;
    // The fill and the order's new state in one statement (a data-modifying CTE): one round trip less.
    return trx
      .with('fill', (q) =>
        q.insertInto('paper_fills').values({
          order_id: order.id,
          member_id: memberId,
          symbol: order.symbol,
          side: order.side,
          price: format(price),
          amount: format(result.filled),
          fee_asset: result.feeAsset,
          fee: format(result.fee),
          liquidity,
          realized_pnl: format(result.realizedPnl),
          created_at: at,
        }),
      )
      .updateTable('paper_orders')
      .set({
        filled: format(result.filled),
        average_price: format(price),
        status: 'closed',
        fee_asset: result.feeAsset,
        fee: format(result.fee),
        reserved_asset: null,
        reserved: '0',
        updated_at: at,
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function releaseAndCancel(trx: Trx, order: OrderRow, at: Date): Promise<OrderRow> {
    const reserved = parse(order.reserved);
    if (reserved > ZERO && order.reserved_asset) {
      await adjust(trx, order.market_type, order.reserved_asset, reserved, -reserved);
    }
    return trx
      .updateTable('paper_orders')
      .set({ status: 'canceled', reserved_asset: null, reserved: '0', updated_at: at })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * What a resting order holds: a spot buy its cost in quote at the limit price, a spot sell its base; a
   * perpetual order the initial margin and maker fee of the part that would open a position (a reduce-only
   * order holds nothing, and needs a position to reduce).
   */
  async function reservationFor(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    amount: bigint,
    limit: bigint,
  ): Promise<{ asset: string; amount: bigint }> {
    const { base, quote } = rules.market;
    if (rules.market.type === 'spot') {
      return order.side === 'buy'
        ? { asset: quote, amount: mul(amount, limit, 'up') }
        : { asset: base, amount };
    }
    const pos = await positionRow(trx, order.symbol);
    const direction: 'long' | 'short' = order.side === 'buy' ? 'long' : 'short';
    const opposite = pos.side !== null && pos.side !== direction ? parse(pos.contracts) : ZERO;
    if (order.reduce_only) {
      if (opposite === ZERO) {
        throw new AppError('EXCHANGE_ORDER_REJECTED', 'Reduce-only order with no position to reduce', {
          symbol: order.symbol,
        });
      }
      return { asset: quote, amount: ZERO };
    }
    const opening = max(ZERO, amount - opposite);
    const notional = mul(mul(opening, rules.contractSize), limit, 'up');
    const margin = divide(notional, BigInt(pos.leverage), 'up');
    return { asset: quote, amount: margin + feeOf(notional, makerBps) };
  }

  return { fill, releaseAndCancel, reservationFor };
}

export type PaperFills = ReturnType<typeof createPaperFills>;
