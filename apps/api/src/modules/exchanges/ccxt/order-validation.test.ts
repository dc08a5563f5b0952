import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../platform/errors';
import type { Market, OrderRequest } from '../connector';
import { validateLeverage, validateOrderRequest } from './order-validation';

const spot: Market = {
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  type: 'spot',
  tickSize: '0.01',
  amountStep: '0.00001',
  minAmount: '0.0001',
  minNotional: '5',
  contractSize: '1',
  maxLeverage: null,
};
const gatePerp: Market = {
  ...spot,
  symbol: 'BTC/USDT:USDT',
  type: 'perpetual',
  tickSize: '0.1',
  amountStep: '1',
  minAmount: '1',
  minNotional: '5',
  contractSize: '0.0001',
  maxLeverage: 100,
};
const limit = (o: Partial<OrderRequest>): OrderRequest => ({
  symbol: 'BTC/USDT',
  type: 'limit',
  side: 'buy',
  amount: '0.001',
  price: '60000',
  clientOrderId: 'x',
  ...o,
});
const codeOf = (fn: () => void) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return (e as AppError).code;
  }
};

describe('an order is checked against its market before it is sent', () => {
  it('accepts an order on the step, on the tick and above both minimums', () => {
    expect(codeOf(() => validateOrderRequest(spot, limit({})))).toBe('ok');
    // Exactly the minimum value (0.0001 x 50000 = 5) is allowed.
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '0.0001', price: '50000' })))).toBe('ok');
  });

  it('names the rule an order breaks', () => {
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '0.000011' })))).toBe(
      'EXCHANGE_AMOUNT_TOO_PRECISE',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '0.00009' })))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '0.0001', price: '49999.99' })))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ price: '60000.001' })))).toBe(
      'EXCHANGE_PRICE_INVALID',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ price: undefined })))).toBe(
      'EXCHANGE_PRICE_INVALID',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ price: '-1' })))).toBe('EXCHANGE_PRICE_INVALID');
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '1e-3' })))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
    expect(codeOf(() => validateOrderRequest(spot, limit({ amount: '0' })))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
  });

  it('values a market order at the reference price, and a perpetual in coins per contract', () => {
    const market = limit({ type: 'market', price: undefined, amount: '0.0001' });
    expect(codeOf(() => validateOrderRequest(spot, market, '49999.99'))).toBe('EXCHANGE_AMOUNT_TOO_SMALL');
    expect(codeOf(() => validateOrderRequest(spot, market, '50000'))).toBe('ok');
    // 8 contracts of 0.0001 BTC at 6000 are worth 4.8 USDT: too small; 9 are worth 5.4.
    const perp = limit({ symbol: 'BTC/USDT:USDT', amount: '8', price: '6000' });
    expect(codeOf(() => validateOrderRequest(gatePerp, perp))).toBe('EXCHANGE_AMOUNT_TOO_SMALL');
    expect(codeOf(() => validateOrderRequest(gatePerp, { ...perp, amount: '9' }))).toBe('ok');
    expect(codeOf(() => validateOrderRequest(gatePerp, { ...perp, amount: '8.5' }))).toBe(
      'EXCHANGE_AMOUNT_TOO_PRECISE',
    );
  });

  it('lets a reduce-only order close a position worth less than the minimum value', () => {
    const close = limit({ symbol: 'BTC/USDT:USDT', amount: '1', price: '6000', reduceOnly: true });
    expect(codeOf(() => validateOrderRequest(gatePerp, close))).toBe('ok');
  });

  it('refuses leverage above the market limit, and on spot', () => {
    expect(codeOf(() => validateLeverage(gatePerp, 100))).toBe('ok');
    expect(codeOf(() => validateLeverage(gatePerp, 101))).toBe('EXCHANGE_LEVERAGE_TOO_HIGH');
    expect(codeOf(() => validateLeverage(gatePerp, 2.5))).toBe('EXCHANGE_LEVERAGE_TOO_HIGH');
    expect(codeOf(() => validateLeverage({ ...gatePerp, maxLeverage: null }, 500))).toBe('ok');
    expect(codeOf(() => validateLeverage(spot, 2))).toBe('EXCHANGE_MARKET_TYPE_UNSUPPORTED');
  });
});
