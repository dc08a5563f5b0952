import type {
  ErrorCode,
  TBotSymbol,
  TBotSymbolMarket,
  TBotSymbolMarketsQuery,
  TBotSymbolsQuery,
  TPage,
} from '@app/contracts';
import type { AnyDb } from '../../db/tables';
import { AppError } from '../../platform/errors';
import { activeRentalsOf, rentalModes } from '../bot-rentals/active-rentals';
import { type BotRow, toBot } from '../bots/bot-settings';
import type { BotVenues } from '../bots/engine/bot-engine';
import { liveBotsOn, liveBotsPage } from '../bots/live-bots';
import type { Connector, FundingRate, Position, Ticker } from '../exchanges/connector';

/** A failure of the exchange becomes the row's problem; anything else is a bug and stays an error. */
function problemOf(error: unknown): ErrorCode {
  if (error instanceof AppError) return error.code;
  throw error;
}

/** The bots that trade through one connection: same exchange, same rental (a managed one has its own). */
function byVenue(rows: BotRow[]): BotRow[][] {
  const groups = new Map<string, BotRow[]>();
  for (const row of rows) {
    const key = `${row.exchange}:${row.rental_id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

interface VenueFigures {
  tickers: Map<string, Ticker>;
  positions: Map<string, Position>;
  funding: Map<string, FundingRate>;
  problem: ErrorCode | null;
}

/**
 * Sinfo botsymbol, botlastsymbol, botoffpos (symbol2, symbol3) and the symbol picker (symbolv2): the member's
 * bots per symbol with what their account shows now, and the markets a new bot could trade. Every figure is
 * read through the bot's own venue (the member's key, the paper exchange, or the platform account of a
 * managed rental), and an exchange that cannot be read leaves its rows without figures, not the page empty.
 */
/** Owns no tables: the bots and rentals it shows are read through their modules. */
export function createBotSymbolsService({ db, venues }: { db: AnyDb; venues: BotVenues }) {
  async function figuresOf(memberId: string, bots: BotRow[]): Promise<VenueFigures> {
    const figures: VenueFigures = {
      tickers: new Map(),
      positions: new Map(),
      funding: new Map(),
      problem: null,
    };
    const { exchange, rental_id: rentalId, market_type: marketType } = bots[0]!;
    const symbols = bots.map((b) => b.symbol);
    try {
      if (exchange !== 'paper' && !(await venues.isKeyUsable(memberId, exchange, rentalId))) {
        return { ...figures, problem: 'KEY_NOT_BOUND' };
      }
      const connector: Connector = await venues.connectorFor(memberId, exchange, rentalId);
      for (const t of await connector.tickers(marketType, symbols)) figures.tickers.set(t.symbol, t);
      if (marketType === 'perpetual') {
        for (const p of await connector.positions(symbols)) figures.positions.set(p.symbol, p);
        const rates = await Promise.all(symbols.map((s) => connector.fundingRate(s)));
        for (const r of rates) figures.funding.set(r.symbol, r);
      }
    } catch (error) {
      figures.problem = problemOf(error);
    }
    return figures;
  }

  return {
    /** The member's live bots (running or paused) on one market type, by symbol, with their venue's figures. */
    async symbols(memberId: string, query: TBotSymbolsQuery): Promise<TPage<TBotSymbol>> {
      const rows = await liveBotsPage(db, memberId, query.marketType, query);
      const figures = new Map<BotRow, VenueFigures>();
      await Promise.all(
        byVenue(rows).map(async (group) => {
          const f = await figuresOf(memberId, group);
          for (const row of group) figures.set(row, f);
        }),
      );
      const modes = await rentalModes(db, [...new Set(rows.map((r) => r.rental_id))]);
      const items = rows.map((row): TBotSymbol => {
        const f = figures.get(row)!;
        const ticker = f.tickers.get(row.symbol);
        const funding = f.funding.get(row.symbol);
        return {
          bot: toBot(row),
          managed: modes.get(row.rental_id) === 'managed',
          lastPrice: ticker?.last ?? null,
          change24hPercent: ticker?.change24hPercent ?? null,
          position: f.positions.get(row.symbol) ?? null,
          fundingRate: funding
            ? {
                symbol: funding.symbol,
                rate: funding.rate,
                nextFundingAt: funding.nextFundingAt?.toISOString() ?? null,
              }
            : null,
          problem: f.problem,
        };
      });
      return { items, page: query.page, pageSize: query.pageSize };
    },

    /**
     * The markets of the rental's exchange and market type a new bot could trade, matching `q`, by symbol,
     * each with the member's live bot on it if any. Read through the venue the bot would trade.
     */
    async markets(memberId: string, query: TBotSymbolMarketsQuery): Promise<TPage<TBotSymbolMarket>> {
      const rental = (await activeRentalsOf(db, memberId)).find((r) => r.id === query.rentalId);
      if (!rental) throw new AppError('BOT_RENTAL_INACTIVE');
      if (!rental.exchanges.includes(query.exchange) || !rental.marketTypes.includes(query.marketType)) {
        throw new AppError('BOT_RENTAL_NOT_ALLOWED');
      }
      const connector = await venues.connectorFor(memberId, query.exchange, rental.id);
      const needle = (query.q ?? '').toUpperCase();
      const all = (await connector.markets(query.marketType))
        .filter((m) => m.symbol.includes(needle))
        .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
      const page = all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      if (page.length === 0) return { items: [], page: query.page, pageSize: query.pageSize };
      const symbols = page.map((m) => m.symbol);
      const [tickers, bots] = await Promise.all([
        connector.tickers(query.marketType, symbols).catch((error: unknown) => {
          problemOf(error);
          return [] as Ticker[];
        }),
        liveBotsOn(db, memberId, query.exchange, symbols),
      ]);
      const tickerOf = new Map(tickers.map((t) => [t.symbol, t]));
      const botOf = new Map(bots.map((b) => [b.symbol, { id: b.id, status: b.status }]));
      const items = page.map(
        (m): TBotSymbolMarket => ({
          symbol: m.symbol,
          base: m.base,
          quote: m.quote,
          lastPrice: tickerOf.get(m.symbol)?.last ?? null,
          change24hPercent: tickerOf.get(m.symbol)?.change24hPercent ?? null,
          maxLeverage: m.maxLeverage,
          bot: botOf.get(m.symbol) ?? null,
        }),
      );
      return { items, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type BotSymbolsService = ReturnType<typeof createBotSymbolsService>;
