import ccxt, { type Trade } from 'ccxt';
import { describe, expect, it } from 'vitest';
import { feeFromTrades } from './trade-fees';

const exchange = new ccxt.binance();
const order = { id: '42', filled: '0.3' };

/** A trade as ccxt parses it: numbers, and every currency charged under `fees`. */
const trade = (amount: number, fees: [string, number][], orderId = '42') =>
  ({
    order: orderId,
    amount,
    fee: fees.length === 1 ? { currency: fees[0]![0], cost: fees[0]![1] } : undefined,
    fees: fees.map(([currency, cost]) => ({ currency, cost })),
  }) as unknown as Trade;

describe('an order fee from its trades', () => {
  it('sums the fills exactly, where floats would not', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    const trades = [trade(0.1, [['USDT', 0.1]]), trade(0.2, [['USDT', 0.2]])];
    expect(feeFromTrades(exchange, trades, order, 'USDT')).toEqual({ asset: 'USDT', amount: '0.3' });
  });

  it('keeps the natural currency when a discount coin paid for part of the fills', () => {
    const trades = [trade(0.1, [['BNB', 0.0001]]), trade(0.2, [['USDT', 0.04]])];
    expect(feeFromTrades(exchange, trades, order, 'USDT')).toEqual({ asset: 'USDT', amount: '0.04' });
    // Without the natural one among them, the first currency charged.
    expect(feeFromTrades(exchange, trades, order, 'BTC')).toEqual({ asset: 'BNB', amount: '0.0001' });
  });

  it('skips zero entries beside the fee (gate lists GT and point fees next to it)', () => {
    const trades = [
      trade(0.3, [
        ['USDT', 0.15],
        ['GT', 0],
      ]),
    ];
    expect(feeFromTrades(exchange, trades, order, 'USDT')).toEqual({ asset: 'USDT', amount: '0.15' });
  });

  it('states a zero fee as zero, and no fee while the history lacks fills or trades', () => {
    expect(feeFromTrades(exchange, [trade(0.3, [['USDT', 0]])], order, 'USDT')).toEqual({
      asset: 'USDT',
      amount: '0',
    });
    expect(feeFromTrades(exchange, [trade(0.1, [['USDT', 0.1]])], order, 'USDT')).toBeNull();
    expect(feeFromTrades(exchange, [], order, 'USDT')).toBeNull();
    // Another order's trades do not count.
    expect(feeFromTrades(exchange, [trade(0.3, [['USDT', 0.3]], '7')], order, 'USDT')).toBeNull();
  });
});
