import type { TTradingExchange } from '@app/contracts';
import { format, parse } from '@app/money/decimal';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { AppError } from '../../../platform/errors';
import { activeRentalsOf } from '../../bot-rentals/active-rentals';
import type { Connector, Market, Order } from '../../exchanges/connector';
import type { NotificationService } from '../../notifications/notifications.service';
import { type BotRow, type CycleRow, dcaSettingsOf, type OrderRow } from '../bot-settings';
import { planDca } from '../dca/dca-plan';
import { marketAssumptions } from '../market-assumptions';
import { settledAlready } from './cycle-book';
import { decide } from './decide';
import {
  bookOf,
  entrySideOf,
  exitSideOf,
  intentOf,
  manualIntent,
  type OrderIntent,
  opposite,
  orderValues,
  refusedTooOften,
} from './order-intents';

/**
 * The engine's per-bot steps, each under the bot's lease (the rules are in bot-engine.ts): take the lease,
 * record an order fenced by it, send it, reconcile the bot's working orders with its exchange, settle its
 * cycle, and the full step that does all of these for one bot. The fleet (fleet.ts) uses the same steps
 * for the bots it drives from memory.
 */

export interface BotVenues {
  /**
   * Throws KEY_NOT_BOUND (or the key's refusal) when the member cannot trade there now. With the bot's
   * rental: a managed-mode rental trades the platform's account for the member, not their key.
   */
  connectorFor(memberId: string, exchange: TTradingExchange, rentalId?: string): Promise<Connector>;
  isKeyUsable(
    memberId: string,
    exchange: Exclude<TTradingExchange, 'paper'>,
    rentalId?: string,
  ): Promise<boolean>;
}

export interface BotStepsOptions {
  db: Db;
  venues: BotVenues;
  /** This process's name in the leases; unique per running engine. */
  owner: string;
  /** Tells the member, in the transaction that pauses their bot or closes its cycle at the stop loss. */
  notify: NotificationService['notify'];
  leaseMs: number;
  now: () => Date;
  log?: { warn(obj: object, msg: string): void };
  /** Told how long each order took the exchange to answer, and how it ended (the worker's metrics). */
  onOrderSent?: (exchange: string, outcome: 'placed' | 'rejected' | 'failed', seconds: number) => void;
}

const MARKET_RULES_TTL_MS = 3600_000;

/**
 * When a lease taken now runs out. Leases are read from the engine's clock rather than the database's
 * now(), so a test expires one by moving the clock instead of sleeping (decisions, section 52).
 */
export const leaseEnd = (now: () => Date, leaseMs: number) => new Date(now().getTime() + leaseMs);

/** Refusals prove the exchange did not take the order; any other failure leaves the outcome open. */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && error.status >= 400 && error.status < 500;

const isKeyProblem = (error: unknown) => error instanceof AppError && error.code.startsWith('KEY_');

/** Where a bot notification leads: the member's list of bots. Mirrors the web's BotPaths.list. */
const BOT_LIST_PAGE = '/pages/personal/symbol';

