import { feeOf, format, mul, parse } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { PaperAccount } from './paper-account';
import { type FillResult, type MarketRules, type OrderRow, type Trx, ZERO } from './paper-types';

/** Spot fills: base against quote in the spot wallet, the fee taken from what is received. */
export function createPaperSpot(account: PaperAccount) {
  const { balanceOf, adjustAll } = account;

  /** A spot fill; the order's reservation (if any) is released first. Checks before it writes. */
  async function fillSpot(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    bps: bigint,
  ): Promise<FillResult> {
    const { base, quote } = rules.market;
    const amount = parse(order.amount);
    const reserved = parse(order.reserved);
    if (order.side === 'buy') {
      const cost = mul(amount, price, 'up');
      const fee = feeOf(amount, bps);
      const { free } = await balanceOf(trx, 'spot', quote);
      if (free + reserved < cost) {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${quote}`, {
          asset: quote,
          needed: format(cost),
          free: format(free),
        });
      }
      await adjustAll(trx, 'spot', [
        { asset: quote, dFree: reserved - cost, dUsed: -reserved },
        { asset: base, dFree: amount - fee, dUsed: ZERO },
      ]);
      return { filled: amount, fee, feeAsset: base, realizedPnl: ZERO };
    }
    const { free } = await balanceOf(trx, 'spot', base);
    if (free + reserved < amount) {
      throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${base}`, {
        asset: base,
        needed: format(amount),
        free: format(free),
      });
    }
    const proceeds = mul(amount, price, 'down');
    const fee = feeOf(proceeds, bps);
    await adjustAll(trx, 'spot', [
      { asset: base, dFree: reserved - amount, dUsed: -reserved },
      { asset: quote, dFree: proceeds - fee, dUsed: ZERO },
    ]);
    return { filled: amount, fee, feeAsset: quote, realizedPnl: ZERO };
  }

  return { fillSpot };
}

export type PaperSpot = ReturnType<typeof createPaperSpot>;
