import type { TCreateBotRequest } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  botRequest,
  expireRental,
  makeRental,
  paperEngines,
  paperVenues,
  pricePathMarket,
} from '../../../../test/bot-fixtures';
import { makeMember } from '../../../../test/fixtures';
import { testClock } from '../../../../test/test-clock';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../../../db/database';
import { createLiveEvents } from '../../../platform/live-events';
import { createPaperConnector } from '../../exchanges/paper/paper-exchange';
import {
  createNotificationService,
  type NotificationService,
} from '../../notifications/notifications.service';
import { createBotsService } from '../bots.service';
import { createBotEngine } from './bot-engine';

const SYMBOL = 'BTC/USDT';
let db: Db;
let drop: () => Promise<void>;
let notifications: NotificationService;
const path = pricePathMarket({ [SYMBOL]: '90000' });

beforeAll(async () => {
  const testDb = await createTestDb();
  ({ db, drop } = testDb);
  // Publishing only issues pg_notify; nothing here listens, so no listener connection opens.
  notifications = createNotificationService({ db, live: createLiveEvents({ databaseUrl: testDb.url }) });
});
afterAll(async () => drop());

const settings = (rentalId: string) => botRequest(rentalId, { symbol: SYMBOL });

/** A member with a rental and a running bot on BTC/USDT, the price back at 90000. */
async function botOnPaper(overrides: Partial<TCreateBotRequest> = {}) {
  path.set(SYMBOL, '90000');
  const memberId = await makeMember(db, 'bot');
  const rentalId = await makeRental(db, memberId);
  const bots = createBotsService({ db, venues: paperVenues(db, path.market) });
  const bot = await bots.create(memberId, { ...settings(rentalId), ...overrides });
  return { memberId, rentalId, botId: bot.id };
}

/** Every engine here reads this clock: a lease runs out when a test moves it, not while a test sleeps. */
const clock = testClock();
const engine = (owner: string, leaseMs = 30_000) =>
  paperEngines({ db, market: path.market, notify: notifications.notify, now: clock.now })(owner, leaseMs);

/** The member's notifications, as the bell lists them. */
const noticesOf = async (memberId: string) =>
  (await notifications.list(memberId, { page: 1, pageSize: 50 })).items.map((n) => ({
    kind: n.kind,
    params: n.params,
  }));

const ordersOf = (botId: string) =>
  db
    .selectFrom('bot_orders')
    .select(['kind', 'side', 'status', 'amount', 'average_price', 'client_order_id'])
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();

const cyclesOf = (botId: string) =>
  db
    .selectFrom('bot_cycles')
    .select(['number', 'state', 'safety_orders_filled', 'realized_pnl', 'close_reason', 'average_entry'])
    .where('bot_id', '=', botId)
    .orderBy('number')
    .execute();