export function createBotSteps(options: BotStepsOptions) {
  const { db, venues, owner, notify, leaseMs, now } = options;
  const marketCache = new Map<string, { market: Market; at: number }>();

  // --- leases ---

  /** Takes or renews the leases of these bots in one statement; the ids it got (not those another holds). */
  async function acquireAll(botIds: string[]): Promise<Set<string>> {
    const rows = await db
      .updateTable('bots')
      .set({ lease_owner: owner, lease_until: leaseEnd(now, leaseMs) })
      .where('id', '=', sql<string>`ANY(${sql.val(botIds)}::bigint[])`)
      .where((eb) =>
        eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now())]),
      )
      .returning('id')
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Takes or renews the bot's lease; false when another engine holds an unexpired one. */
  const acquire = async (botId: string): Promise<boolean> => (await acquireAll([botId])).has(botId);

  async function releaseAll(): Promise<void> {
    await db
      .updateTable('bots')
      .set({ lease_owner: null, lease_until: null })
      .where('lease_owner', '=', owner)
      .execute();
  }

  // --- recording and sending orders ---

  /**
   * Writes the order row `pending` (and the new cycle it opens), fenced by the lease. Returns null when the
   * lease is gone: another engine drives the bot now. The same slot twice returns the existing row.
   */
  async function record(bot: BotRow, intent: OrderIntent): Promise<OrderRow | null> {
    return db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('bots')
        .select('id')
        .where('id', '=', bot.id)
        .where('lease_owner', '=', owner)
        .where('lease_until', '>', now())
        .forUpdate()
        .executeTakeFirst();
      if (!held) return null;
      let cycle: Pick<CycleRow, 'id' | 'number'>;
      if (intent.cycleId === null) {
        const last = await trx
          .selectFrom('bot_cycles')
          .select((eb) => eb.fn.max('number').as('n'))
          .where('bot_id', '=', bot.id)
          .executeTakeFirst();
        cycle = await trx
          .insertInto('bot_cycles')
          .values({ bot_id: bot.id, number: (last?.n ?? 0) + 1, state: 'open' })
          .returning(['id', 'number'])
          .executeTakeFirstOrThrow();
      } else if (intent.cycleNumber !== undefined) {
        cycle = { id: intent.cycleId, number: intent.cycleNumber }; // a cycle's number never changes
      } else {
        cycle = await trx
          .selectFrom('bot_cycles')
          .select(['id', 'number'])
          .where('id', '=', intent.cycleId)
          .executeTakeFirstOrThrow();
      }
      if (intent.side === exitSideOf(bot)) {
        await trx.updateTable('bot_cycles').set({ state: 'closing' }).where('id', '=', cycle.id).execute();
      }
      if (intent.clearsAction) {
        await trx
          .updateTable('bots')
          .set({ pending_action: null, ...(intent.flipsDirection ? { direction: bot.direction } : {}) })
          .where('id', '=', bot.id)
          .execute();
      }
      const inserted = await trx
        .insertInto('bot_orders')
        .values(orderValues(bot, cycle, intent))
        .onConflict((oc) => oc.columns(['cycle_id', 'slot']).doNothing())
        .returningAll()
        .executeTakeFirst();
      // Read back only when the slot was already taken: one statement less on the usual path.
      return (
        inserted ??
        trx
          .selectFrom('bot_orders')
          .selectAll()
          .where('cycle_id', '=', cycle.id)
          .where('slot', '=', intent.slot)
          .executeTakeFirstOrThrow()
      );
    });
  }

  async function applyExchange(row: OrderRow, order: Order): Promise<OrderRow> {
    return db
      .updateTable('bot_orders')
      .set({
        exchange_order_id: order.id,
        status: order.status,
        filled: order.filled,
        average_price: order.averagePrice,
        fee_asset: order.fee?.asset ?? null,
        fee: order.fee?.amount ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sends a pending row with its client order id; a refusal marks it rejected, anything else leaves it. */
  async function send(bot: BotRow, row: OrderRow, connector: Connector): Promise<OrderRow> {
    const started = performance.now();
    let told = false; // once per send: a failure to record a placed order is not a second outcome
    const sent = (outcome: 'placed' | 'rejected' | 'failed') => {
      if (!told) options.onOrderSent?.(row.exchange, outcome, (performance.now() - started) / 1000);
      told = true;
    };
    try {
      const placed = await connector.placeOrder({
        symbol: bot.symbol,
        type: row.type,
        side: row.side,
        amount: format(parse(row.amount)),
        ...(row.price === null ? {} : { price: format(parse(row.price)) }),
        clientOrderId: row.client_order_id,
        ...(row.reduce_only ? { reduceOnly: true } : {}),
      });
      sent('placed');
      return await applyExchange(row, placed);
    } catch (error) {
      if (!isRefusal(error) || isKeyProblem(error)) {
        sent('failed');
        throw error;
      }
      sent('rejected');
      return db
        .updateTable('bot_orders')
        .set({ status: 'rejected', error_code: error.code, updated_at: new Date() })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
  }

  /** Brings every working order of the bot up to date; sends the pending ones the exchange never got. */
  async function reconcile(bot: BotRow, connector: Connector): Promise<void> {
    const working = await db
      .selectFrom('bot_orders')
      .selectAll()
      .where('bot_id', '=', bot.id)
      .where('status', 'in', ['pending', 'open'])
      .orderBy('id')
      .execute();
    for (const row of working) {
      const found = await connector.fetchOrder(bot.symbol, { clientOrderId: row.client_order_id });
      if (found) await applyExchange(row, found);
      else if (row.status === 'pending') await send(bot, row, connector);
    }
  }

  // --- cycles ---

  async function marketOf(bot: BotRow, connector: Connector): Promise<Market> {
    const key = `${bot.exchange}|${bot.symbol}`;
    const cached = marketCache.get(key);
    if (cached && now().getTime() - cached.at < MARKET_RULES_TTL_MS) return cached.market;
    const market = (await connector.markets(bot.market_type)).find((m) => m.symbol === bot.symbol);
    if (!market)
      throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `${bot.symbol} is not listed`, { symbol: bot.symbol });
    marketCache.set(key, { market, at: now().getTime() });
    return market;
  }

  const ordersOf = (cycleId: string) =>
    db.selectFrom('bot_orders').selectAll().where('cycle_id', '=', cycleId).orderBy('id').execute();

  /** The cycle's columns from its orders; closes it once an exit has taken the whole position back. */
  async function settle(bot: BotRow, cycle: CycleRow, orders: OrderRow[], market: Market): Promise<CycleRow> {
    const book = bookOf(bot, market, orders);
    const working = orders.some((o) => o.status === 'pending' || o.status === 'open');
    const lastExit = [...orders].reverse().find((o) => o.side === exitSideOf(bot));
    let state = cycle.state;
    let closed: Pick<Partial<CycleRow>, 'closed_at' | 'realized_pnl' | 'close_reason'> = {};
    if (!working && book.exited > 0n && book.open === 0n) {
      state = 'closed';
      closed = {
        closed_at: now(),
        realized_pnl: format(book.realizedPnl),
        close_reason:
          lastExit?.kind === 'stop_loss'
            ? 'stop_loss'
            : lastExit?.kind === 'take_profit'
              ? 'take_profit'
              : bot.pending_action === 'reverse'
                ? 'reversed'
                : 'manual',
      };
    } else if (!working && state === 'closing') {
      state = 'open'; // the exit was refused or only partly filled: the cycle goes on
    }
    // Most steps find the cycle as the last one left it: no write, no transaction.
    if (state === cycle.state && settledAlready(cycle, book)) return cycle;
    // Only the settle that closes the cycle at the stop loss tells the member (a closed cycle is never
    // settled again): that one writes the notification in the same transaction; any other is one UPDATE,
    // atomic on its own, without BEGIN and COMMIT round trips.
    const notifies = cycle.state !== 'closed' && closed.close_reason === 'stop_loss';
    const write = (q: Pick<Db, 'updateTable'>) =>
      q
        .updateTable('bot_cycles')
        .set({
          state,
          base_price: book.basePrice === null ? null : format(book.basePrice),
          average_entry: book.averageEntry === null ? null : format(book.averageEntry),
          filled_amount: format(book.entered),
          safety_orders_filled: book.safetyOrdersFilled,
          ...closed,
        })
        .where('id', '=', cycle.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    if (!notifies) return write(db);
    return db.transaction().execute(async (trx) => {
      const updated = await write(trx);
      await notify(trx, {
        memberId: bot.member_id,
        kind: 'bot_stop_loss',
        params: { symbol: bot.symbol, exchange: bot.exchange },
        link: BOT_LIST_PAGE,
      });
      return updated;
    });
  }

  /** Sends a freshly recorded order and books its fill at once, so the cycle's figures never lag a tick. */
  async function place(bot: BotRow, row: OrderRow, connector: Connector, market: Market): Promise<void> {
    if (row.status === 'pending') await send(bot, row, connector);
    const cycle = await db
      .selectFrom('bot_cycles')
      .selectAll()
      .where('id', '=', row.cycle_id)
      .executeTakeFirstOrThrow();
    await settle(bot, cycle, await ordersOf(cycle.id), market);
  }

  /** Pauses a running bot and tells its member; a bot already paused changes nothing and is not announced again. */
  async function pause(botId: string, reason: 'key_unusable' | 'orders_rejected') {
    await db.transaction().execute(async (trx) => {
      const paused = await trx
        .updateTable('bots')
        .set({ status: 'paused', paused_reason: reason, updated_at: new Date() })
        .where('id', '=', botId)
        .where('status', '=', 'running')
        .returning(['member_id', 'symbol', 'exchange'])
        .executeTakeFirst();
      if (!paused) return;
      await notify(trx, {
        memberId: paused.member_id,
        kind: reason === 'key_unusable' ? 'bot_paused_key_unusable' : 'bot_paused_orders_rejected',
        params: { symbol: paused.symbol, exchange: paused.exchange },
        link: BOT_LIST_PAGE,
      });
    });
  }

  async function isMarketOff(bot: BotRow): Promise<boolean> {
    const off = await db
      .selectFrom('bot_market_switches')
      .select('member_id')
      .where('member_id', '=', bot.member_id)
      .where('exchange', '=', bot.exchange)
      .where('market_type', '=', bot.market_type)
      .executeTakeFirst();
    return off !== undefined;
  }

  /**
   * The second half of a reversal, once the reversed cycle is closed: the base order of the other side, at
   * the market, recorded with the flipped direction in one fenced transaction. Runs paused or not, market
   * off or not: the member asked for the new position.
   */
  async function openReversed(bot: BotRow, connector: Connector, market: Market): Promise<void> {
    const flipped: BotRow = { ...bot, direction: opposite(bot.direction), pending_action: null };
    const [ticker] = await connector.tickers(bot.market_type, [bot.symbol]);
    if (!ticker) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${bot.symbol}`);
    const base = planDca(dcaSettingsOf(flipped), marketAssumptions(bot.exchange, market), ticker.last)
      .orders[0]!;
    const row = await record(flipped, {
      cycleId: null,
      kind: 'base',
      slot: 'base',
      side: entrySideOf(flipped),
      type: 'market',
      price: null,
      amount: base.amount,
      reduceOnly: false,
      clearsAction: true,
      flipsDirection: true,
    });
    if (row) await place(flipped, row, connector, market);
  }

  /** Reconcile, settle, and (when nothing is working and the bot runs) take one step. Lease must be held. */
  async function step(botId: string): Promise<void> {
    let bot = await db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
    if (bot.exchange !== 'paper' && !(await venues.isKeyUsable(bot.member_id, bot.exchange, bot.rental_id))) {
      // Unbinding a key leaves positions as they are; binding one again resumes the bot (spec, Bots).
      await pause(bot.id, 'key_unusable');
      return;
    }
    if (bot.status === 'paused' && bot.paused_reason === 'key_unusable') {
      bot = await db
        .updateTable('bots')
        .set({ status: 'running', paused_reason: null, updated_at: new Date() })
        .where('id', '=', bot.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const connector = await venues.connectorFor(bot.member_id, bot.exchange, bot.rental_id);
    await reconcile(bot, connector);
    const market = await marketOf(bot, connector);

    let cycle = await db
      .selectFrom('bot_cycles')
      .selectAll()
      .where('bot_id', '=', bot.id)
      .where('state', '<>', 'closed')
      .executeTakeFirst();
    let orders = cycle ? await ordersOf(cycle.id) : [];
    if (cycle) {
      cycle = await settle(bot, cycle, orders, market);
      if (cycle.state === 'closed') {
        cycle = undefined;
        orders = [];
      }
    }
    if (orders.some((o) => o.status === 'pending' || o.status === 'open')) return;
    const settings = dcaSettingsOf(bot);
    const assumptions = marketAssumptions(bot.exchange, market);
    if (bot.pending_action === 'reverse' && !cycle) {
      await openReversed(bot, connector, market);
      return;
    }
    if (bot.pending_action) {
      // The member's action goes first, paused or not: it is theirs to take.
      const intent = cycle
        ? manualIntent(bot, cycle, orders, bookOf(bot, market, orders), settings, assumptions)
        : null;
      if (!intent) {
        await db.updateTable('bots').set({ pending_action: null }).where('id', '=', bot.id).execute();
        return;
      }
      const row = await record(bot, intent);
      if (row) await place(bot, row, connector, market);
      return;
    }
    if (bot.status !== 'running') return;
    const [ticker] = await connector.tickers(bot.market_type, [bot.symbol]);
    if (!ticker) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${bot.symbol}`);
    const book = cycle
      ? {
          ...bookOf(bot, market, orders),
          bestPrice: cycle.best_price === null ? null : parse(cycle.best_price),
        }
      : null;
    // The rental, the cooldown and the market switches only hold back a new cycle: asked only when one could
    // open (a cycle holding a position runs to its end whatever they say).
    const opening = book === null || book.entered === 0n;
    const lastClosed = opening
      ? await db
          .selectFrom('bot_cycles')
          .select('closed_at')
          .where('bot_id', '=', bot.id)
          .where('state', '=', 'closed')
          .orderBy('closed_at', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    const rentalActive =
      !opening || (await activeRentalsOf(db, bot.member_id)).some((r) => r.id === bot.rental_id);
    // A market or an all-in-one symbol switched off opens nothing new.
    const marketOff = bot.aio_off || (opening && (await isMarketOff(bot)));
    const decision = decide({
      settings,
      market: assumptions,
      cycle: book,
      rentalActive,
      marketOff,
      lastClosedAt: lastClosed?.closed_at ?? null,
      cooldownSeconds: bot.cooldown_seconds,
      now: now(),
      price: parse(ticker.last),
    });
    if (decision.kind === 'trail') {
      await db
        .updateTable('bot_cycles')
        .set({ best_price: decision.best })
        .where('id', '=', cycle!.id)
        .execute();
      return;
    }
    const intent = intentOf(bot, cycle ?? null, decision, orders);
    if (!intent) return;
    if (refusedTooOften(intent, orders)) {
      await pause(bot.id, 'orders_rejected');
      return;
    }
    if (intent.kind === 'base' && bot.market_type === 'perpetual' && cycle === undefined) {
      await connector.setMarginMode(bot.symbol, bot.margin_mode);
      await connector.setLeverage(bot.symbol, bot.leverage);
    }
    const row = await record(bot, intent);
    if (row) await place(bot, row, connector, market);
  }

  /** What a failed step leaves: a key refusal pauses the bot; anything else is logged and tried again. */
  async function failed(botId: string, error: unknown): Promise<void> {
    if (isKeyProblem(error)) await pause(botId, 'key_unusable');
    else
      options.log?.warn(
        { botId, error: error instanceof Error ? error.message : String(error) },
        'bot step failed',
      );
  }

  /** One bot: lease it, step it. Errors stay with the bot (logged); a key refusal pauses it. */
  async function runBot(botId: string, leased = false): Promise<'stepped' | 'skipped'> {
    if (!leased && !(await acquire(botId))) return 'skipped';
    try {
      await step(botId);
    } catch (error) {
      await failed(botId, error);
    }
    return 'stepped';
  }

  return {
    acquireAll,
    acquire,
    releaseAll,
    record,
    send,
    reconcile,
    marketOf,
    settle,
    step,
    failed,
    runBot,
    connectorFor: (bot: BotRow) => venues.connectorFor(bot.member_id, bot.exchange, bot.rental_id),
  };
}

export type BotSteps = ReturnType<typeof createBotSteps>;
