import { parse } from '@app/money/decimal';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Connector, Market, MarketType } from '../../exchanges/connector';
import { type BotRow, type CycleRow, dcaSettingsOf, type OrderRow } from '../bot-settings';
import type { DcaSettings, MarketAssumptions } from '../dca/dca-plan';
import { marketAssumptions } from '../market-assumptions';
import { type BotSteps, leaseEnd } from './bot-steps';
import { type CycleBook, settledAlready } from './cycle-book';
import { type BotState, type CycleLevels, cycleLevels, decide } from './decide';
import { bookOf, type FleetIntent, intentOf, orderValues, refusedTooOften } from './order-intents';

/**
 * The engine's fleet: the bots this engine holds the lease of, kept in memory between passes with their
 * open cycle and its orders (decisions, section 38). Nothing but the lease holder writes a bot's cycles and
 * orders, so while the lease stays ours without a break what memory says is what the database says; the
 * bot row itself, which the member changes, is read again whenever its `revision` moves.
 *
 * A pass, in the order that keeps the delay from a price to its order short:
 *
 * 1. Catch up: the bot rows whose revision moved (one indexed read), bots reloaded where a step outside the
 *    fleet changed them; every third of the lease, the leases renewed and new bots taken.
 * 2. Decide in memory for every bot that can only trade by its strategy (on the paper exchange, nothing
 *    working, no member action, its cycle settled): one price per symbol, the strategy asked with it.
 * 3. Record every resulting order in one fenced transaction per `RECORD_BATCH`: the bots locked, still
 *    ours, unchanged since read (revision), and for a new cycle the rental still running and the market
 *    not switched off; the cycles and pending rows written in a few set-based statements.
 * 4. Then, `concurrency` at a time, send the recorded orders and settle their cycles, and give every other
 *    bot that needs attention (an order working, an action, a key to re-check, a real exchange) the
 *    engine's full step, which reads everything under the lease again. Those are read again next pass.
 */

export interface FleetDeps {
  db: Db;
  owner: string;
  leaseMs: number;
  concurrency: number;
  now: () => Date;
  /** The engine's per-bot steps, shared with its `runBot`. */
  steps: Pick<BotSteps, 'acquireAll' | 'connectorFor' | 'marketOf' | 'send' | 'settle' | 'runBot' | 'failed'>;
  log?: { warn(obj: object, msg: string): void };
}

interface Held {
  bot: BotRow;
  /** The open (or closing) cycle and its orders, oldest first. */
  cycle: CycleRow | null;
  orders: OrderRow[];
  lastClosedAt: Date | null;
  /** The highest cycle number the bot has used: the next cycle's is one more. */
  lastNumber: number;
  /**
   * Figured from the fields above when first needed and kept while they stay as they are: at every price
   * only the comparisons with the cycle's levels are left to do.
   */
  derived?: Derived;
}

interface Derived {
  market: Market;
  settings: DcaSettings;
  assumptions: MarketAssumptions;
  book: CycleBook | null;
  /** Whether only the strategy can move the bot now (`byStrategyAlone`). */
  alone: boolean;
  cycle: BotState['cycle'];
  levels: CycleLevels | null;
}

/** Orders recorded per fenced transaction (and the statement parameters stay well under PostgreSQL's limit). */
const RECORD_BATCH = 1000;

const idList = (values: string[]) => sql<string>`ANY(${sql.val(values)}::bigint[])`;
const working = (o: OrderRow) => o.status === 'pending' || o.status === 'open';

/**
 * Work on single bots (sends, full steps) run behind the pass, at most `lanes` at once: the next pass
 * decides for every other bot while they run, and leaves the busy ones alone.
 */
