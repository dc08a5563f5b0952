import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Connector, Market, MarketType } from '../../exchanges/connector';
import { parse } from '../../exchanges/paper/paper-decimal';
import { type BotRow, type CycleRow, dcaSettingsOf, type OrderRow } from '../bot-settings';
import { marketAssumptions } from '../market-assumptions';
import type { CycleBook } from './cycle-book';
import { decide } from './decide';

/** The columns of an order a cycle's book is figured from. */
export type BookOrder = Pick<OrderRow, 'kind' | 'side' | 'filled' | 'average_price' | 'fee_asset' | 'fee'>;

const same = (stored: string | null, value: bigint | null) =>
  stored === null ? value === null : value !== null && parse(stored) === value;

/** Whether the cycle's stored figures already are what its orders give: settling it would write nothing. */
export function settledAlready(cycle: CycleRow, book: CycleBook): boolean {
  return (
    same(cycle.base_price, book.basePrice) &&
    same(cycle.average_entry, book.averageEntry) &&
    parse(cycle.filled_amount) === book.entered &&
    cycle.safety_orders_filled === book.safetyOrdersFilled
  );
}

export interface DueDeps {
  db: Db;
  now: Date;
  connectorFor(bot: BotRow): Promise<Connector>;
  marketOf(bot: BotRow, connector: Connector): Promise<Market>;
  bookOf(bot: BotRow, market: Market, orders: BookOrder[]): CycleBook;
}

const ids = (values: string[]) => sql<string>`ANY(${sql.val(values)}::bigint[])`;

/**
 * Of a tick's candidate bots, those whose step could change something now; the others are left alone this
 * tick (no lease renewal, no reads or writes of their own). Read set-based: their open cycles and those
 * cycles' orders, their working orders, their rentals and last closes, and one price per symbol.
 *
 * Only a filter, and a permissive one: the step it lets through re-reads everything under the lease and
 * decides for itself. A paper bot is left alone only when nothing about it is pending (no order working, no
 * member action, no key pause to lift), its open cycle is settled, and the strategy, asked with today's
 * price, its rental and its cooldown (and no market switched off), would wait. Bots on real exchanges always
 * step: their key must be re-checked every tick.
 */
export async function dueBots(deps: DueDeps, bots: BotRow[]): Promise<BotRow[]> {
  const paper = bots.filter((b) => b.exchange === 'paper');
  if (paper.length === 0) return bots;
  const { db } = deps;
  const botIds = paper.map((b) => b.id);
  const [cycles, orders, working, rentals, lastClosed] = await Promise.all([
    db
      .selectFrom('bot_cycles')
      .selectAll()
      .where('bot_id', '=', ids(botIds))
      .where('state', '<>', 'closed')
      .execute(),
    // The orders of those open cycles, joined rather than read after them: all five reads wait one round
    // trip. Only the columns a book is figured from: at 10,000 bots these are tens of thousands of rows a
    // pass, and the others (timestamps above all) would be parsed for nothing.
    db
      .selectFrom('bot_orders as o')
      .innerJoin('bot_cycles as c', 'c.id', 'o.cycle_id')
      .select(['o.cycle_id', 'o.kind', 'o.side', 'o.filled', 'o.average_price', 'o.fee_asset', 'o.fee'])
      .where('c.bot_id', '=', ids(botIds))
      .where('c.state', '<>', 'closed')
      .orderBy('o.id')
      .execute(),
    db
      .selectFrom('bot_orders')
      .select('bot_id')
      .distinct()
      .where('bot_id', '=', ids(botIds))
      .where('status', 'in', ['pending', 'open'])
      .execute(),
    db
      .selectFrom('bot_rentals')
      .select('id')
      .where('id', '=', ids([...new Set(paper.map((b) => b.rental_id))]))
      .where('ends_at', '>', sql<Date>`now()`)
      .execute(),
    db
      .selectFrom('bot_cycles')
      .select((eb) => ['bot_id', eb.fn.max('closed_at').as('closed_at')])
      .where('bot_id', '=', ids(paper.filter((b) => b.cooldown_seconds > 0).map((b) => b.id)))
      .where('state', '=', 'closed')
      .groupBy('bot_id')
      .execute(),
  ]);
  const cycleOf = new Map(cycles.map((c) => [c.bot_id, c]));
  const ordersOf = new Map<string, (BookOrder & { cycle_id: string })[]>();
  for (const o of orders) {
    const list = ordersOf.get(o.cycle_id);
    if (list) list.push(o);
    else ordersOf.set(o.cycle_id, [o]);
  }
  const busy = new Set(working.map((w) => w.bot_id));
  const activeRentals = new Set(rentals.map((r) => r.id));
  const closedAt = new Map(lastClosed.map((c) => [c.bot_id, c.closed_at]));

  // One price per symbol, through one paper connector: the paper market is the same for every member.
  const prices = new Map<string, bigint>();
  let connector: Connector;
  try {
    connector = await deps.connectorFor(paper[0]!);
    for (const type of ['spot', 'perpetual'] as MarketType[]) {
      const symbols = [...new Set(paper.filter((b) => b.market_type === type).map((b) => b.symbol))];
      if (symbols.length === 0) continue;
      for (const t of await connector.tickers(type, symbols))
        prices.set(`${type}|${t.symbol}`, parse(t.last));
    }
  } catch {
    return bots; // no prices: every bot steps and meets the failure itself
  }

  const due: BotRow[] = [];
  for (const bot of bots) {
    if (bot.exchange !== 'paper' || (await isDue(bot))) due.push(bot);
  }
  return due;

  async function isDue(bot: BotRow): Promise<boolean> {
    if (bot.pending_action !== null || bot.paused_reason === 'key_unusable' || busy.has(bot.id)) return true;
    const price = prices.get(`${bot.market_type}|${bot.symbol}`);
    if (price === undefined) return true;
    try {
      const market = await deps.marketOf(bot, connector);
      const cycle = cycleOf.get(bot.id);
      const book = cycle ? deps.bookOf(bot, market, ordersOf.get(cycle.id) ?? []) : null;
      if (cycle && book) {
        if (cycle.state !== 'open' || (book.exited > 0n && book.open === 0n)) return true;
        if (!settledAlready(cycle, book)) return true;
      }
      if (bot.status !== 'running') return false;
      const decision = decide({
        settings: dcaSettingsOf(bot),
        market: marketAssumptions(bot.exchange, market),
        cycle:
          cycle && book
            ? { ...book, bestPrice: cycle.best_price === null ? null : parse(cycle.best_price) }
            : null,
        rentalActive: activeRentals.has(bot.rental_id),
        lastClosedAt: cycle ? null : (closedAt.get(bot.id) ?? null),
        cooldownSeconds: bot.cooldown_seconds,
        now: deps.now,
        price,
      });
      return decision.kind !== 'wait';
    } catch {
      return true;
    }
  }
}
