import { describe, expect, it } from 'vitest';
import { addDecimals, decimalText, multiply, scaled, scaledText, signOf } from './trade-decimal';
import { counterpartOf, marketTypeOf, partsOf, tradePath } from './trading-paths';

describe('exchange decimals', () => {
  it('reads decimal strings exactly, without a float', () => {
    expect(scaled('64250.5')).toEqual({ value: 642505n, decimals: 1 });
    expect(scaled('-0.000000000000000001')).toEqual({ value: -1n, decimals: 18 });
    expect(scaled('1e5')).toBeNull();
  });

  it('adds and subtracts them exactly, where floats would not', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point.
    expect(addDecimals('0.1', '0.2')).toEqual({ value: 3n, decimals: 1 });
    expect(addDecimals('120', '0.000000000000000001', true)).toEqual({
      value: 119999999999999999999n,
      decimals: 18,
    });
    expect(addDecimals('20', '50', true)).toEqual({ value: -30n, decimals: 0 });
    expect(addDecimals(null, '1')).toBeNull();
  });

  it('writes them in the locale with the decimals they came with', () => {
    expect(decimalText('64250.5')).toBe('64,250.5');
    expect(decimalText('0.00012345')).toBe('0.00012345');
    expect(decimalText(null)).toBe('—');
  });

  it('multiplies amount by price exactly and cuts the value to cents, never rounding up', () => {
    expect(scaledText(multiply('0.01', '64250.5'))).toBe('642.50');
    expect(scaledText(multiply('0.123456789012345678', '0.999999999999999999'))).toBe('0.12');
    expect(scaledText(multiply('2', '0.999'))).toBe('1.99');
    expect(multiply('', '1')).toBeNull();
  });

  it('knows the sign of a PnL', () => {
    expect([signOf('-120.75'), signOf('0.00'), signOf('630.05')]).toEqual([-1, 0, 1]);
  });
});

describe('trade paths', () => {
  it('links the markets page to the trade screen and reads the market type from the symbol', () => {
    expect(tradePath({ exchange: 'paper', symbol: 'BTC/USDT:USDT' })).toBe(
      '/pages/trade/online?exchange=paper&symbol=BTC%2FUSDT%3AUSDT',
    );
    expect(marketTypeOf('BTC/USDT:USDT')).toBe('perpetual');
    expect(marketTypeOf('BTC/USDT')).toBe('spot');
    expect(partsOf('ETH/USDT:USDT')).toEqual({ base: 'ETH', quote: 'USDT' });
    expect(counterpartOf('ETH/USDT', 'perpetual')).toBe('ETH/USDT:USDT');
    expect(counterpartOf('ETH/USDT:USDT', 'spot')).toBe('ETH/USDT');
  });
});
