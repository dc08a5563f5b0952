import type {
  TBot,
  TBotDetail,
  TBotGroup,
  TBotGroupPreview,
  TBotMarketSwitch,
  TBotMarketSwitches,
  TBotPositionEstimate,
  TBotPreview,
  TBotStrategy,
  TBotsQuery,
  TCreateBotGroupRequest,
  TCreateBotRequest,
  TPage,
} from '@app/contracts';
import { divide, format, max, parse } from '@app/money/decimal';
import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import { type AnyDb, own } from '../../db/tables';
import { AppError } from '../../platform/errors';
import { type ActiveRental, activeRentalsOf, lockRental } from '../bot-rentals/active-rentals';
import type { Market } from '../exchanges/connector';
import { currencyDecimals } from '../ledger/currencies';
import {
  type BotRow,
  dcaSettings,
  strategyColumns,
  strategyOf,
  toBot,
  toCycle,
  toOrder,
} from './bot-settings';
import type { BotsDb, BotTables } from './bots.tables';
import { type DcaPlan, planDca } from './dca/dca-plan';
import type { BotVenues } from './engine/bot-engine';
import { cycleBook } from './engine/cycle-book';
import { marketAssumptions } from './market-assumptions';

type Target = Pick<TCreateBotRequest, 'rentalId' | 'exchange' | 'marketType' | 'symbol' | 'direction'>;

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * Configuring bots: create, change, pause, resume, stop, and the preview of a configuration. A bot needs an
 * active rental whose package allows its exchange and market type, and a usable key on that exchange (the
 * paper exchange needs none). Its ladder, priced at the market's current price, must stay clear of
 * liquidation and within what the rental's capital limit leaves after the member's other bots on it.
 */
