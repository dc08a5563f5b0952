import type {
  TCandleInterval,
  TCandles,
  TFundingRate,
  TLiveTicker,
  TMarketList,
  TMarketRow,
  TMarketType,
} from '@app/contracts';
import { type AnyDb, own } from '../../db/tables';
import { AppError } from '../../platform/errors';
import type { Market, MarketData, Ticker } from '../exchanges/connector';

export interface MarketsServiceOptions {
  db: AnyDb;
  source: MarketData;
  /**
   * How long tickers read from the source are served to everyone before it is asked again. No longer than
   * the live stream's 2 s period, or the stream would push the same prices twice.
   */
  tickerTtlMs?: number;
  /** How long the list of markets (which changes rarely) is kept. */
  marketsTtlMs?: number;
  now?: () => number;
}

export interface MarketsListQuery {
  type: TMarketType;
  q?: string;
  favourites?: boolean;
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
}

/**
 * One read-through cache entry per key, shared by every caller: while a read is in flight, everyone waits
 * for the same promise, so a thousand viewers cost the source one request per TTL. A failed read is not
 * kept: the next caller tries again.
 */
function cachedReader<K, T>(ttlMs: () => number, now: () => number, read: (key: K) => Promise<T>) {
  const entries = new Map<K, Cached<T>>();
  return (key: K): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs()) return hit.value;
    const value = read(key);
    const entry = { at: now(), value };
    entries.set(key, entry);
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}

/** An exchange's failure keeps its code; anything else from the source is "the exchange is unavailable". */
async function fromSource<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('EXCHANGE_UNAVAILABLE', 'The market data source did not answer');
  }
}

/**
 * The live stream carries the busiest symbols of each type only: a real exchange lists thousands, and every
 * viewer would receive them all every 2 s. Quieter symbols keep the price of their last list load.
 */
export const LIVE_SYMBOLS_PER_TYPE = 200;

const byVolume = (a: TMarketRow, b: TMarketRow) => Number(b.quoteVolume24h) - Number(a.quoteVolume24h);

/** Markets (GetcMarket, SearchCoin), candles, funding rates and favourites, from one market data source. */
export function createMarketsService({
  db: anyDb,
  source,
  tickerTtlMs = 2_000,
  marketsTtlMs = 300_000,
  now = Date.now,
}: MarketsServiceOptions) {
  const db = own<'market_favourites'>(anyDb);
  const markets = cachedReader(
    () => marketsTtlMs,
    now,
    (type: TMarketType) => fromSource(() => source.markets(type)),
  );
  const tickers = cachedReader(
    () => tickerTtlMs,
    now,
    async (type: TMarketType) => ({
      at: new Date(now()),
      items: await fromSource(() => source.tickers(type)),
    }),
  );

  /** The market of a symbol on either type, or EXCHANGE_SYMBOL_UNKNOWN. */
  async function marketOf(symbol: string): Promise<Market> {
    const [spot, perpetual] = await Promise.all([markets('spot'), markets('perpetual')]);
    const found = spot.find((m) => m.symbol === symbol) ?? perpetual.find((m) => m.symbol === symbol);
    if (!found) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `No market ${symbol}`, { symbol });
    return found;
  }

  async function favouritesOf(memberId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('market_favourites')
      .select('symbol')
      .where('member_id', '=', memberId)
      .orderBy('created_at')
      .orderBy('symbol')
      .execute();
    return rows.map((r) => r.symbol);
  }

  function rowOf(market: Market, ticker: Ticker, favourite: boolean): TMarketRow {
    return {
      symbol: market.symbol,
      base: market.base,
      quote: market.quote,
      type: market.type,
      last: ticker.last,
      change24hPercent: ticker.change24hPercent,
      quoteVolume24h: ticker.quoteVolume24h,
      favourite,
    };
  }

  return {
    /** One market type's rows with prices, busiest first; `q` matches symbol or base, case-insensitively. */
    list: async (memberId: string, query: MarketsListQuery): Promise<TMarketList> => {
      const [all, priced, favourites] = await Promise.all([
        markets(query.type),
        tickers(query.type),
        favouritesOf(memberId),
      ]);
      const starred = new Set(favourites);
      const tickerOf = new Map(priced.items.map((t) => [t.symbol, t]));
      const needle = query.q?.trim().toUpperCase() ?? '';
      const items = all
        .filter(
          (m) => !needle || m.symbol.toUpperCase().includes(needle) || m.base.toUpperCase().includes(needle),
        )
        .filter((m) => !query.favourites || starred.has(m.symbol))
        .flatMap((m) => {
          const ticker = tickerOf.get(m.symbol);
          return ticker ? [rowOf(m, ticker, starred.has(m.symbol))] : [];
        })
        .sort(byVolume);
      return { type: query.type, items, at: priced.at.toISOString() };
    },

    /** The busiest symbols' prices of both market types, for the live stream (from the same cache). */
    liveTickers: async (): Promise<{ at: Date; items: TLiveTicker[] }> => {
      const [spot, perpetual] = await Promise.all([tickers('spot'), tickers('perpetual')]);
      const busiest = (list: Ticker[]) =>
        [...list]
          .sort((a, b) => Number(b.quoteVolume24h) - Number(a.quoteVolume24h))
          .slice(0, LIVE_SYMBOLS_PER_TYPE);
      const items = [
        ...busiest(spot.items).map((t) => ({ t, type: 'spot' as const })),
        ...busiest(perpetual.items).map((t) => ({ t, type: 'perpetual' as const })),
      ].map(({ t, type }) => ({
        symbol: t.symbol,
        type,
        last: t.last,
        change24hPercent: t.change24hPercent,
        quoteVolume24h: t.quoteVolume24h,
      }));
      const at = spot.at > perpetual.at ? spot.at : perpetual.at;
      return { at, items };
    },

    candles: async (symbol: string, interval: TCandleInterval, limit: number): Promise<TCandles> => {
      await marketOf(symbol);
      const items = await fromSource(() => source.candles(symbol, interval, limit));
      return { symbol, interval, items };
    },

    fundingRate: async (symbol: string): Promise<TFundingRate> => {
      const market = await marketOf(symbol);
      if (market.type !== 'perpetual') {
        throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', 'Funding rates exist on perpetuals only', {
          symbol,
        });
      }
      const rate = await fromSource(() => source.fundingRate(symbol));
      return { symbol, rate: rate.rate, nextFundingAt: rate.nextFundingAt?.toISOString() ?? null };
    },

    favourites: async (memberId: string) => ({ symbols: await favouritesOf(memberId) }),

    /** Stars a market; starring it again changes nothing. */
    addFavourite: async (memberId: string, symbol: string) => {
      await marketOf(symbol);
      await db
        .insertInto('market_favourites')
        .values({ member_id: memberId, symbol })
        .onConflict((oc) => oc.columns(['member_id', 'symbol']).doNothing())
        .execute();
      return { symbols: await favouritesOf(memberId) };
    },

    /** Un-stars a market; a market that was not starred (or no longer exists) is simply not there. */
    removeFavourite: async (memberId: string, symbol: string) => {
      await db
        .deleteFrom('market_favourites')
        .where('member_id', '=', memberId)
        .where('symbol', '=', symbol)
        .execute();
      return { symbols: await favouritesOf(memberId) };
    },
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
