import type { MarketData } from '../../apps/api/src/modules/exchanges/connector';
import { createSimulatedMarket } from '../../apps/api/src/modules/exchanges/paper/simulated-market';
import { pricePathMarket } from '../../apps/api/test/bot-fixtures';

/** A small seeded generator (mulberry32): the same run gives the same price path. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
}

const decimalsOf = (step: string) => (step.includes('.') ? step.length - step.indexOf('.') - 1 : 0);

/**
 * The bench's price feed: the test fixture's price-path market (the simulated market's listings, prices
 * set from outside) whose tickers carry the time of the tick that set their price, so a bot's order can be
 * timed from the tick it reacted to. `tick()` moves every symbol one step of a random walk (each step a
 * move of up to `movePercent`, either way, in whole ticks of the symbol) and stamps the time.
 */
export async function createBenchFeed(symbols: string[], options: { movePercent: number; seed?: number }) {
  const listings = createSimulatedMarket({ seed: 7 });
  const rules = new Map((await listings.markets('spot')).map((m) => [m.symbol, m]));
  const start = await listings.tickers('spot', symbols);
  const path = pricePathMarket(Object.fromEntries(start.map((t) => [t.symbol, t.last])));
  const ticks = new Map(
    start.map((t) => [t.symbol, Math.round(Number(t.last) / Number(rules.get(t.symbol)!.tickSize))]),
  );
  const next = random(options.seed ?? 42);
  let tickAt = new Date();

  const market: MarketData = {
    ...path.market,
    async tickers(type, wanted) {
      return (await path.market.tickers(type, wanted)).map((t) => ({ ...t, at: tickAt }));
    },
  };

  return {
    market,
    /** One step of every symbol's walk; returns the tick's time. */
    tick(): Date {
      for (const [symbol, current] of ticks) {
        const rule = rules.get(symbol)!;
        const move = (next() * 2 - 1) * (options.movePercent / 100);
        const moved = Math.max(1, Math.round(current * (1 + move)));
        ticks.set(symbol, moved);
        path.set(symbol, (moved * Number(rule.tickSize)).toFixed(decimalsOf(rule.tickSize)));
      }
      tickAt = new Date();
      return tickAt;
    },
  };
}

export type BenchFeed = Awaited<ReturnType<typeof createBenchFeed>>;