export function createBotsService(deps: { db: AnyDb; venues: BotVenues }) {
  const db = own<BotTables>(deps.db);

  /**
   * A member's bots, one page, with or without each filter: four shapes, each built and compiled once and
   * run with the request's values (decision 87). The filters choose the shape; their values are parameters.
   */
  const listShape = (byExchange: boolean, byMarketType: boolean) =>
    compiledOnce(
      db,
      (p: {
        memberId: string;
        exchange: TBotsQuery['exchange'];
        marketType: TBotsQuery['marketType'];
        limit: number;
        offset: number;
      }) => {
        let q = db.selectFrom('bots').selectAll().where('member_id', '=', p.memberId);
        // Read only in the shapes that filter (the others never bind them, and are given undefined).
        type Exchange = NonNullable<TBotsQuery['exchange']>;
        type MarketType = NonNullable<TBotsQuery['marketType']>;
        if (byExchange) q = q.where('exchange', '=', p.exchange as Exchange);
        if (byMarketType) q = q.where('market_type', '=', p.marketType as MarketType);
        return q.orderBy('id', 'desc').limit(p.limit).offset(p.offset);
      },
    );
  const listShapes = new Map<string, ReturnType<typeof listShape>>();
  function listQuery(byExchange: boolean, byMarketType: boolean) {
    const key = `${byExchange}/${byMarketType}`;
    let query = listShapes.get(key);
    if (!query) {
      query = listShape(byExchange, byMarketType);
      listShapes.set(key, query);
    }
    return query;
  }
  const { venues } = deps;
  async function ownBot(memberId: string, id: string): Promise<BotRow> {
    const row = await db
      .selectFrom('bots')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // Another member's bot answers as a missing one: ids tell strangers nothing.
    if (!row) throw new AppError('BOT_NOT_FOUND');
    return row;
  }

  async function rentalFor(memberId: string, target: Target): Promise<ActiveRental> {
    const rental = (await activeRentalsOf(db, memberId)).find((r) => r.id === target.rentalId);
    if (!rental) throw new AppError('BOT_RENTAL_INACTIVE');
    if (!rental.exchanges.includes(target.exchange) || !rental.marketTypes.includes(target.marketType)) {
      throw new AppError(
        'BOT_RENTAL_NOT_ALLOWED',
        'The package does not cover this exchange or market type',
        {
          exchange: target.exchange,
          marketType: target.marketType,
        },
      );
    }
    return rental;
  }

  /** The market's rules and current price, through the member's own connection (the key is checked first). */
  async function marketFor(memberId: string, target: Target): Promise<{ market: Market; price: string }> {
    // The venue first: it names what is missing (the member's key, or a managed rental's account).
    const connector = await venues.connectorFor(memberId, target.exchange, target.rentalId);
    if (
      target.exchange !== 'paper' &&
      !(await venues.isKeyUsable(memberId, target.exchange, target.rentalId))
    ) {
      throw new AppError('KEY_NOT_BOUND');
    }
    const market = (await connector.markets(target.marketType)).find((m) => m.symbol === target.symbol);
    if (!market) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `${target.symbol} is not listed`);
    const [ticker] = await connector.tickers(target.marketType, [target.symbol]);
    if (!ticker) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${target.symbol}`);
    return { market, price: ticker.last };
  }

  /** The rental's capital limit as a decimal of its currency, minus what its other live bots need. */
  async function capitalAvailable(
    q: BotsDb,
    rental: ActiveRental,
    exceptBotId: string | null,
  ): Promise<string> {
    const decimals = await currencyDecimals(q, rental.currency);
    const limit = divide(parse(String(rental.capitalLimitMinor)), 10n ** BigInt(decimals), 'down');
    let used = q
      .selectFrom('bots')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('capital_required'), sql<string>`0`).as('total'))
      .where('rental_id', '=', rental.id)
      .where('status', '<>', 'stopped');
    if (exceptBotId) used = used.where('id', '<>', exceptBotId);
    const { total } = await used.executeTakeFirstOrThrow();
    return format(max(0n, limit - parse(String(total))));
  }

  function planFor(
    target: Target,
    strategy: TBotStrategy,
    m: { market: Market; price: string },
    available: string,
  ) {
    if (m.market.maxLeverage !== null && strategy.leverage > m.market.maxLeverage) {
      throw new AppError('EXCHANGE_LEVERAGE_TOO_HIGH', 'Leverage above the market maximum', {
        max: m.market.maxLeverage,
      });
    }
    return planDca(
      dcaSettings(target, strategy),
      marketAssumptions(target.exchange, m.market),
      m.price,
      available,
    );
  }

  function refuseProblem(plan: DcaPlan): void {
    if (plan.problem) throw new AppError(plan.problem);
  }

  /** A basket's symbols as bot targets, each with its market and today's price (read before any lock). */
  async function basketMarkets(memberId: string, request: TCreateBotGroupRequest) {
    const { symbols, ...rest } = request;
    const basket: { target: Target; market: { market: Market; price: string } }[] = [];
    for (const symbol of symbols) {
      const target = { ...rest, symbol };
      basket.push({ target, market: await marketFor(memberId, target) });
    }
    return basket;
  }

  /**
   * A basket's plans in its order, each against what the rental's capital leaves after the symbols before
   * it: the preview shows them, the create refuses the first problem.
   */
  function planBasket(
    request: TCreateBotGroupRequest,
    basket: Awaited<ReturnType<typeof basketMarkets>>,
    available: string,
  ) {
    let left = parse(available);
    return basket.map(({ target, market }) => {
      const plan = planFor(target, request, market, format(max(0n, left)));
      left -= parse(plan.capitalRequired);
      return { target, plan, price: market.price, market: market.market };
    });
  }

  return {
    async preview(memberId: string, request: TCreateBotRequest): Promise<TBotPreview> {
      const rental = await rentalFor(memberId, request);
      const m = await marketFor(memberId, request);
      const available = await capitalAvailable(db, rental, null);
      const plan = planFor(request, request, m, available);
      return {
        basePrice: plan.orders[0]?.price ?? m.price,
        orders: plan.orders,
        stopLossPrice: plan.stopLossPrice,
        capitalRequired: plan.capitalRequired,
        capitalAvailable: available,
        problem: plan.problem,
      };
    },

    async create(memberId: string, request: TCreateBotRequest): Promise<TBot> {
      const rental = await rentalFor(memberId, request);
      const m = await marketFor(memberId, request);
      try {
        const row = await db.transaction().execute(async (trx) => {
          await lockRental(trx, rental.id);
          const plan = planFor(request, request, m, await capitalAvailable(trx, rental, null));
          refuseProblem(plan);
          return trx
            .insertInto('bots')
            .values({
              member_id: memberId,
              rental_id: rental.id,
              exchange: request.exchange,
              market_type: request.marketType,
              symbol: request.symbol,
              direction: request.direction,
              contract_size: m.market.contractSize,
              ...strategyColumns(request),
              capital_required: plan.capitalRequired,
              status: 'running',
              paused_reason: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return toBot(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('BOT_SYMBOL_TAKEN');
        throw error;
      }
    },

    /** New strategy settings; the market stays. Checked as a new bot would be, at today's price. */
    async update(memberId: string, id: string, strategy: TBotStrategy): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      const target: Target = {
        rentalId: bot.rental_id,
        exchange: bot.exchange,
        marketType: bot.market_type,
        symbol: bot.symbol,
        direction: bot.direction,
      };
      if (target.marketType === 'spot' && strategy.leverage !== 1) throw new AppError('VALIDATION_FAILED');
      const rental = await rentalFor(memberId, target);
      const m = await marketFor(memberId, target);
      const row = await db.transaction().execute(async (trx) => {
        await lockRental(trx, rental.id);
        const plan = planFor(target, strategy, m, await capitalAvailable(trx, rental, bot.id));
        refuseProblem(plan);
        return trx
          .updateTable('bots')
          .set({
            ...strategyColumns(strategy),
            capital_required: plan.capitalRequired,
            updated_at: new Date(),
          })
          .where('id', '=', bot.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toBot(row);
    },

    async pause(memberId: string, id: string): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      if (bot.status === 'paused') return toBot(bot);
      return toBot(await setStatus(bot.id, 'paused', 'member'));
    },

    /** A paused bot runs again; one whose key stopped working needs a usable key first. */
    async resume(memberId: string, id: string): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      if (bot.exchange !== 'paper' && !(await venues.isKeyUsable(memberId, bot.exchange, bot.rental_id))) {
        throw new AppError('KEY_NOT_BOUND');
      }
      if (bot.status === 'running') return toBot(bot);
      return toBot(await setStatus(bot.id, 'running', null));
    },

    /**
     * Stops the bot for good: it places nothing more. A position it holds stays on the exchange, as the spec
     * says of unbinding a key; the member closes it by hand or on the exchange.
     */
    async stop(memberId: string, id: string): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') return toBot(bot);
      return toBot(await setStatus(bot.id, 'stopped', null));
    },

    /**
     * Bottrade/addentry, closeposition and reventry: asks the engine to buy the next safety order now, to
     * close the position at the market, or (perpetuals) to close it and open the other side. The engine
     * carries it out on its next ticks (it alone places the bot's orders); asking twice before then is one
     * action.
     */
    async act(memberId: string, id: string, action: 'add_entry' | 'close' | 'reverse'): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      if (action === 'reverse' && bot.market_type !== 'perpetual') {
        throw new AppError('BOT_REVERSE_NEEDS_PERPETUAL');
      }
      if (bot.exchange !== 'paper' && !(await venues.isKeyUsable(memberId, bot.exchange, bot.rental_id))) {
        throw new AppError('KEY_NOT_BOUND');
      }
      const cycle = await db
        .selectFrom('bot_cycles')
        .select(['filled_amount', 'safety_orders_filled', 'state'])
        .where('bot_id', '=', bot.id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      const holds = cycle !== undefined && parse(cycle.filled_amount) > 0n;
      const canAdd = action !== 'add_entry' || (cycle?.safety_orders_filled ?? 0) < bot.safety_order_count;
      if (!holds || !canAdd) throw new AppError('BOT_STATE_INVALID', 'No open position to act on');
      if (action === 'reverse') return toBot(await reverse(memberId, bot));
      return toBot(
        await db
          .updateTable('bots')
          .set({ pending_action: action, updated_at: new Date() })
          .where('id', '=', bot.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /** closepositionbyid: closes the one open cycle named by its id; a stranger's cycle is not found. */
    async closeCycle(memberId: string, cycleId: string): Promise<TBot> {
      const cycle = await db
        .selectFrom('bot_cycles as c')
        .innerJoin('bots as b', 'b.id', 'c.bot_id')
        .select(['c.bot_id', 'c.state'])
        .where('c.id', '=', cycleId)
        .where('b.member_id', '=', memberId)
        .executeTakeFirst();
      if (!cycle) throw new AppError('BOT_CYCLE_NOT_FOUND');
      if (cycle.state !== 'open') throw new AppError('BOT_STATE_INVALID', 'The cycle is not open');
      return this.act(memberId, cycle.bot_id, 'close');
    },

    /** For the receipt popup: what closing the open position now would take back and realise. */
    async position(memberId: string, id: string): Promise<TBotPositionEstimate> {
      const bot = await ownBot(memberId, id);
      const cycle = await db
        .selectFrom('bot_cycles')
        .selectAll()
        .where('bot_id', '=', bot.id)
        .where('state', '<>', 'closed')
        .executeTakeFirst();
      if (!cycle) throw new AppError('BOT_STATE_INVALID', 'No open position');
      const { market, price } = await marketFor(memberId, targetOf(bot));
      const orders = await db.selectFrom('bot_orders').selectAll().where('cycle_id', '=', cycle.id).execute();
      const filled = orders.map((o) => ({
        kind: o.kind,
        side: o.side,
        filled: o.filled,
        averagePrice: o.average_price,
        feeAsset: o.fee_asset,
        fee: o.fee,
      }));
      const rules = {
        direction: bot.direction,
        base: market.base,
        quote: market.quote,
        contractSize: market.contractSize,
        amountStep: market.amountStep,
      };
      const book = cycleBook(filled, rules);
      if (book.open === 0n) throw new AppError('BOT_STATE_INVALID', 'No open position');
      // The result as if the rest were taken back at today's price, before the exit's own fee.
      const exit = {
        kind: 'manual' as const,
        side: bot.direction === 'long' ? ('sell' as const) : ('buy' as const),
        filled: format(book.open),
        averagePrice: price,
        feeAsset: null,
        fee: null,
      };
      return {
        cycleId: cycle.id,
        cycleNumber: cycle.number,
        symbol: bot.symbol,
        direction: bot.direction,
        amount: format(book.open),
        asset: market.base,
        averageEntry: book.averageEntry === null ? null : format(book.averageEntry),
        price: format(parse(price)),
        estimatedPnl: format(cycleBook([...filled, exit], rules).realizedPnl),
      };
    },

    async marketSwitches(memberId: string): Promise<TBotMarketSwitches> {
      const rows = await db
        .selectFrom('bot_market_switches')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('exchange')
        .orderBy('market_type')
        .execute();
      return {
        off: rows.map((r) => ({
          exchange: r.exchange,
          marketType: r.market_type,
          since: r.switched_off_at.toISOString(),
        })),
      };
    },

    /**
     * market_trade_off / market_Perp_trade_off: every bot of the member on that market opens no new cycle;
     * open cycles run to their take profit or stop loss (the member closes them by hand if they wish).
     */
    async switchMarket(memberId: string, body: TBotMarketSwitch): Promise<TBotMarketSwitches> {
      if (body.on) {
        await db
          .deleteFrom('bot_market_switches')
          .where('member_id', '=', memberId)
          .where('exchange', '=', body.exchange)
          .where('market_type', '=', body.marketType)
          .execute();
      } else {
        await db
          .insertInto('bot_market_switches')
          .values({ member_id: memberId, exchange: body.exchange, market_type: body.marketType })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return this.marketSwitches(memberId);
    },

    /** market_aio_off: one symbol of an all-in-one group stops opening cycles, or starts again. */
    async switchAio(memberId: string, id: string, on: boolean): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.group_id === null || bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      return toBot(
        await db
          .updateTable('bots')
          .set({ aio_off: !on, updated_at: new Date() })
          .where('id', '=', bot.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    /**
     * checkaio: one configuration over a basket of symbols, one bot each in one group. Everything or nothing:
     * the capital check covers the whole basket (with the rental locked), and a symbol already taken refuses
     * the group.
     */
    /** The basket's plans and total, as `createGroup` would check them (the rental unlocked). */
    async previewGroup(memberId: string, request: TCreateBotGroupRequest): Promise<TBotGroupPreview> {
      const rental = await rentalFor(memberId, { ...request, symbol: request.symbols[0]! });
      const basket = await basketMarkets(memberId, request);
      const available = await capitalAvailable(db, rental, null);
      const plans = planBasket(request, basket, available);
      return {
        symbols: plans.map(({ target, plan, price }) => {
          const last = plan.orders[plan.orders.length - 1];
          return {
            symbol: target.symbol,
            basePrice: plan.orders[0]?.price ?? price,
            capitalRequired: plan.capitalRequired,
            lastOrderPrice: last?.price ?? price,
            liquidationPrice: last?.liquidationPrice ?? null,
            problem: plan.problem,
          };
        }),
        capitalRequired: format(plans.reduce((sum, p) => sum + parse(p.plan.capitalRequired), 0n)),
        capitalAvailable: available,
        problem: plans.find((p) => p.plan.problem !== null)?.plan.problem ?? null,
      };
    },

    /**
     * checkaio: one configuration over a basket of symbols, one bot each in one group. Everything or nothing:
     * the capital check covers the whole basket (with the rental locked), and a symbol already taken refuses
     * the group.
     */
    async createGroup(memberId: string, request: TCreateBotGroupRequest): Promise<TBotGroup> {
      const rental = await rentalFor(memberId, { ...request, symbol: request.symbols[0]! });
      const basket = await basketMarkets(memberId, request);
      try {
        const group = await db.transaction().execute(async (trx) => {
          await lockRental(trx, rental.id);
          const plans = planBasket(request, basket, await capitalAvailable(trx, rental, null));
          for (const { plan } of plans) refuseProblem(plan);
          const made = await trx
            .insertInto('bot_groups')
            .values({
              member_id: memberId,
              rental_id: rental.id,
              exchange: request.exchange,
              market_type: request.marketType,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const { target, plan, market } of plans) {
            await trx
              .insertInto('bots')
              .values({
                member_id: memberId,
                rental_id: rental.id,
                group_id: made.id,
                exchange: target.exchange,
                market_type: target.marketType,
                symbol: target.symbol,
                direction: target.direction,
                contract_size: market.contractSize,
                ...strategyColumns(request),
                capital_required: plan.capitalRequired,
                status: 'running',
                paused_reason: null,
              })
              .execute();
          }
          return made;
        });
        return groupOf(memberId, group.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('BOT_SYMBOL_TAKEN');
        throw error;
      }
    },

    group: (memberId: string, groupId: string) => groupOf(memberId, groupId),

    /** The whole group paused or running again; stopped bots stay stopped. */
    async setGroupRunning(memberId: string, groupId: string, running: boolean): Promise<TBotGroup> {
      const group = await groupOf(memberId, groupId);
      const rentalId = group.bots[0]?.rentalId;
      if (
        running &&
        group.exchange !== 'paper' &&
        !(await venues.isKeyUsable(memberId, group.exchange, rentalId))
      ) {
        throw new AppError('KEY_NOT_BOUND');
      }
      await db
        .updateTable('bots')
        .set(
          running
            ? { status: 'running', paused_reason: null, updated_at: new Date() }
            : { status: 'paused', paused_reason: 'member', updated_at: new Date() },
        )
        .where('group_id', '=', group.id)
        .where('status', '=', running ? 'paused' : 'running')
        .execute();
      return groupOf(memberId, groupId);
    },

    async list(memberId: string, query: TBotsQuery): Promise<TPage<TBot>> {
      const rows = await listQuery(Boolean(query.exchange), Boolean(query.marketType)).execute({
        memberId,
        exchange: query.exchange,
        marketType: query.marketType,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const open = rows.length
        ? await db
            .selectFrom('bot_cycles')
            .select(['id', 'bot_id', 'number', 'filled_amount', 'average_entry'])
            .where(
              'bot_id',
              'in',
              rows.map((r) => r.id),
            )
            .where('state', '<>', 'closed')
            .execute()
        : [];
      const items = rows.map((row) => {
        const cycle = open.find((c) => c.bot_id === row.id);
        // Not `{ ...toBot(row), openCycle }`: a copy with one more key costs V8 about 1 µs a bot.
        return Object.assign(toBot(row), {
          openCycle: cycle
            ? {
                id: cycle.id,
                number: cycle.number,
                filledAmount: format(parse(cycle.filled_amount)),
                averageEntry: cycle.average_entry === null ? null : format(parse(cycle.average_entry)),
              }
            : null,
        });
      });
      return { items, page: query.page, pageSize: query.pageSize };
    },

    /** One bot with its latest cycles and orders (the newest 50 of each). */
    async detail(memberId: string, id: string): Promise<TBotDetail> {
      const bot = await ownBot(memberId, id);
      const [cycles, orders] = await Promise.all([
        db
          .selectFrom('bot_cycles')
          .selectAll()
          .where('bot_id', '=', bot.id)
          .orderBy('number', 'desc')
          .limit(50)
          .execute(),
        db
          .selectFrom('bot_orders')
          .selectAll()
          .where('bot_id', '=', bot.id)
          .orderBy('id', 'desc')
          .limit(50)
          .execute(),
      ]);
      return { bot: toBot(bot), cycles: cycles.map(toCycle), orders: orders.map(toOrder) };
    },
  };

  function targetOf(bot: BotRow): Target {
    return {
      rentalId: bot.rental_id,
      exchange: bot.exchange,
      marketType: bot.market_type,
      symbol: bot.symbol,
      direction: bot.direction,
    };
  }

  /**
   * Records the reversal for the engine. The other side's ladder is checked now, as a new bot would be (a
   * short ladder climbs toward its own liquidation), and the capital the bot holds becomes what it needs.
   */
  async function reverse(memberId: string, bot: BotRow): Promise<BotRow> {
    const target: Target = { ...targetOf(bot), direction: bot.direction === 'long' ? 'short' : 'long' };
    const rental = await rentalFor(memberId, target);
    const m = await marketFor(memberId, target);
    return db.transaction().execute(async (trx) => {
      await lockRental(trx, rental.id);
      const plan = planFor(target, strategyOf(bot), m, await capitalAvailable(trx, rental, bot.id));
      refuseProblem(plan);
      return trx
        .updateTable('bots')
        .set({ pending_action: 'reverse', capital_required: plan.capitalRequired, updated_at: new Date() })
        .where('id', '=', bot.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async function groupOf(memberId: string, groupId: string): Promise<TBotGroup> {
    const group = await db
      .selectFrom('bot_groups')
      .selectAll()
      .where('id', '=', groupId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!group) throw new AppError('BOT_GROUP_NOT_FOUND');
    const bots = await db
      .selectFrom('bots')
      .selectAll()
      .where('group_id', '=', group.id)
      .orderBy('id')
      .execute();
    return { id: group.id, exchange: group.exchange, marketType: group.market_type, bots: bots.map(toBot) };
  }

  function setStatus(id: string, status: BotRow['status'], reason: BotRow['paused_reason']) {
    return db
      .updateTable('bots')
      .set({ status, paused_reason: reason, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}

export type BotsService = ReturnType<typeof createBotsService>;
