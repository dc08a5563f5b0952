import { AppError } from '../../../platform/errors';
import {
  type Candle,
  type CandleInterval,
  CandleIntervals,
  type FundingRate,
  type Market,
  type MarketData,
  type MarketType,
  type Ticker,
} from '../connector';

/**
 * A seeded, repeatable market for the paper exchange, the demo and the tests. Pure: no I/O, no state.
 *
 * Every price is a function of (seed, symbol, time) alone, so any minute's candle can be computed on its own
 * and a restart never makes the chart jump. The log price at each minute boundary is a sum of value-noise
 * octaves (periods from 1 minute to 30 days, amplitude growing with the square root of the period, as a
 * random walk's spread does), each octave's knots drawn by hashing (seed, symbol, octave, knot). Inside a
 * minute the path runs open -> first extreme -> second extreme -> close, piecewise linear, so a ticker at any
 * instant lies on the candle it belongs to, and a candle's high and low are exactly its path's extremes.
 * Candles of longer intervals aggregate the 1-minute ones, so they agree by construction.
 *
 * Prices are held as integer ticks and only formatted at the end: no float ever reaches a price string.
 */

export interface SimulatedMarketOptions {
  seed?: number;
  /** Epoch milliseconds; the clock the market reads. Tests drive time with it. */
  now?: () => number;
}

interface Spec {
  base: string;
  price: number;
  /** Standard deviation of the log price per minute: BTC about 2.6 % a day. */
  vol: number;
  /** Typical 24 h traded value in USDT. */
  quoteVolume: number;
  spot: { tick: string; step: string };
  perp: { tick: string; step: string; maxLeverage: number };
}

const SPECS: Spec[] = [
  {
    base: 'BTC',
    price: 90_000,
    vol: 0.0007,
    quoteVolume: 1.8e9,
    spot: { tick: '0.01', step: '0.00001' },
    perp: { tick: '0.1', step: '0.001', maxLeverage: 100 },
  },
  {
    base: 'ETH',
    price: 3_000,
    vol: 0.0009,
    quoteVolume: 9e8,
    spot: { tick: '0.01', step: '0.0001' },
    perp: { tick: '0.01', step: '0.001', maxLeverage: 100 },
  },
  {
    base: 'BNB',
    price: 880,
    vol: 0.0008,
    quoteVolume: 1.5e8,
    spot: { tick: '0.01', step: '0.001' },
    perp: { tick: '0.01', step: '0.01', maxLeverage: 50 },
  },
  {
    base: 'SOL',
    price: 135,
    vol: 0.0012,
    quoteVolume: 4e8,
    spot: { tick: '0.01', step: '0.001' },
    perp: { tick: '0.01', step: '0.01', maxLeverage: 50 },
  },
  {
    base: 'XRP',
    price: 2.1,
    vol: 0.0011,
    quoteVolume: 3e8,
    spot: { tick: '0.0001', step: '0.1' },
    perp: { tick: '0.0001', step: '0.1', maxLeverage: 50 },
  },
  {
    base: 'DOGE',
    price: 0.15,
    vol: 0.0014,
    quoteVolume: 2e8,
    spot: { tick: '0.00001', step: '1' },
    perp: { tick: '0.00001', step: '1', maxLeverage: 50 },
  },
];

export const MINUTE_MS = 60_000;
export const FUNDING_PERIOD_MS = 8 * 3600_000;
const INTERVAL_MINUTES: Record<CandleInterval, number> = {
  '1m': 1,
  '5m': 5,
  '15m': 15,
  '1h': 60,
  '4h': 240,
  '1d': 1440,
};
export const MAX_CANDLES = 1000;
/** Octave periods in minutes. The longest sets how far the price can wander from its base (~±15 %). */
const OCTAVES = [1, 3, 10, 30, 90, 240, 720, 2880, 10080, 43200];

