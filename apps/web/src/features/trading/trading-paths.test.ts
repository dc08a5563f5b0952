import { describe, expect, it } from 'vitest';
import { counterpartOf, marketTypeOf, partsOf, tradePath } from './trading-paths';

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