function createWorkQueue(lanes: number, log?: { warn(obj: object, msg: string): void }) {
  const busy = new Set<string>();
  const waiting: { botId: string; task: () => Promise<void> }[] = [];
  let running = 0;
  let idle: { promise: Promise<void>; resolve: () => void } | null = null;
  const startNext = () => {
    while (running < lanes && waiting.length > 0) {
      const { botId, task } = waiting.shift()!;
      running++;
      void task()
        .catch((error) => log?.warn({ botId, error: String(error) }, 'bot work failed'))
        .finally(() => {
          running--;
          busy.delete(botId);
          startNext();
          if (running === 0 && waiting.length === 0 && idle) {
            idle.resolve();
            idle = null;
          }
        });
    }
  };
  return {
    busy: (botId: string) => busy.has(botId),
    /** Queues the bot's task; the task handles its own errors. */
    add(botId: string, task: () => Promise<void>) {
      busy.add(botId);
      waiting.push({ botId, task });
      startNext();
    },
    /** Resolves once nothing is queued or running. */
    settled(): Promise<void> {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      if (!idle) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        idle = { promise, resolve };
      }
      return idle.promise;
    },
  };
}

export function createFleet(deps: FleetDeps) {
  const { db, owner } = deps;
  const held = new Map<string, Held>();
  /** Held bots whose memory a step outside the fleet may have changed: read again before the next decision. */
  const stale = new Set<string>();
  let revisionSeen = '0';
  let renewAt = 0;
  const queue = createWorkQueue(deps.concurrency, deps.log);
  /** The lease renewal and the taking of new bots that a pass started behind itself, if still running. */
  let leasing: Promise<void> | null = null;
  /** Resolves once the queued work and the lease renewal are done. */
  const settled = async () => {
    await leasing;
    await queue.settled();
  };

  /** The bots worth holding: those that run, or have something to finish or carry out. */
  const candidateBots = () =>
    db
      .selectFrom('bots as b')
      .select('b.id')
      .where((eb) =>
        eb.or([
          eb('b.status', '=', 'running'),
          eb('b.paused_reason', '=', 'key_unusable'),
          eb('b.pending_action', 'is not', null),
          eb.exists(
            eb
              .selectFrom('bot_orders as o')
              .select('o.id')
              .whereRef('o.bot_id', '=', 'b.id')
              .where('o.status', 'in', ['pending', 'open']),
          ),
        ]),
      );

  /** Reads the bots, their open cycles with their orders, and their cycle history into memory. */
  async function load(botIds: string[]): Promise<void> {
    if (botIds.length === 0) return;
    const [bots, cycles, orders, history] = await Promise.all([
      db.selectFrom('bots').selectAll().where('id', '=', idList(botIds)).execute(),
      db
        .selectFrom('bot_cycles')
        .selectAll()
        .where('bot_id', '=', idList(botIds))
        .where('state', '<>', 'closed')
        .execute(),
      db
        .selectFrom('bot_orders as o')
        .innerJoin('bot_cycles as c', 'c.id', 'o.cycle_id')
        .selectAll('o')
        .where('c.bot_id', '=', idList(botIds))
        .where('c.state', '<>', 'closed')
        .orderBy('o.id')
        .execute(),
      db
        .selectFrom('bot_cycles')
        .select((eb) => [
          'bot_id',
          eb.fn.max('number').as('last_number'),
          eb.fn.max('closed_at').as('last_closed_at'),
        ])
        .where('bot_id', '=', idList(botIds))
        .groupBy('bot_id')
        .execute(),
    ]);
    const cycleOf = new Map(cycles.map((c) => [c.bot_id, c]));
    const historyOf = new Map(history.map((h) => [h.bot_id, h]));
    const ordersOf = new Map<string, OrderRow[]>();
    for (const o of orders) {
      const list = ordersOf.get(o.bot_id);
      if (list) list.push(o);
      else ordersOf.set(o.bot_id, [o]);
    }
    for (const bot of bots) {
      const cycle = cycleOf.get(bot.id) ?? null;
      held.set(bot.id, {
        bot,
        cycle,
        orders: cycle ? (ordersOf.get(bot.id) ?? []) : [],
        lastClosedAt: historyOf.get(bot.id)?.last_closed_at ?? null,
        lastNumber: historyOf.get(bot.id)?.last_number ?? 0,
      });
      stale.delete(bot.id);
    }
  }

  /** Takes these bots' leases and reads those it got; the others stay with whoever holds them. */
  async function take(botIds: string[]): Promise<void> {
    if (botIds.length === 0) return;
    await load([...(await deps.steps.acquireAll(botIds))]);
  }

  /**
   * Renews every lease held. A bot whose lease is no longer ours (another engine took it after ours ran
   * out) leaves memory: it may have traded since. Bots with nothing left to do (stopped or paused by the
   * member, nothing working) are let go. One renewal at a time: lanes of a long pass call it too.
   */
  let renewing: Promise<void> | null = null;
  function renewLeases(): Promise<void> {
    renewing ??= (async () => {
      renewAt = deps.now().getTime() + deps.leaseMs / 3;
      const idle = [...held.values()]
        .filter(
          (h) =>
            h.bot.status !== 'running' &&
            h.bot.paused_reason !== 'key_unusable' &&
            h.bot.pending_action === null &&
            !h.orders.some(working) &&
            !stale.has(h.bot.id) &&
            !queue.busy(h.bot.id),
        )
        .map((h) => h.bot.id);
      for (const id of idle) held.delete(id);
      if (idle.length > 0) {
        await db
          .updateTable('bots')
          .set({ lease_owner: null, lease_until: null })
          .where('id', '=', idList(idle))
          .where('lease_owner', '=', owner)
          .execute();
      }
      const ours = [...held.keys()];
      if (ours.length === 0) return;
      // Still ours means nobody held it since we read it: what memory says is still true. The rows come
      // back whole: a change the revision read missed (its transaction committed after a later one was
      // read) reaches memory here, a third of a lease later at most.
      const kept = await db
        .updateTable('bots')
        .set({ lease_until: leaseEnd(deps.now, deps.leaseMs) })
        .where('id', '=', idList(ours))
        .where('lease_owner', '=', owner)
        .returningAll()
        .execute();
      const still = new Map(kept.map((r) => [r.id, r]));
      for (const id of ours) {
        const row = still.get(id);
        const h = held.get(id);
        if (row && h) {
          if (row.revision !== h.bot.revision) {
            h.bot = row;
            h.derived = undefined;
          }
          continue;
        }
        held.delete(id);
        stale.delete(id);
      }
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  /** Takes the bots worth holding whose lease is free (or was ours before a restart). */
  async function takeFree(): Promise<void> {
    const free = await candidateBots()
      .where((eb) =>
        eb.or([
          eb('b.lease_owner', 'is', null),
          eb('b.lease_owner', '=', owner),
          eb('b.lease_until', '<', deps.now()),
        ]),
      )
      .execute();
    await take(free.map((r) => r.id).filter((id) => !held.has(id)));
  }

  /** The bot rows changed since the last look: memory takes them; a new bot worth holding is taken. */
  async function catchUp(): Promise<void> {
    const changed = await db
      .selectFrom('bots')
      .selectAll()
      .where('revision', '>', revisionSeen)
      .orderBy('revision')
      .execute();
    const wanted: string[] = [];
    for (const bot of changed) {
      if (BigInt(bot.revision) > BigInt(revisionSeen)) revisionSeen = bot.revision;
      const h = held.get(bot.id);
      if (h) {
        h.bot = bot;
        h.derived = undefined;
      } else if (bot.status === 'running' || bot.paused_reason === 'key_unusable' || bot.pending_action) {
        wanted.push(bot.id);
      }
    }
    await take(wanted);
  }

  function derive(h: Held, market: Market): Derived {
    const settings = dcaSettingsOf(h.bot);
    const assumptions = marketAssumptions(h.bot.exchange, market);
    const book = h.cycle ? bookOf(h.bot, market, h.orders) : null;
    const cycle =
      h.cycle && book
        ? { ...book, bestPrice: h.cycle.best_price === null ? null : parse(h.cycle.best_price) }
        : null;
    return {
      market,
      settings,
      assumptions,
      book,
      alone: byStrategyAlone(h, book),
      cycle,
      levels: cycle && cycle.entered > 0n ? cycleLevels(settings, assumptions, cycle) : null,
    };
  }

  /** One price per symbol, through one paper connector: the paper market is the same for every member. */
  async function paperPrices(bots: BotRow[]): Promise<{ prices: Map<string, bigint>; connector: Connector }> {
    const prices = new Map<string, bigint>();
    const connector = await deps.steps.connectorFor(bots[0]!);
    for (const type of ['spot', 'perpetual'] as MarketType[]) {
      const symbols = [...new Set(bots.filter((b) => b.market_type === type).map((b) => b.symbol))];
      if (symbols.length === 0) continue;
      for (const t of await connector.tickers(type, symbols))
        prices.set(`${type}|${t.symbol}`, parse(t.last));
    }
    return { prices, connector };
  }

  /** Whether only the strategy can move this bot now: no action, nothing working, its cycle settled. */
  function byStrategyAlone(h: Held, book: CycleBook | null): boolean {
    const { bot, cycle } = h;
    if (bot.exchange !== 'paper' || bot.pending_action !== null || bot.paused_reason === 'key_unusable')
      return false;
    if (h.orders.some(working)) return false;
    if (cycle && book) {
      if (cycle.state !== 'open' || (book.exited > 0n && book.open === 0n)) return false;
      if (!settledAlready(cycle, book)) return false;
    }
    return true;
  }

  interface Planned {
    h: Held;
    intent: FleetIntent;
  }

  /**
   * Writes the orders pending, fenced: only for bots still leased to us and unchanged since read, and a
   * new cycle only where the rental runs and the market is on. Returns what was written, by bot.
   */
  async function record(planned: Planned[]): Promise<Map<string, OrderRow>> {
    const written = new Map<string, OrderRow>();
    await db.transaction().execute(async (trx) => {
      const fenced = await sql<{ id: string; may_open: boolean }>`
        SELECT b.id,
          EXISTS (SELECT 1 FROM bot_rentals r WHERE r.id = b.rental_id AND r.ends_at > now())
          AND NOT EXISTS (
            SELECT 1 FROM bot_market_switches s
            WHERE s.member_id = b.member_id AND s.exchange = b.exchange AND s.market_type = b.market_type
          ) AS may_open
        FROM bots b
        JOIN unnest(${sql.val(planned.map((p) => p.h.bot.id))}::bigint[],
                    ${sql.val(planned.map((p) => p.h.bot.revision))}::bigint[]) AS seen(id, revision)
          ON b.id = seen.id AND b.revision = seen.revision
        WHERE b.lease_owner = ${owner} AND b.lease_until > ${deps.now()}
        ORDER BY b.id
        FOR UPDATE OF b`.execute(trx);
      const mayOpen = new Map(fenced.rows.map((r) => [r.id, r.may_open]));
      const go = planned.filter(
        (p) => mayOpen.has(p.h.bot.id) && (p.intent.kind !== 'base' || mayOpen.get(p.h.bot.id)),
      );
      for (const p of planned) if (!mayOpen.has(p.h.bot.id)) stale.add(p.h.bot.id);
      if (go.length === 0) return;
      const opening = go.filter((p) => p.intent.cycleId === null);
      const newCycles = opening.length
        ? await trx
            .insertInto('bot_cycles')
            .values(
              opening.map((p) => ({
                bot_id: p.h.bot.id,
                number: p.h.lastNumber + 1,
                state: 'open' as const,
              })),
            )
            .returningAll()
            .execute()
        : [];
      const cycleOfBot = new Map(newCycles.map((c) => [c.bot_id, c]));
      const exits = go.filter((p) => p.intent.side !== (p.h.bot.direction === 'long' ? 'buy' : 'sell'));
      if (exits.length) {
        await trx
          .updateTable('bot_cycles')
          .set({ state: 'closing' })
          .where('id', '=', idList(exits.map((p) => p.h.cycle!.id)))
          .execute();
      }
      const rows = await trx
        .insertInto('bot_orders')
        .values(go.map((p) => orderValues(p.h.bot, cycleOfBot.get(p.h.bot.id) ?? p.h.cycle!, p.intent)))
        .onConflict((oc) => oc.columns(['cycle_id', 'slot']).doNothing())
        .returningAll()
        .execute();
      for (const row of rows) written.set(row.bot_id, row);
      // Memory moves before the commit; a failed commit throws and those bots are read again.
      for (const p of go) {
        const row = written.get(p.h.bot.id);
        if (!row) {
          stale.add(p.h.bot.id); // the slot was taken: memory was behind
          continue;
        }
        const cycle = cycleOfBot.get(p.h.bot.id);
        if (cycle) {
          p.h.cycle = cycle;
          p.h.lastNumber = cycle.number;
          p.h.orders = [];
        } else if (exits.includes(p)) {
          p.h.cycle = { ...p.h.cycle!, state: 'closing' };
        }
        p.h.orders = [...p.h.orders, row];
        p.h.derived = undefined;
      }
    });
    return written;
  }

  /** Sends a recorded order and settles its cycle, memory following. */
  async function place(h: Held, row: OrderRow): Promise<void> {
    try {
      const connector = await deps.steps.connectorFor(h.bot);
      const market = await deps.steps.marketOf(h.bot, connector);
      const sent = await deps.steps.send(h.bot, row, connector);
      h.orders = h.orders.map((o) => (o.id === sent.id ? sent : o));
      const cycle = await deps.steps.settle(h.bot, h.cycle!, h.orders, market);
      if (cycle.state === 'closed') {
        h.cycle = null;
        h.orders = [];
        h.lastClosedAt = cycle.closed_at;
      } else {
        h.cycle = cycle;
      }
      h.derived = undefined;
    } catch (error) {
      stale.add(h.bot.id);
      await deps.steps.failed(h.bot.id, error);
    }
  }

  /** Remembers the best price of trailing take profits, in one statement. */
  async function trail(trails: { h: Held; best: string }[]): Promise<void> {
    if (trails.length === 0) return;
    await sql`
      UPDATE bot_cycles c SET best_price = t.best
      FROM unnest(${sql.val(trails.map((t) => t.h.cycle!.id))}::bigint[],
                  ${sql.val(trails.map((t) => t.best))}::numeric[]) AS t(id, best)
      WHERE c.id = t.id`.execute(db);
    for (const t of trails) {
      t.h.cycle = { ...t.h.cycle!, best_price: t.best };
      t.h.derived = undefined;
    }
  }

  async function pass(): Promise<{ stepped: number; skipped: number }> {
    if (renewAt === 0) {
      // The first pass (or the first after the leases were given back): take every bot there is to take.
      const top = await db
        .selectFrom('bots')
        .select((eb) => eb.fn.max('revision').as('r'))
        .executeTakeFirst();
      revisionSeen = top?.r ?? '0';
      renewAt = deps.now().getTime() + deps.leaseMs / 3;
      await takeFree();
    } else {
      await catchUp();
    }
    // A bot with work behind the pass is read again once that work is done.
    const reread = [...stale].filter((id) => held.has(id) && !queue.busy(id));
    if (reread.length > 0) await load(reread);

    const slow: string[] = [];
    const planned: Planned[] = [];
    const trails: { h: Held; best: string }[] = [];
    const paper = [...held.values()].filter((h) => h.bot.exchange === 'paper').map((h) => h.bot);
    let priced: Awaited<ReturnType<typeof paperPrices>> | null = null;
    if (paper.length > 0) priced = await paperPrices(paper).catch(() => null);
    const now = deps.now();
    for (const h of held.values()) {
      if (queue.busy(h.bot.id)) continue;
      const price = priced?.prices.get(`${h.bot.market_type}|${h.bot.symbol}`);
      if (h.bot.exchange !== 'paper' || price === undefined || !priced) {
        slow.push(h.bot.id); // a real exchange re-checks its key every pass; no price: the step meets it
        continue;
      }
      if (!h.derived) {
        try {
          h.derived = derive(h, await deps.steps.marketOf(h.bot, priced.connector));
        } catch {
          slow.push(h.bot.id);
          continue;
        }
      }
      const { settings, assumptions, alone, cycle, levels } = h.derived;
      if (!alone) {
        slow.push(h.bot.id);
        continue;
      }
      if (h.bot.status !== 'running') continue;
      const decision = decide({
        settings,
        market: assumptions,
        cycle,
        levels,
        // Checked where the order is written (a new cycle only): the rental and the market switch.
        rentalActive: true,
        marketOff: h.bot.aio_off,
        lastClosedAt: h.cycle ? null : h.lastClosedAt,
        cooldownSeconds: h.bot.cooldown_seconds,
        now,
        price,
      });
      if (decision.kind === 'wait') continue;
      if (decision.kind === 'trail') {
        trails.push({ h, best: decision.best });
        continue;
      }
      const intent = intentOf(h.bot, h.cycle, decision, h.orders);
      if (!intent) continue;
      // A refused slot's pause, and a perpetual's margin mode and leverage before its first order: the step.
      if (refusedTooOften(intent, h.orders) || (h.bot.market_type === 'perpetual' && h.cycle === null)) {
        slow.push(h.bot.id);
        continue;
      }
      planned.push({ h, intent });
    }

    const recorded: { h: Held; row: OrderRow }[] = [];
    for (let i = 0; i < planned.length; i += RECORD_BATCH) {
      const batch = planned.slice(i, i + RECORD_BATCH);
      try {
        const rows = await record(batch);
        for (const p of batch) {
          const row = rows.get(p.h.bot.id);
          if (row) recorded.push({ h: p.h, row });
        }
      } catch (error) {
        // A batch that failed as a whole (a cycle number memory had wrong, say): its bots are read again.
        for (const p of batch) stale.add(p.h.bot.id);
        deps.log?.warn({ bots: batch.length, error: String(error) }, 'bot orders not recorded');
      }
    }
    // Behind the pass, like the sends: renewing thousands of leases takes a while, and a pass that ran
    // past the next price would delay that price's orders.
    if (deps.now().getTime() >= renewAt && !leasing) {
      leasing = (async () => {
        await renewLeases();
        await takeFree();
      })()
        .catch((error) => deps.log?.warn({ error: String(error) }, 'bot leases not renewed'))
        .finally(() => {
          leasing = null;
        });
    }
    await trail(trails);
    // A long queue (thousands of bots opening at once) renews the leases on the way.
    const renewing = async (task: () => Promise<void>) => {
      if (deps.now().getTime() >= renewAt) await renewLeases();
      await task();
    };
    for (const { h, row } of recorded) queue.add(h.bot.id, () => renewing(() => place(h, row)));
    for (const id of slow) {
      stale.add(id); // the step reads and writes the bot itself
      queue.add(id, () =>
        renewing(async () => {
          await deps.steps.runBot(id, true); // the step handles its own errors
        }),
      );
    }
    return {
      stepped: recorded.length + trails.length + slow.length,
      skipped: planned.length - recorded.length,
    };
  }

  return {
    /** Decides and records; the sends and steps it queued run on (see `settled`). */
    pass,
    /** Resolves once the work queued by the passes so far is done. */
    settled,
    /** A pass and the work it queued. */
    async tick() {
      const result = await pass();
      await settled();
      return result;
    },
    /** A step outside the fleet changed this bot: read it again before deciding for it. */
    forget(botId: string) {
      if (held.has(botId)) stale.add(botId);
    },
    /** Waits for the queued work, then forgets everything held (the leases are being given back). */
    async clear() {
      await settled();
      held.clear();
      stale.clear();
      renewAt = 0;
      revisionSeen = '0';
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
