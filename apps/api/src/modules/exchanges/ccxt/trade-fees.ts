import { type Decimal, format, parse, ZERO } from '@app/money/decimal';
import type { Exchange, Fee, Trade } from 'ccxt';
import type { OrderFee } from '../connector';
import { decimalText } from './ccxt-mapping';

/**
 * An order's fee from its trades (fills), for the answers that leave it out: binance futures orders, binance
 * spot orders read back after placement, gate futures orders. Each trade's fees are summed per currency in
 * exact decimals; ccxt parses them to numbers, printed back with `numberToString` as the exchange sent them.
 */
export function feeFromTrades(
  exchange: Exchange,
  trades: Trade[],
  order: { id: string; filled: string },
  /** The currency the exchange charges in without discounts: settle coin, or the spot coin received. */
  natural: string,
): OrderFee | null {
  // Asked by order id already; the filter guards against an exchange that ignores the filter.
  const mine = trades.filter((t) => t.order === undefined || String(t.order) === order.id);
  // A history that does not yet hold every fill would give a partial fee: better none, read again later.
  const traded = mine.reduce((total, t) => total + parse(decimalText(exchange, t.amount)), ZERO);
  if (mine.length === 0 || traded < parse(order.filled)) return null;

  const sums = new Map<string, Decimal>();
  for (const trade of mine) {
    // ccxt fills `fees` (every currency charged) on parsed trades but leaves it out of its Trade type.
    const listed = (trade as Trade & { fees?: Fee[] }).fees;
    const fees = listed?.length ? listed : trade.fee ? [trade.fee] : [];
    for (const fee of fees) {
      if (!fee?.currency) continue;
      sums.set(fee.currency, (sums.get(fee.currency) ?? ZERO) + parse(decimalText(exchange, fee.cost)));
    }
  }
  const charged = [...sums.entries()].filter(([, amount]) => amount !== ZERO);
  if (charged.length === 0) {
    // Fills that cost nothing (a zero-fee promotion) are a fee of zero, not an unknown one.
    const [currency] = sums.keys();
    return currency ? { asset: currency, amount: '0' } : null;
  }
  // One currency is the rule. Several happen when a discount coin (BNB, GT) paid for only some fills, say
  // because it ran out mid-order; the record holds one fee, and the natural currency is the one the
  // order's amounts and profit are in, so it is kept; failing that, the first currency charged.
  const [asset, amount] = charged.find(([currency]) => currency === natural) ?? charged[0]!;
  return { asset, amount: format(amount) };
}