const exchangeOrdersOf = (memberId: string) =>
  db
    .selectFrom('paper_orders')
    .select(['client_order_id', 'side', 'amount', 'status'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

describe('a DCA cycle on the paper exchange', () => {
  it('opens with the base order, fills both safety orders as the price falls, and takes profit', async () => {
    const { botId } = await botOnPaper();
    const worker = engine('w1');
    const at = async (price: string) => {
      path.set(SYMBOL, price);
      await worker.runBot(botId);
    };
    await at('90000'); // base order: 100 / 90000 -> 0.00111
    await at('89500'); // above the first safety order (89100): nothing
    await at('89100'); // safety 1: 100 / 89100 -> 0.00112
    await at('88200'); // safety 2 at 2 %: 100 / 88200 -> 0.00113
    await at('88000'); // all safety orders used: nothing
    // Average (99.9 + 99.792 + 99.666) / 0.00336 = 89094.64...; take profit 1 % above: 89985.59.
    await at('89985');
    expect((await cyclesOf(botId))[0]).toMatchObject({ state: 'open', safety_orders_filled: 2 });
    await at('90000'); // take profit: sells what the fees left, 0.00335
    await at('90000'); // the fill closes the cycle; a new one opens at once (no cooldown)
    expect((await ordersOf(botId)).map((o) => [o.kind, o.side, o.status, o.amount, o.average_price])).toEqual(
      [
        ['base', 'buy', 'closed', '0.00111', '90000'],
        ['safety', 'buy', 'closed', '0.00112', '89100'],
        ['safety', 'buy', 'closed', '0.00113', '88200'],
        ['take_profit', 'sell', 'closed', '0.00335', '90000'],
        ['base', 'buy', 'closed', '0.00111', '90000'],
      ],
    );
    const [first, second] = await cyclesOf(botId);
    // 0.00335 x 90000 = 301.5 proceeds, minus 0.15075 fee, minus 299.358 paid.
    expect(first).toMatchObject({ state: 'closed', close_reason: 'take_profit', safety_orders_filled: 2 });
    expect(Number(first!.realized_pnl)).toBe(1.99125);
    expect(second).toMatchObject({ number: 2, state: 'open' });
  });

  it('in limit mode places the same ladder as limit orders at their trigger prices', async () => {
    const { botId } = await botOnPaper({ orderType: 'limit', safetyOrderCount: 1 });
    const worker = engine('limit');
    for (const price of ['90000', '89100', '90000', '90000']) {
      path.set(SYMBOL, price);
      await worker.runBot(botId);
    }
    // Average (99.9 + 99.792) / 0.00223 = 89547.982...; take profit 1 % above is 90443.46..., rounded up to
    // the tick: 90443.47. One tick below it, nothing happens.
    path.set(SYMBOL, '90443.46');
    await worker.runBot(botId);
    expect((await cyclesOf(botId))[0]!.state).toBe('open');
    path.set(SYMBOL, '90443.47');
    await worker.runBot(botId);
    const orders = await db
      .selectFrom('bot_orders')
      .select(['kind', 'type', 'price', 'status'])
      .where('bot_id', '=', botId)
      .orderBy('id')
      .execute();
    expect(orders.map((o) => [o.kind, o.type, o.price === null ? null : Number(o.price), o.status])).toEqual([
      ['base', 'limit', 90000, 'closed'],
      ['safety', 'limit', 89100, 'closed'],
      ['take_profit', 'limit', 90443.47, 'closed'],
    ]);
    expect((await cyclesOf(botId))[0]).toMatchObject({ state: 'closed', close_reason: 'take_profit' });
  });

  it('closes at the stop loss, below the last safety order', async () => {
    const { botId, memberId } = await botOnPaper({ stopLoss: '3' });
    const worker = engine('w-sl');
    for (const price of ['90000', '89100', '88200', '87300']) {
      path.set(SYMBOL, price);
      await worker.runBot(botId);
    }
    path.set(SYMBOL, '87000');
    await worker.runBot(botId); // settles the stop-loss fill
    const cycles = await cyclesOf(botId);
    expect(cycles[0]).toMatchObject({ state: 'closed', close_reason: 'stop_loss' });
    expect(Number(cycles[0]!.realized_pnl)).toBeLessThan(0);
    // Told once, in the step that closed the cycle; the next steps add nothing; nobody else hears of it.
    await worker.runBot(botId);
    expect(await noticesOf(memberId)).toEqual([
      { kind: 'bot_stop_loss', params: { symbol: SYMBOL, exchange: 'paper' } },
    ]);
    expect(await noticesOf(await makeMember(db, 'stranger'))).toEqual([]);
    expect((await ordersOf(botId)).map((o) => o.kind)).toEqual([
      'base',
      'safety',
      'safety',
      'stop_loss',
      'base',
    ]);
  });
});

describe('a short DCA cycle on a perpetual', () => {
  it('sells to open, sells more as the price rises, and buys back reduce-only at the take profit', async () => {
    const PERP = 'BTC/USDT:USDT';
    path.set(PERP, '90000');
    const { botId, memberId } = await botOnPaper({
      marketType: 'perpetual',
      symbol: PERP,
      direction: 'short',
      leverage: 5,
      safetyOrderCount: 1,
    });
    const worker = engine('perp');
    for (const price of ['90000', '90900', '89500', '89500']) {
      path.set(PERP, price);
      await worker.runBot(botId);
    }
    expect((await ordersOf(botId)).map((o) => [o.kind, o.side, o.amount, o.average_price])).toEqual([
      ['base', 'sell', '0.001', '90000'],
      ['safety', 'sell', '0.001', '90900'],
      ['take_profit', 'buy', '0.002', '89500'],
      ['base', 'sell', '0.001', '89500'],
    ]);
    const [first] = await cyclesOf(botId);
    // (90000 + 90900 - 2 x 89500) x 0.001 = 1.9, minus 0.05 % taker fees on 90, 90.9 and 179.
    expect(first).toMatchObject({ state: 'closed', close_reason: 'take_profit' });
    expect(Number(first!.realized_pnl)).toBe(1.72005);
    const position = await createPaperConnector({ db, market: path.market, memberId }).positions([PERP]);
    expect(position.map((p) => [p.side, p.contracts, p.leverage])).toEqual([['short', '0.001', 5]]);
  });
});

describe('acting by hand', () => {
  it('adds an entry now, then closes the position, even with the bot paused', async () => {
    path.set(SYMBOL, '90000');
    const memberId = await makeMember(db, 'bot');
    const rentalId = await makeRental(db, memberId);
    const bots = createBotsService({ db, venues: paperVenues(db, path.market) });
    const { id: botId } = await bots.create(memberId, settings(rentalId));
    const worker = engine('hand');
    await worker.runBot(botId); // base order
    path.set(SYMBOL, '89800'); // above the first safety order's trigger (89100)
    expect((await bots.act(memberId, botId, 'add_entry')).pendingAction).toBe('add_entry');
    await bots.act(memberId, botId, 'add_entry'); // a double tap is one action
    await worker.runBot(botId);
    await worker.runBot(botId);
    await bots.pause(memberId, botId);
    await bots.act(memberId, botId, 'close');
    await worker.runBot(botId);
    await worker.runBot(botId); // settles the close; paused, so no new cycle
    expect((await ordersOf(botId)).map((o) => [o.kind, o.side, o.amount, o.average_price])).toEqual([
      ['base', 'buy', '0.00111', '90000'],
      ['safety', 'buy', '0.00112', '89800'],
      ['manual', 'sell', '0.00222', '89800'],
    ]);
    expect((await cyclesOf(botId)).map((c) => [c.state, c.close_reason])).toEqual([['closed', 'manual']]);
    const detail = await bots.detail(memberId, botId);
    expect(detail.bot).toMatchObject({ status: 'paused', pendingAction: null });
    await expect(bots.act(memberId, botId, 'close')).rejects.toMatchObject({ code: 'BOT_STATE_INVALID' });
  });
});

describe('crash safety', () => {
  it('a crash between writing the pending order and sending it: the restart places exactly one order', async () => {
    const { memberId, botId } = await botOnPaper();
    const crashed = engine('crashed', 100);
    expect(await crashed.steps.acquire(botId)).toBe(true);
    const bot = await db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
    const pending = await crashed.steps.record(bot, {
      cycleId: null,
      kind: 'base',
      slot: 'base',
      side: 'buy',
      type: 'market',
      price: null,
      amount: '0.00111',
      reduceOnly: false,
    });
    expect(pending?.status).toBe('pending');
    expect(await exchangeOrdersOf(memberId)).toEqual([]);
    // "kill -9" here. A new worker takes over once the dead one's lease has run out.
    const restarted = engine('restarted');
    expect(await restarted.runBot(botId)).toBe('skipped');
    clock.advance(150);
    expect(await restarted.runBot(botId)).toBe('stepped');
    await restarted.runBot(botId);
    await restarted.runBot(botId);
    const placed = await exchangeOrdersOf(memberId);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.client_order_id).toBe(pending!.client_order_id);
    expect((await ordersOf(botId)).map((o) => [o.kind, o.status])).toEqual([['base', 'closed']]);
  });

  it('a crash after sending but before recording the answer: the restart finds the order, places none', async () => {
    const { memberId, botId } = await botOnPaper();
    const crashed = engine('crashed-2', 100);
    await crashed.steps.acquire(botId);
    const bot = await db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
    const pending = await crashed.steps.record(bot, {
      cycleId: null,
      kind: 'base',
      slot: 'base',
      side: 'buy',
      type: 'market',
      price: null,
      amount: '0.00111',
      reduceOnly: false,
    });
    // The exchange took the order; the process died before writing the answer.
    await createPaperConnector({ db, market: path.market, memberId }).placeOrder({
      symbol: SYMBOL,
      type: 'market',
      side: 'buy',
      amount: '0.00111',
      clientOrderId: pending!.client_order_id,
    });
    clock.advance(150);
    const restarted = engine('restarted-2');
    await restarted.runBot(botId);
    await restarted.runBot(botId);
    expect(await exchangeOrdersOf(memberId)).toHaveLength(1);
    expect((await ordersOf(botId)).map((o) => [o.kind, o.status])).toEqual([['base', 'closed']]);
  });

  it('the run interrupted at every step ends with the same orders and cycle as an uninterrupted one', async () => {
    const prices = ['90000', '89100', '88200', '90000', '90000'];
    const run = async (restartEachStep: boolean) => {
      const { memberId, botId } = await botOnPaper();
      let worker = engine('steady');
      for (const [i, price] of prices.entries()) {
        path.set(SYMBOL, price);
        // A new engine each step, as a process restarted after every tick would be (same lease name is a
        // new process on the same host; the lease is renewed, not waited out).
        if (restartEachStep) worker = engine('steady', 30_000 + i);
        await worker.runBot(botId);
      }
      const orders = (await ordersOf(botId)).map(({ client_order_id: _, ...o }) => o);
      return { orders, exchange: (await exchangeOrdersOf(memberId)).length, cycles: await cyclesOf(botId) };
    };
    const steady = await run(false);
    const restarted = await run(true);
    expect(restarted).toEqual(steady);
    expect(steady.exchange).toBe(steady.orders.length);
  });
});

describe('metrics', () => {
  it('tells the worker how long each order took the exchange, and how it ended', async () => {
    const { botId } = await botOnPaper();
    const sent: Array<{ exchange: string; outcome: string; seconds: number }> = [];
    const worker = createBotEngine({
      db,
      venues: paperVenues(db, path.market),
      owner: 'metrics-1',
      notify: notifications.notify,
      onOrderSent: (exchange, outcome, seconds) => sent.push({ exchange, outcome, seconds }),
    });
    await worker.runBot(botId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ exchange: 'paper', outcome: 'placed' });
    expect(sent[0]!.seconds).toBeGreaterThan(0);
  });
});

