import type {
  TBot,
  TBotDetail,
  TBotPreview,
  TBotStrategy,
  TBotsQuery,
  TCreateBotRequest,
  TPage,
} from '@app/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { type ActiveRental, activeRentalsOf } from '../bot-rentals/active-rentals';
import type { Market } from '../exchanges/connector';
import { divide, format, max, parse } from '../exchanges/paper/paper-decimal';
import { type BotRow, dcaSettings, strategyColumns, toBot, toCycle, toOrder } from './bot-settings';
import { type DcaPlan, planDca } from './dca/dca-plan';
import type { BotVenues } from './engine/bot-engine';
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
export function createBotsService({ db, venues }: { db: Db; venues: BotVenues }) {
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
    if (target.exchange !== 'paper' && !(await venues.isKeyUsable(memberId, target.exchange))) {
      throw new AppError('KEY_NOT_BOUND');
    }
    const connector = await venues.connectorFor(memberId, target.exchange);
    const market = (await connector.markets(target.marketType)).find((m) => m.symbol === target.symbol);
    if (!market) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `${target.symbol} is not listed`);
    const [ticker] = await connector.tickers(target.marketType, [target.symbol]);
    if (!ticker) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${target.symbol}`);
    return { market, price: ticker.last };
  }

  /** The rental's capital limit as a decimal of its currency, minus what its other live bots need. */
  async function capitalAvailable(q: Db, rental: ActiveRental, exceptBotId: string | null): Promise<string> {
    const currency = await q
      .selectFrom('currencies')
      .select('decimals')
      .where('code', '=', rental.currency)
      .executeTakeFirstOrThrow();
    const limit = divide(parse(String(rental.capitalLimitMinor)), 10n ** BigInt(currency.decimals), 'down');
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
          await trx.selectFrom('bot_rentals').select('id').where('id', '=', rental.id).forUpdate().execute();
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
        await trx.selectFrom('bot_rentals').select('id').where('id', '=', rental.id).forUpdate().execute();
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
      if (bot.exchange !== 'paper' && !(await venues.isKeyUsable(memberId, bot.exchange))) {
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
     * Bottrade/addentry and closeposition: asks the engine to buy the next safety order now, or to close the
     * position at the market. The engine carries it out on its next tick (it alone places the bot's orders);
     * asking twice before then is one action.
     */
    async act(memberId: string, id: string, action: 'add_entry' | 'close'): Promise<TBot> {
      const bot = await ownBot(memberId, id);
      if (bot.status === 'stopped') throw new AppError('BOT_STATE_INVALID');
      if (bot.exchange !== 'paper' && !(await venues.isKeyUsable(memberId, bot.exchange))) {
        throw new AppError('KEY_NOT_BOUND');
      }
      const cycle = await db
        .selectFrom('bot_cycles')
        .select(['filled_amount', 'safety_orders_filled', 'state'])
        .where('bot_id', '=', bot.id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      const holds = cycle !== undefined && parse(cycle.filled_amount) > 0n;
      const canAdd = action === 'close' || (cycle?.safety_orders_filled ?? 0) < bot.safety_order_count;
      if (!holds || !canAdd) throw new AppError('BOT_STATE_INVALID', 'No open position to act on');
      return toBot(
        await db
          .updateTable('bots')
          .set({ pending_action: action, updated_at: new Date() })
          .where('id', '=', bot.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    },

    async list(memberId: string, query: TBotsQuery): Promise<TPage<TBot>> {
      let q = db.selectFrom('bots').selectAll().where('member_id', '=', memberId);
      if (query.exchange) q = q.where('exchange', '=', query.exchange);
      if (query.marketType) q = q.where('market_type', '=', query.marketType);
      const rows = await q
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return { items: rows.map(toBot), page: query.page, pageSize: query.pageSize };
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