interface Instrument {
  market: Market;
  spec: Spec;
  symbolKey: number;
  /** Decimals of the tick, and the tick itself as a number (for rounding floats into integer ticks). */
  decimals: number;
  tick: number;
  volDecimals: number;
  volStep: number;
}

function decimalsOf(step: string): number {
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

/** FNV-1a over a string, 32 bits. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mix of four integers (murmur3's finaliser after each), uniform in [0, 1). */
function unit(seed: number, key: number, salt: number, index: number): number {
  let h = seed >>> 0;
  for (const v of [key, salt, index, Math.floor(index / 0x1_0000_0000)]) {
    h ^= v >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return (h >>> 0) / 0x1_0000_0000;
}

function formatTicks(ticks: number, decimals: number): string {
  const negative = ticks < 0;
  const digits = Math.abs(ticks)
    .toFixed(0)
    .padStart(decimals + 1, '0');
  const body = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${body}` : body;
}

/** A candle in integer ticks (prices) and integer amount steps (volume). */
interface RawCandle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Traded value in the quote currency, as a float: display only. */
  quoteValue: number;
}

export function createSimulatedMarket(options: SimulatedMarketOptions = {}): MarketData {
  const seed = (options.seed ?? 1) >>> 0;
  const now = options.now ?? Date.now;

  const instruments = new Map<string, Instrument>();
  for (const spec of SPECS) {
    for (const type of ['spot', 'perpetual'] as const) {
      const symbol = type === 'spot' ? `${spec.base}/USDT` : `${spec.base}/USDT:USDT`;
      const p = type === 'spot' ? spec.spot : spec.perp;
      const market: Market = {
        symbol,
        base: spec.base,
        quote: 'USDT',
        type,
        tickSize: p.tick,
        amountStep: p.step,
        minAmount: p.step,
        minNotional: '5',
        contractSize: '1',
        maxLeverage: type === 'perpetual' ? spec.perp.maxLeverage : null,
      };
      instruments.set(symbol, {
        market,
        spec,
        symbolKey: hashString(symbol),
        decimals: decimalsOf(p.tick),
        tick: Number(p.tick),
        volDecimals: decimalsOf(p.step),
        volStep: Number(p.step),
      });
    }
  }
  const baseKeys = new Map(SPECS.map((s) => [s.base, hashString(s.base)]));

  function instrument(symbol: string): Instrument {
    const found = instruments.get(symbol);
    if (!found) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `Unknown symbol ${symbol}`, { symbol });
    return found;
  }

  /** Smooth value noise in [-1, 1) at minute m for one octave. */
  function octave(key: number, salt: number, m: number, period: number): number {
    const i = Math.floor(m / period);
    const f = (m - i * period) / period;
    const s = f * f * (3 - 2 * f);
    const a = unit(seed, key, salt, i) * 2 - 1;
    const b = unit(seed, key, salt, i + 1) * 2 - 1;
    return a + (b - a) * s;
  }

  /** The price (as a float) at the boundary that starts minute m. Spot and perpetual share a base path. */
  function boundaryPrice(inst: Instrument, m: number): number {
    const key = baseKeys.get(inst.spec.base)!;
    let log = 0;
    for (let k = 0; k < OCTAVES.length; k++) {
      const period = OCTAVES[k]!;
      log += inst.spec.vol * Math.sqrt(period) * 0.9 * octave(key, k + 1, m, period);
    }
    let price = inst.spec.price * Math.exp(log);
    if (inst.market.type === 'perpetual') {
      // The perpetual trades a few basis points off spot, drifting slowly.
      price *= 1 + 0.0004 * octave(inst.symbolKey, 101, m, 120);
    }
    return price;
  }

  const toTicks = (inst: Instrument, price: number) => Math.max(1, Math.round(price / inst.tick));

  /** Minute m's path in ticks: open, first extreme, second extreme, close (at 0, 1/3, 2/3, 1). */
  function minutePath(inst: Instrument, m: number): [number, number, number, number] {
    const open = toTicks(inst, boundaryPrice(inst, m));
    const close = toTicks(inst, boundaryPrice(inst, m + 1));
    const wickUp = inst.spec.vol * 0.8 * unit(seed, inst.symbolKey, 201, m);
    const wickDown = inst.spec.vol * 0.8 * unit(seed, inst.symbolKey, 202, m);
    const high = Math.max(open, close, toTicks(inst, Math.max(open, close) * inst.tick * (1 + wickUp)));
    const low = Math.min(open, close, toTicks(inst, Math.min(open, close) * inst.tick * (1 - wickDown)));
    return unit(seed, inst.symbolKey, 203, m) < 0.5 ? [open, high, low, close] : [open, low, high, close];
  }

  /** Steps of volume traded in minute m. */
  function minuteVolume(inst: Instrument, m: number, price: number): number {
    const perMinute = inst.spec.quoteVolume / 1440 / price;
    const factor = 0.3 + 1.4 * unit(seed, inst.symbolKey, 301, m);
    return Math.round((perMinute * factor) / inst.volStep);
  }

  /** The price in ticks at time t (on the path of t's minute). */
  function priceAt(inst: Instrument, t: number): number {
    const m = Math.floor(t / MINUTE_MS);
    const path = minutePath(inst, m);
    const x = ((t - m * MINUTE_MS) / MINUTE_MS) * 3;
    const seg = Math.min(2, Math.floor(x));
    const from = path[seg]!;
    const to = path[seg + 1]!;
    return Math.round(from + (to - from) * (x - seg));
  }

  /** Minute m's candle, cut at `until` when the minute is still running. */
  function minuteCandle(inst: Instrument, m: number, until: number): RawCandle {
    const start = m * MINUTE_MS;
    const path = minutePath(inst, m);
    const elapsed = until - start;
    let points: number[];
    let fraction = 1;
    if (elapsed >= MINUTE_MS) points = path;
    else {
      fraction = Math.max(0, elapsed) / MINUTE_MS;
      const passed = path.filter((_, i) => (i * MINUTE_MS) / 3 <= elapsed);
      points = [...passed, priceAt(inst, until)];
    }
    const close = points[points.length - 1]!;
    const volume = Math.round(minuteVolume(inst, m, close * inst.tick) * fraction);
    return {
      openTime: start,
      open: path[0],
      high: Math.max(...points),
      low: Math.min(...points),
      close,
      volume,
      quoteValue: volume * inst.volStep * close * inst.tick,
    };
  }

  /**
   * Finished hours, memoised: a pure function's cache, so a long chart or the 24 h ticker window does not
   * recompute every minute each time. Bounded; cleared whole when full.
   */
  const hourCache = new Map<string, RawCandle>();
  const HOUR_CACHE_MAX = 50_000;

  function hour(inst: Instrument, from: number, until: number): RawCandle {
    const finished = (from + 60) * MINUTE_MS <= until;
    const key = `${inst.market.symbol}|${from}`;
    if (finished) {
      const hit = hourCache.get(key);
      if (hit) return hit;
    }
    const candle = minutes(inst, from, from + 60, until);
    if (finished) {
      if (hourCache.size >= HOUR_CACHE_MAX) hourCache.clear();
      hourCache.set(key, candle);
    }
    return candle;
  }

  function merge(into: RawCandle | null, c: RawCandle): RawCandle {
    if (!into) return { ...c };
    into.high = Math.max(into.high, c.high);
    into.low = Math.min(into.low, c.low);
    into.close = c.close;
    into.volume += c.volume;
    into.quoteValue += c.quoteValue;
    return into;
  }

  function minutes(inst: Instrument, from: number, to: number, until: number): RawCandle {
    let candle: RawCandle | null = null;
    for (let m = from; m < to; m++) candle = merge(candle, minuteCandle(inst, m, until));
    if (!candle) throw new Error('empty candle range');
    candle.openTime = from * MINUTE_MS;
    return candle;
  }

  /** The candle covering minutes [from, to), the last minute cut at `until`: whole hours come cached. */
  function aggregate(inst: Instrument, from: number, to: number, until: number): RawCandle {
    let candle: RawCandle | null = null;
    let m = from;
    while (m < to) {
      if (m % 60 === 0 && m + 60 <= to) {
        candle = merge(candle, hour(inst, m, until));
        m += 60;
      } else {
        const end = Math.min(to, Math.ceil((m + 1) / 60) * 60);
        candle = merge(candle, minutes(inst, m, end, until));
        m = end;
      }
    }
    if (!candle) throw new Error('empty candle range');
    candle.openTime = from * MINUTE_MS;
    return candle;
  }

  function format(inst: Instrument, c: RawCandle): Candle {
    return {
      openTime: c.openTime,
      open: formatTicks(c.open, inst.decimals),
      high: formatTicks(c.high, inst.decimals),
      low: formatTicks(c.low, inst.decimals),
      close: formatTicks(c.close, inst.decimals),
      volume: formatTicks(c.volume, inst.volDecimals),
    };
  }

  function ticker(inst: Instrument, t: number): Ticker {
    const current = Math.floor(t / MINUTE_MS);
    // The rolling 24 h window: the 1439 whole minutes before this one, and this one up to now.
    const day = aggregate(inst, current - 1439, current + 1, t);
    const last = day.close;
    const change = ((last - day.open) / day.open) * 100;
    return {
      symbol: inst.market.symbol,
      last: formatTicks(last, inst.decimals),
      change24hPercent: change.toFixed(2),
      high24h: formatTicks(day.high, inst.decimals),
      low24h: formatTicks(day.low, inst.decimals),
      quoteVolume24h: day.quoteValue.toFixed(2),
      at: new Date(t),
    };
  }

  return {
    exchange: 'paper',

    async markets(type: MarketType): Promise<Market[]> {
      return [...instruments.values()].filter((i) => i.market.type === type).map((i) => ({ ...i.market }));
    },

    async tickers(type: MarketType, symbols?: string[]): Promise<Ticker[]> {
      const t = now();
      const chosen = symbols
        ? symbols.map(instrument).filter((i) => i.market.type === type)
        : [...instruments.values()].filter((i) => i.market.type === type);
      return chosen.map((i) => ticker(i, t));
    },

    async candles(symbol: string, interval: CandleInterval, limit: number): Promise<Candle[]> {
      const inst = instrument(symbol);
      if (!CandleIntervals.includes(interval)) {
        throw new AppError('VALIDATION_FAILED', `Unknown interval ${String(interval)}`);
      }
      const count = Math.min(MAX_CANDLES, Math.max(1, Math.floor(limit)));
      const t = now();
      const size = INTERVAL_MINUTES[interval];
      // Candles are aligned to the epoch (UTC), as exchanges align them.
      const currentStart = Math.floor(t / MINUTE_MS / size) * size;
      const out: Candle[] = [];
      for (let k = count - 1; k >= 0; k--) {
        const from = currentStart - k * size;
        out.push(format(inst, aggregate(inst, from, from + size, t)));
      }
      return out;
    },

    async fundingRate(symbol: string): Promise<FundingRate> {
      const inst = instrument(symbol);
      if (inst.market.type !== 'perpetual') {
        throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', `${symbol} has no funding rate`, { symbol });
      }
      const t = now();
      const period = Math.floor(t / FUNDING_PERIOD_MS);
      return {
        symbol,
        rate: fundingRateOf(seed, inst.symbolKey, period),
        nextFundingAt: new Date((period + 1) * FUNDING_PERIOD_MS),
      };
    },
  };
}

/**
 * The rate charged at the end of funding period n, as a fraction in whole millionths: between -0.01 % and
 * 0.03 %, clustered around the usual 0.01 %.
 */
function fundingRateOf(seed: number, symbolKey: number, period: number): string {
  const millionths = Math.round(100 + 200 * (2 * unit(seed, symbolKey, 401, period) - 1) ** 3);
  return formatTicks(millionths, 6);
}