describe('leases', () => {
  it('two engines on one bot: only one acts', async () => {
    const { memberId, botId } = await botOnPaper();
    const [a, b] = [engine('a'), engine('b')];
    const results = await Promise.all([a.runBot(botId), b.runBot(botId), a.runBot(botId), b.runBot(botId)]);
    expect(results.filter((r) => r === 'stepped').length).toBeGreaterThanOrEqual(1);
    expect(await exchangeOrdersOf(memberId)).toHaveLength(1);
    expect(await ordersOf(botId)).toHaveLength(1);
    // The lease holder keeps the bot; the other engine is refused while the lease runs.
    const holder = (await db
      .selectFrom('bots')
      .select('lease_owner')
      .where('id', '=', botId)
      .executeTakeFirst())!;
    const other = holder.lease_owner === 'a' ? b : a;
    expect(await other.runBot(botId)).toBe('skipped');
  });

  it('an engine whose lease ran out writes no order, even mid-step', async () => {
    const { botId } = await botOnPaper();
    const slow = engine('slow', 50);
    await slow.steps.acquire(botId);
    clock.advance(100);
    expect(await engine('fast').steps.acquire(botId)).toBe(true);
    const bot = await db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();
    const written = await slow.steps.record(bot, {
      cycleId: null,
      kind: 'base',
      slot: 'base',
      side: 'buy',
      type: 'market',
      price: null,
      amount: '0.00111',
      reduceOnly: false,
    });
    expect(written).toBeNull();
    expect(await ordersOf(botId)).toEqual([]);
  });
});

