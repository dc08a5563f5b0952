import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMarketSource } from './market-source';

describe('MARKET_DATA_SOURCE', () => {
  it('defaults to the simulated market', async () => {
    const config = loadConfig({});
    expect(config.MARKET_DATA_SOURCE).toBe('simulated');
    const source = await createMarketSource(config);
    expect(source.exchange).toBe('paper');
    const spot = await source.markets('spot');
    expect(spot.map((m) => m.symbol)).toContain('BTC/USDT');
  });

  it("reads an exchange's public data through its ccxt connector", async () => {
    for (const exchange of ['binance', 'bybit', 'gate'] as const) {
      const source = await createMarketSource(loadConfig({ MARKET_DATA_SOURCE: exchange }));
      expect(source.exchange).toBe(exchange);
    }
  });

  it('refuses a source it does not know at start-up', () => {
    expect(() => loadConfig({ MARKET_DATA_SOURCE: 'kraken' })).toThrow(/MARKET_DATA_SOURCE/);
  });
});
