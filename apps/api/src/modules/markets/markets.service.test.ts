import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { MarketData } from '../exchanges/connector';
import { createSimulatedMarket } from '../exchanges/paper/simulated-market';
import { createMarketsService, LIVE_SYMBOLS_PER_TYPE } from './markets.service';

let db: Db;
let drop: () => Promise<void>;
let memberId: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  memberId = await makeMember(db, 'markets');
});
afterAll(() => drop());

/** The simulated market, counting how often each read reaches it; `fail` makes the next reads throw. */
function countingSource(clock: { t: number }) {
  const inner = createSimulatedMarket({ seed: 7, now: () => clock.t });
  const calls = { markets: 0, tickers: 0 };
  const state = { fail: null as Error | null };
  const source: MarketData = {
    exchange: inner.exchange,
    markets: async (type) => {
      calls.markets++;
      return inner.markets(type);
    },
    tickers: async (type, symbols) => {
      calls.tickers++;
      if (state.fail) throw state.fail;
      return inner.tickers(type, symbols);
    },
    candles: (symbol, interval, limit) => inner.candles(symbol, interval, limit),
    fundingRate: (symbol) => inner.fundingRate(symbol),
  };
  return { source, calls, state };
}

describe('the ticker cache', () => {
  it('asks the source once for a thousand viewers within the cache time, and again after it', async () => {
    const clock = { t: Date.UTC(2026, 10, 23, 12, 0, 0) };
    const { source, calls } = countingSource(clock);
    const markets = createMarketsService({ db, source, tickerTtlMs: 3000, now: () => clock.t });
    const lists = await Promise.all(
      Array.from({ length: 1000 }, () => markets.list(memberId, { type: 'spot' })),
    );
    expect(calls.tickers).toBe(1);
    expect(new Set(lists.map((l) => l.items[0]?.last)).size).toBe(1);

    clock.t += 2999;
    await markets.list(memberId, { type: 'spot' });
    expect(calls.tickers).toBe(1);
    clock.t += 1;
    const later = await markets.list(memberId, { type: 'spot' });
    expect(calls.tickers).toBe(2);
    expect(later.at).toBe(new Date(clock.t).toISOString());
    // The list of markets changes rarely: it is kept much longer than the prices.
    expect(calls.markets).toBe(1);
  });

  it('does not keep a failed read, and says the exchange is unavailable instead of failing with a 500', async () => {
    const clock = { t: Date.UTC(2026, 10, 23, 12, 0, 0) };
    const { source, calls, state } = countingSource(clock);
    const markets = createMarketsService({ db, source, now: () => clock.t });
    state.fail = new Error('ECONNRESET');
    const refused = await markets.list(memberId, { type: 'perpetual' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('EXCHANGE_UNAVAILABLE');

    state.fail = new AppError('EXCHANGE_RATE_LIMITED');
    const limited = await markets.list(memberId, { type: 'perpetual' }).catch((e: unknown) => e);
    expect((limited as AppError).code).toBe('EXCHANGE_RATE_LIMITED');

    state.fail = null;
    const ok = await markets.list(memberId, { type: 'perpetual' });
    expect(ok.items.length).toBeGreaterThan(0);
    expect(calls.tickers).toBe(3);
  });

  it('serves the live stream from the same cache as the lists', async () => {
    const clock = { t: Date.UTC(2026, 10, 23, 12, 0, 0) };
    const { source, calls } = countingSource(clock);
    const markets = createMarketsService({ db, source, now: () => clock.t });
    await markets.list(memberId, { type: 'spot' });
    await markets.list(memberId, { type: 'perpetual' });
    const live = await markets.liveTickers();
    expect(calls.tickers).toBe(2);
    const btc = live.items.find((i) => i.symbol === 'BTC/USDT');
    const list = await markets.list(memberId, { type: 'spot' });
    expect(btc?.last).toBe(list.items.find((i) => i.symbol === 'BTC/USDT')?.last);
    expect(live.items.some((i) => i.type === 'perpetual' && i.symbol === 'BTC/USDT:USDT')).toBe(true);
  });
});

describe('the live stream of a big exchange', () => {
  it('carries only the busiest symbols of each type', async () => {
    const count = LIVE_SYMBOLS_PER_TYPE + 50;
    const bases = Array.from({ length: count }, (_, i) => `C${i}`);
    const at = new Date();
    const source: MarketData = {
      exchange: 'binance',
      markets: async (type) =>
        bases.map((base) => ({
          symbol: type === 'spot' ? `${base}/USDT` : `${base}/USDT:USDT`,
          base,
          quote: 'USDT',
          type,
          tickSize: '0.01',
          amountStep: '0.01',
          minAmount: '0.01',
          minNotional: '5',
          contractSize: '1',
          maxLeverage: type === 'spot' ? null : 20,
        })),
      tickers: async (type) =>
        bases.map((base, i) => ({
          symbol: type === 'spot' ? `${base}/USDT` : `${base}/USDT:USDT`,
          last: '1.00',
          change24hPercent: '0.00',
          high24h: '1.00',
          low24h: '1.00',
          quoteVolume24h: String(i),
          at,
        })),
      candles: async () => [],
      fundingRate: async (symbol) => ({ symbol, rate: '0.0001', nextFundingAt: null }),
    };
    const markets = createMarketsService({ db, source });
    const live = await markets.liveTickers();
    const spot = live.items.filter((i) => i.type === 'spot');
    expect(spot).toHaveLength(LIVE_SYMBOLS_PER_TYPE);
    expect(spot[0]?.symbol).toBe(`C${count - 1}/USDT`);
    expect(spot.some((i) => i.symbol === 'C0/USDT')).toBe(false);
    expect(live.items.filter((i) => i.type === 'perpetual')).toHaveLength(LIVE_SYMBOLS_PER_TYPE);
    // The list itself still has every symbol.
    expect((await markets.list(memberId, { type: 'spot' })).items).toHaveLength(count);
  });
});