describe('rental expiry', () => {
  it('an expired rental lets the open cycle finish and opens no new one', async () => {
    const { botId, rentalId } = await botOnPaper();
    const worker = engine('expiry');
    path.set(SYMBOL, '90000');
    await worker.runBot(botId); // base order
    await expireRental(db, rentalId);
    path.set(SYMBOL, '89100');
    await worker.runBot(botId); // the open cycle still buys its safety order
    path.set(SYMBOL, '91000');
    await worker.runBot(botId); // take profit
    await worker.runBot(botId); // closes; no new cycle
    await worker.runBot(botId);
    expect((await cyclesOf(botId)).map((c) => [c.number, c.state, c.close_reason])).toEqual([
      [1, 'closed', 'take_profit'],
    ]);
    expect((await ordersOf(botId)).map((o) => o.kind)).toEqual(['base', 'safety', 'take_profit']);
  });
});

describe('a tick', () => {
  it('drives every bot it can lease and leaves the ones another engine holds', async () => {
    path.set('ETH/USDT', '3000');
    path.set('SOL/USDT', '135');
    const mine = await botOnPaper({ symbol: 'ETH/USDT' });
    const theirs = await botOnPaper({ symbol: 'SOL/USDT' });
    const other = engine('other');
    await other.steps.acquire(theirs.botId);
    await engine('ticker').tick();
    expect((await ordersOf(mine.botId)).map((o) => [o.kind, o.status])).toEqual([['base', 'closed']]);
    expect(await ordersOf(theirs.botId)).toEqual([]);
    // Given back on a clean stop, the lease is free for the next engine at once.
    await other.releaseAll();
    await engine('ticker').tick();
    expect((await ordersOf(theirs.botId)).map((o) => o.kind)).toEqual(['base']);
  });
});

