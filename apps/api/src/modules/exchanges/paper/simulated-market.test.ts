import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { type Candle, CandleIntervals } from '../connector';
import { createSimulatedMarket } from './simulated-market';

const T0 = Date.UTC(2026, 10, 23, 10, 7, 25); // inside a minute, not on a boundary
const at = (t: number, seed = 7) => createSimulatedMarket({ seed, now: () => t });

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const n = Number;

describe('simulated market', () => {
  it('lists the six coins on spot and as USDT perpetuals, with exchange-like rules', async () => {
    const market = at(T0);
    const spot = await market.markets('spot');
    const perp = await market.markets('perpetual');
    expect(spot.map((m) => m.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'BNB/USDT',
      'SOL/USDT',
      'XRP/USDT',
      'DOGE/USDT',
    ]);
    expect(perp.map((m) => m.symbol)).toEqual(spot.map((m) => `${m.symbol}:USDT`));
    expect(spot.every((m) => m.maxLeverage === null && m.minNotional === '5')).toBe(true);
    expect(perp.every((m) => (m.maxLeverage ?? 0) >= 50 && m.contractSize === '1')).toBe(true);
    expect(perp.find((m) => m.symbol === 'BTC/USDT:USDT')).toMatchObject({
      tickSize: '0.1',
      amountStep: '0.001',
    });
  });

  it('gives the same prices for the same seed and time, from separate instances', async () => {
    const a = await at(T0).tickers('spot');
    const b = await at(T0).tickers('spot');
    expect(a).toEqual(b);
    expect(await at(T0).candles('ETH/USDT:USDT', '15m', 50)).toEqual(
      await at(T0).candles('ETH/USDT:USDT', '15m', 50),
    );
  });

  it('differs across seeds, and stays near realistic prices', async () => {
    const a = await at(T0, 1).tickers('spot');
    const b = await at(T0, 2).tickers('spot');
    expect(a.map((t) => t.last)).not.toEqual(b.map((t) => t.last));
    const btc = n(a.find((t) => t.symbol === 'BTC/USDT')!.last);
    expect(btc).toBeGreaterThan(60_000);
    expect(btc).toBeLessThan(130_000);
    const doge = a.find((t) => t.symbol === 'DOGE/USDT')!.last;
    expect(doge).toMatch(/^0\.\d{5}$/);
  });

  it('moves with time, and a ticker lies inside its 24 h range', async () => {
    const before = await at(T0).tickers('perpetual', ['SOL/USDT:USDT']);
    const after = await at(T0 + 3600_000).tickers('perpetual', ['SOL/USDT:USDT']);
    expect(before[0]!.last).not.toBe(after[0]!.last);
    for (const t of await at(T0).tickers('perpetual')) {
      expect(n(t.low24h)).toBeLessThanOrEqual(n(t.last));
      expect(n(t.high24h)).toBeGreaterThanOrEqual(n(t.last));
      expect(n(t.quoteVolume24h)).toBeGreaterThan(0);
      expect(t.change24hPercent).toMatch(/^-?\d+\.\d{2}$/);
      expect(t.at.getTime()).toBe(T0);
    }
  });

  it('makes candles of every interval with high >= open, close >= low, aligned and ending now', async () => {
    const market = at(T0);
    const sizes = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240, '1d': 1440 } as const;
    for (const interval of CandleIntervals) {
      const candles = await market.candles('BTC/USDT', interval, 30);
      expect(candles).toHaveLength(30);
      const ms = sizes[interval] * 60_000;
      for (const c of candles) {
        expect(c.openTime % ms).toBe(0);
        expect(n(c.high)).toBeGreaterThanOrEqual(Math.max(n(c.open), n(c.close)));
        expect(n(c.low)).toBeLessThanOrEqual(Math.min(n(c.open), n(c.close)));
        expect(n(c.low)).toBeGreaterThan(0);
      }
      for (let i = 1; i < candles.length; i++) {
        expect(candles[i]!.openTime - candles[i - 1]!.openTime).toBe(ms);
        // No gaps: each candle opens where the one before closed.
        expect(candles[i]!.open).toBe(candles[i - 1]!.close);
      }
      const last = candles.at(-1)!;
      expect(last.openTime).toBeLessThanOrEqual(T0);
      expect(last.openTime + ms).toBeGreaterThan(T0);
    }
  });

  it('a 5m candle aggregates its five 1m candles, and the running candle closes at the ticker', async () => {
    const market = at(T0);
    const ones = await market.candles('XRP/USDT', '1m', 60);
    const fives = await market.candles('XRP/USDT', '5m', 12);
    const [ticker] = await market.tickers('spot', ['XRP/USDT']);
    const decimals = (c: Candle) => c.volume.split('.')[1]?.length ?? 0;
    for (const five of fives) {
      const parts = ones.filter((c) => c.openTime >= five.openTime && c.openTime < five.openTime + 300_000);
      if (parts.length === 0) continue;
      expect(parts[0]!.openTime).toBe(five.openTime);
      expect(five.open).toBe(parts[0]!.open);
      expect(five.close).toBe(parts.at(-1)!.close);
      expect(n(five.high)).toBe(Math.max(...parts.map((c) => n(c.high))));
      expect(n(five.low)).toBe(Math.min(...parts.map((c) => n(c.low))));
      const scale = 10 ** decimals(five);
      const sum = parts.reduce((s, c) => s + Math.round(n(c.volume) * scale), 0);
      expect(Math.round(n(five.volume) * scale)).toBe(sum);
    }
    expect(ones.at(-1)!.close).toBe(ticker!.last);
    expect(fives.at(-1)!.close).toBe(ticker!.last);
  });

  it('a finished minute keeps its candle when asked later (no drift)', async () => {
    const minute = Math.floor(T0 / 60_000) * 60_000;
    const thenCandles = await at(minute + 60_000).candles('BNB/USDT', '1m', 3);
    const laterCandles = await at(minute + 10 * 60_000 + 1234).candles('BNB/USDT', '1m', 12);
    const finished = thenCandles.slice(0, 2);
    for (const c of finished) expect(laterCandles.find((l) => l.openTime === c.openTime)).toEqual(c);
  });

  it('gives perpetuals a deterministic funding rate every 8 h, and refuses spot symbols', async () => {
    const rate = await at(T0).fundingRate('BTC/USDT:USDT');
    expect(rate.nextFundingAt?.toISOString()).toBe('2026-11-23T16:00:00.000Z');
    expect(Math.abs(n(rate.rate))).toBeLessThanOrEqual(0.0003);
    expect(await at(T0 + 3600_000).fundingRate('BTC/USDT:USDT')).toEqual({
      ...rate,
      rate: rate.rate,
    });
    const rates = new Set<string>();
    for (let k = 0; k < 12; k++) {
      rates.add((await at(T0 + k * 8 * 3600_000).fundingRate('BTC/USDT:USDT')).rate);
    }
    expect(rates.size).toBeGreaterThan(1);
    expect(await code(at(T0).fundingRate('BTC/USDT'))).toBe('EXCHANGE_MARKET_TYPE_UNSUPPORTED');
  });

  it('refuses an unknown symbol', async () => {
    const market = at(T0);
    expect(await code(market.candles('PEPE/USDT', '1m', 10))).toBe('EXCHANGE_SYMBOL_UNKNOWN');
    expect(await code(market.fundingRate('PEPE/USDT:USDT'))).toBe('EXCHANGE_SYMBOL_UNKNOWN');
    expect(await code(market.tickers('spot', ['BTC/USDT', 'NOPE/USDT']))).toBe('EXCHANGE_SYMBOL_UNKNOWN');
  });
});
