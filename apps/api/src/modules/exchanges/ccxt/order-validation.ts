import { isDecimal, isMultipleOf, mul, parse } from '@app/money/decimal';
import { AppError } from '../../../platform/errors';
import type { Market, OrderRequest } from '../connector';

/**
 * Checks an order against its market's rules before anything is sent, so a member gets a precise, translated
 * reason instead of the exchange's own wording, and a refused order never costs a request. Pure and exact:
 * every comparison is on decimal strings scaled to integers.
 *
 * `referencePrice` values a market order for the minimum-notional check (the last price); limit orders are
 * valued at their own price.
 */
export function validateOrderRequest(market: Market, request: OrderRequest, referencePrice?: string): void {
  const details = { symbol: market.symbol };
  if (!isDecimal(request.amount) || parse(request.amount) <= 0n) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_SMALL', 'amount must be a positive decimal', details);
  }
  const amount = parse(request.amount);
  if (!isMultipleOf(amount, parse(market.amountStep))) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_PRECISE', `amount must be a multiple of ${market.amountStep}`, {
      ...details,
      step: market.amountStep,
    });
  }
  if (amount < parse(market.minAmount)) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_SMALL', `amount must be at least ${market.minAmount}`, {
      ...details,
      minAmount: market.minAmount,
    });
  }
  let price = referencePrice;
  if (request.type === 'limit') {
    if (request.price === undefined || !isDecimal(request.price) || parse(request.price) <= 0n) {
      throw new AppError('EXCHANGE_PRICE_INVALID', 'a limit order needs a positive price', details);
    }
    if (!isMultipleOf(parse(request.price), parse(market.tickSize))) {
      throw new AppError('EXCHANGE_PRICE_INVALID', `price must be a multiple of ${market.tickSize}`, {
        ...details,
        tickSize: market.tickSize,
      });
    }
    price = request.price;
  }
  // A closing order must always go through, even when the rest of a position is worth less than the
  // minimum; the exchanges waive their notional floor for reduce-only orders for the same reason.
  if (request.reduceOnly || price === undefined || !isDecimal(price)) return;
  const notional = mul(mul(amount, parse(market.contractSize), 'down'), parse(price), 'down');
  if (notional < parse(market.minNotional)) {
    throw new AppError('EXCHANGE_AMOUNT_TOO_SMALL', `order value must be at least ${market.minNotional}`, {
      ...details,
      minNotional: market.minNotional,
    });
  }
}

export function validateLeverage(market: Market, leverage: number): void {
  if (market.type !== 'perpetual') {
    throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', 'leverage applies to perpetuals only', {
      symbol: market.symbol,
    });
  }
  if (!Number.isInteger(leverage) || leverage < 1) {
    throw new AppError('EXCHANGE_LEVERAGE_TOO_HIGH', 'leverage must be a whole number from 1', {
      symbol: market.symbol,
    });
  }
  if (market.maxLeverage !== null && leverage > market.maxLeverage) {
    throw new AppError('EXCHANGE_LEVERAGE_TOO_HIGH', `leverage must be at most ${market.maxLeverage}`, {
      symbol: market.symbol,
      maxLeverage: market.maxLeverage,
    });
  }
}