describe('pausing a bot tells its member once', () => {
  it('a bot whose exchange key is unusable pauses and is announced once, however many ticks follow', async () => {
    const { botId, memberId } = await botOnPaper();
    // The fixture venues have no usable key anywhere: a bot on a real exchange finds its key unusable.
    await db.updateTable('bots').set({ exchange: 'binance' }).where('id', '=', botId).execute();
    const worker = engine('w-key');
    await worker.runBot(botId);
    await worker.runBot(botId);
    await worker.runBot(botId);
    const bot = await db
      .selectFrom('bots')
      .select(['status', 'paused_reason'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    expect(bot).toEqual({ status: 'paused', paused_reason: 'key_unusable' });
    expect(await noticesOf(memberId)).toEqual([
      { kind: 'bot_paused_key_unusable', params: { symbol: SYMBOL, exchange: 'binance' } },
    ]);
    expect(await noticesOf(await makeMember(db, 'stranger'))).toEqual([]);
  });

  it('a bot whose order the exchange keeps refusing pauses and is announced once', async () => {
    const { botId, memberId } = await botOnPaper();
    // More than the paper account holds: the exchange refuses the base order every time.
    await db.updateTable('bots').set({ base_order: '100000000' }).where('id', '=', botId).execute();
    const worker = engine('w-refused');
    for (let i = 0; i < 6; i++) await worker.runBot(botId);
    const bot = await db
      .selectFrom('bots')
      .select(['status', 'paused_reason'])
      .where('id', '=', botId)
      .executeTakeFirstOrThrow();
    expect(bot).toEqual({ status: 'paused', paused_reason: 'orders_rejected' });
    expect(await noticesOf(memberId)).toEqual([
      { kind: 'bot_paused_orders_rejected', params: { symbol: SYMBOL, exchange: 'paper' } },
    ]);
  });
});
