import type {
  TBotBalance,
  TBotChart,
  TBotClosedCycle,
  TBotFilters,
  TBotRecordOrder,
  TBotRecordsFilter,
  TBotSummaryRow,
  TBotSummaryTotals,
  TCandleInterval,
  TPage,
  TRecordBot,
  TSummaryGrouping,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { toOrder } from '../bots/bot-settings';
import type { BotVenues } from '../bots/engine/bot-engine';
import type { MarketData } from '../exchanges/connector';
import {
  canon,
  closedCyclesSql,
  type FiguresRow,
  figuresSql,
  filterSql,
  type RecordFilter,
  toFigures,
} from './cycle-figures';

type Paged = { page: number; pageSize: number };
type BotMarketRow = { bot_id: string; exchange: string; market_type: string; symbol: string };

const market = (r: BotMarketRow) => ({
  botId: r.bot_id,
  exchange: r.exchange as TBotClosedCycle['exchange'],
  marketType: r.market_type as TBotClosedCycle['marketType'],
  symbol: r.symbol,
});
const pageOf = <T>(items: T[], q: Paged): TPage<T> => ({ items, page: q.page, pageSize: q.pageSize });
const limitOffset = (q: Paged) => sql`LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`;

/** How each grouping of a summary keys and orders its rows. */
const groupings: Record<TSummaryGrouping, { key: string; order: string }> = {
  bot: { key: 'bot_id', order: 'bot_id::bigint DESC' },
  symbol: { key: 'symbol', order: 'symbol ASC' },
  day: { key: 'day', order: 'day DESC' },
};

/**
 * What the member's bots did: their orders and fills, closed cycles, summaries per bot, symbol and day, and
 * a bot's balance, funding rate and chart. Everything is the caller's own: another member's bot id answers
 * as a missing bot. The sums are set-based SQL over bot_cycles and bot_orders, never a loop over rows.
 */
export function createBotRecordsService(deps: { db: Db; venues: BotVenues; market: MarketData }) {
  const { db } = deps;

  async function ownBot(memberId: string, id: string) {
    const bot = await db
      .selectFrom('bots')
      .select(['id', 'member_id', 'rental_id', 'exchange', 'market_type', 'symbol', 'direction'])
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!bot) throw new AppError('BOT_NOT_FOUND');
    return bot;
  }

  /** A filter naming a bot must name one of the caller's (a stranger's id is "not found", not an empty list). */
  async function checkFilter(memberId: string, f: RecordFilter) {
    if (f.botId) await ownBot(memberId, f.botId);
  }

  return {
    /** Member/listbots (1 to 3): the bots, narrowed by exchange, market type or state, with their results. */
    async bots(
      memberId: string,
      q: Paged & { exchange?: string; marketType?: string; status?: string },
    ): Promise<TPage<TRecordBot>> {
      const where = [sql`b.member_id = ${memberId}`];
      if (q.exchange) where.push(sql`b.exchange = ${q.exchange}`);
      if (q.marketType) where.push(sql`b.market_type = ${q.marketType}`);
      if (q.status) where.push(sql`b.status = ${q.status}`);
      const { rows } = await sql<
        BotMarketRow &
          FiguresRow & { direction: 'long' | 'short'; status: TRecordBot['status'] } & {
            open_cycle: number | null;
            created_at: Date;
          }
      >`
        SELECT b.id AS bot_id, b.exchange, b.market_type, b.symbol, b.direction, b.status, b.created_at,
          coalesce(s.cycles, 0) AS cycles, coalesce(s.profit, '0') AS profit, oc.number AS open_cycle
        FROM bots b
        LEFT JOIN (
          SELECT bot_id, ${figuresSql} FROM (${closedCyclesSql(memberId, {})}) cc
          GROUP BY bot_id
        ) s ON s.bot_id = b.id
        LEFT JOIN bot_cycles oc ON oc.bot_id = b.id AND oc.state <> 'closed'
        WHERE ${sql.join(where, sql` AND `)}
        ORDER BY b.id DESC ${limitOffset(q)}`.execute(db);
      return pageOf(
        rows.map((r) => ({
          ...market(r),
          direction: r.direction,
          status: r.status,
          cycles: r.cycles,
          profit: canon(r.profit),
          openCycle: r.open_cycle,
          createdAt: r.created_at.toISOString(),
        })),
        q,
      );
    },

    /** Member/getFilterType: the values the lists can be narrowed by, each with its number of bots. */
    async filters(memberId: string): Promise<TBotFilters> {
      const counts = (column: 'exchange' | 'market_type' | 'status') =>
        db
          .selectFrom('bots')
          .select([`${column} as value`, (eb) => eb.fn.countAll<string>().as('bots')])
          .where('member_id', '=', memberId)
          .groupBy(column)
          .orderBy(column)
          .execute()
          .then((rows) => rows.map((r) => ({ value: String(r.value), bots: Number(r.bots) })));
      const [exchanges, marketTypes, statuses, bots] = await Promise.all([
        counts('exchange'),
        counts('market_type'),
        counts('status'),
        db
          .selectFrom('bots')
          .select(['id as bot_id', 'exchange', 'market_type', 'symbol', 'status'])
          .where('member_id', '=', memberId)
          .orderBy('id', 'desc')
          .limit(200)
          .execute(),
      ]);
      return {
        exchanges,
        marketTypes,
        statuses,
        bots: bots.map((b) => ({ ...market(b), status: b.status })),
      };
    },

    /** Tradetx/Recordtx (and Recordtx2, fills only): every order of the member's bots, newest first. */
    async orders(
      memberId: string,
      q: TBotRecordsFilter & { filledOnly?: boolean },
    ): Promise<TPage<TBotRecordOrder>> {
      await checkFilter(memberId, q);
      const filled = q.filledOnly ? sql`AND bo.filled > 0` : sql``;
      const { rows } = await sql<
        Parameters<typeof toOrder>[0] & BotMarketRow & { cycle_number: number; value: string }
      >`
        SELECT bo.*, b.id AS bot_id, b.market_type, b.symbol, c.number AS cycle_number,
          round(coalesce(bo.filled * b.contract_size * bo.average_price, 0), 18)::text AS value
        FROM bot_orders bo
        JOIN bots b ON b.id = bo.bot_id
        JOIN bot_cycles c ON c.id = bo.cycle_id
        WHERE ${filterSql(memberId, q, sql`bo.created_at`)} ${filled}
        ORDER BY bo.id DESC ${limitOffset(q)}`.execute(db);
      return pageOf(
        rows.map((r) => ({
          ...toOrder(r),
          ...market(r),
          cycleNumber: r.cycle_number,
          value: canon(r.value),
          updatedAt: r.updated_at.toISOString(),
        })),
        q,
      );
    },

    /** Bottrade/History: closed cycles, newest close first, each with its profit after fees and funding. */
    async cycles(memberId: string, q: TBotRecordsFilter): Promise<TPage<TBotClosedCycle>> {
      await checkFilter(memberId, q);
      const { rows } = await sql<
        BotMarketRow & {
          id: string;
          number: number;
          direction: 'long' | 'short';
          close_reason: TBotClosedCycle['closeReason'];
          average_entry: string | null;
          safety_orders_filled: number;
          realized_pnl: string;
          funding: string | null;
          profit: string;
          fees: string;
          volume: string;
          opened_at: Date;
          closed_at: Date;
        }
      >`
        SELECT id, bot_id, number, direction, close_reason, average_entry::text, safety_orders_filled,
          exchange, market_type, symbol, opened_at, closed_at,
          round(realized_pnl, 18)::text AS realized_pnl, round(funding, 18)::text AS funding,
          round(profit, 18)::text AS profit, round(fees, 18)::text AS fees, round(volume, 18)::text AS volume
        FROM (${closedCyclesSql(memberId, q)}) cc
        ORDER BY closed_at DESC, id DESC ${limitOffset(q)}`.execute(db);
      return pageOf(
        rows.map((r) => ({
          ...market(r),
          id: r.id,
          number: r.number,
          direction: r.direction,
          closeReason: r.close_reason,
          averageEntry: r.average_entry === null ? null : canon(r.average_entry),
          safetyOrdersFilled: r.safety_orders_filled,
          realizedPnl: canon(r.realized_pnl),
          funding: r.funding === null ? null : canon(r.funding),
          profit: canon(r.profit),
          fees: canon(r.fees),
          volume: canon(r.volume),
          openedAt: r.opened_at.toISOString(),
          closedAt: r.closed_at.toISOString(),
          durationSeconds: Math.round((r.closed_at.getTime() - r.opened_at.getTime()) / 1000),
        })),
        q,
      );
    },

    /** summary, summaryDetails, summaryDetails2 (and sinfo/botsummary): closed cycles grouped. */
    async summary(
      memberId: string,
      q: TBotRecordsFilter & { by: TSummaryGrouping },
    ): Promise<TPage<TBotSummaryRow>> {
      await checkFilter(memberId, q);
      const g = groupings[q.by];
      const byBot = q.by === 'bot';
      const botColumns = byBot
        ? sql`, min(exchange) AS exchange, min(market_type) AS market_type, min(symbol) AS symbol`
        : sql``;
      const { rows } = await sql<FiguresRow & Partial<BotMarketRow> & { key: string }>`
        SELECT ${sql.ref(g.key)}::text AS key ${botColumns}, ${figuresSql}
        FROM (${closedCyclesSql(memberId, q)}) cc
        GROUP BY ${sql.ref(g.key)}
        ORDER BY ${sql.raw(g.order)} ${limitOffset(q)}`.execute(db);
      return pageOf(
        rows.map((r) => ({
          key: r.key,
          bot: byBot ? market({ ...(r as BotMarketRow), bot_id: r.key }) : null,
          ...toFigures(r),
        })),
        q,
      );
    },

    /** Sinfo/getListBotsSummary: all the member's closed cycles together, and how many bots are in each state. */
    async totals(memberId: string, f: RecordFilter): Promise<TBotSummaryTotals> {
      await checkFilter(memberId, f);
      const [{ rows }, states] = await Promise.all([
        sql<FiguresRow>`SELECT ${figuresSql} FROM (${closedCyclesSql(memberId, f)}) cc`.execute(db),
        db
          .selectFrom('bots')
          .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
          .where('member_id', '=', memberId)
          .groupBy('status')
          .execute(),
      ]);
      const count = (s: string) => Number(states.find((r) => r.status === s)?.n ?? 0);
      return {
        ...toFigures(rows[0]!),
        bots: { running: count('running'), paused: count('paused'), stopped: count('stopped') },
      };
    },

    /**
     * Member/Botbalance and sinfo/fundingrate: the account's balances of the bot's assets on its exchange, read
     * now through the member's connection, and on perpetuals the symbol's current funding rate.
     */
    async balance(memberId: string, id: string): Promise<TBotBalance> {
      const bot = await ownBot(memberId, id);
      if (
        bot.exchange !== 'paper' &&
        !(await deps.venues.isKeyUsable(memberId, bot.exchange, bot.rental_id))
      ) {
        throw new AppError('KEY_NOT_BOUND');
      }
      const connector = await deps.venues.connectorFor(memberId, bot.exchange, bot.rental_id);
      const [base = '', rest = ''] = bot.symbol.split('/');
      const assets = new Set([base, rest.split(':')[0]]);
      const perpetual = bot.market_type === 'perpetual';
      const [balances, funding] = await Promise.all([
        connector.balances(bot.market_type),
        perpetual ? connector.fundingRate(bot.symbol) : Promise.resolve(null),
      ]);
      return {
        ...market({ ...bot, bot_id: bot.id }),
        balances: balances.filter((b) => assets.has(b.asset)),
        fundingRate: funding && {
          rate: funding.rate,
          nextFundingAt: funding.nextFundingAt?.toISOString() ?? null,
        },
      };
    },

    /**
     * Bottrade/chartInfo: candles of the bot's symbol from the platform's market source, and each filled order
     * of the bot within them, marked as an entry (it grew the position) or an exit (it shrank it).
     */
    async chart(memberId: string, id: string, interval: TCandleInterval): Promise<TBotChart> {
      const bot = await ownBot(memberId, id);
      const candles = await deps.market.candles(bot.symbol, interval, 200);
      const since = new Date(candles[0]?.openTime ?? Date.now());
      const entrySide = bot.direction === 'long' ? 'buy' : 'sell';
      const fills = await db
        .selectFrom('bot_orders')
        .select(['id', 'side', 'average_price', 'filled', 'updated_at'])
        .where('bot_id', '=', bot.id)
        .where('filled', '>', '0')
        .where('average_price', 'is not', null)
        .where('updated_at', '>=', since)
        .orderBy('updated_at')
        .orderBy('id')
        .limit(500)
        .execute();
      return {
        ...market({ ...bot, bot_id: bot.id }),
        interval,
        candles,
        markers: fills.map((o) => ({
          orderId: o.id,
          at: o.updated_at.getTime(),
          kind: o.side === entrySide ? 'entry' : 'exit',
          side: o.side,
          price: canon(o.average_price),
          amount: canon(o.filled),
        })),
      };
    },
  };
}

export type BotRecordsService = ReturnType<typeof createBotRecordsService>;
