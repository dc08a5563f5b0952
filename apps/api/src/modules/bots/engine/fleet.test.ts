import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  botRequest,
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
import { createNotificationService } from '../../notifications/notifications.service';
import { createBotsService } from '../bots.service';
import type { createBotEngine } from './bot-engine';

/**
 * A tick decides in memory for the bots it holds and touches only those that move: a bot between its
 * triggers costs it no statement of its own; a member's action, a lagging cycle, a change to the bot row
 * are each seen at the next tick.
 */

const SYMBOL = 'BTC/USDT';
let db: Db;
let drop: () => Promise<void>;
let engine: ReturnType<typeof createBotEngine>;
let engineNamed: (owner: string, leaseMs?: number) => ReturnType<typeof createBotEngine>;
const path = pricePathMarket({ [SYMBOL]: '90000' });
/** Every engine here reads this clock: a lease runs out when a test moves it, not while a test sleeps. */
const clock = testClock();

beforeAll(async () => {
  const testDb = await createTestDb();
  ({ db, drop } = testDb);
  const notifications = createNotificationService({
    db,
    live: createLiveEvents({ databaseUrl: testDb.url }),
  });
  engineNamed = paperEngines({ db, market: path.market, notify: notifications.notify, now: clock.now });
  engine = engineNamed('due');
});
afterAll(async () => drop());

const settings = (rentalId: string) => botRequest(rentalId, { symbol: SYMBOL });

const kindsOf = async (botId: string) =>
  (await db.selectFrom('bot_orders').select('kind').where('bot_id', '=', botId).orderBy('id').execute()).map(
    (o) => o.kind,
  );

const leaseOf = async (botId: string) =>
  (await db.selectFrom('bots').select('lease_owner').where('id', '=', botId).executeTakeFirstOrThrow())
    .lease_owner;

describe('the bots a tick steps', () => {
  it('leaves a bot between its triggers alone and steps it once the price reaches one', async () => {
    path.set(SYMBOL, '90000');
    const memberId = await makeMember(db, 'due');
    const bots = createBotsService({ db, venues: paperVenues(db, path.market) });
    const { id: botId } = await bots.create(memberId, settings(await makeRental(db, memberId)));

    expect(await engine.tick()).toEqual({ stepped: 1, skipped: 0 }); // no cycle: the base order
    expect(await kindsOf(botId)).toEqual(['base']);
    expect(await leaseOf(botId)).toBe('due'); // held from now on, its cycle in memory

    path.set(SYMBOL, '89500'); // above the first safety order (89100), below the take profit
    expect(await engine.tick()).toEqual({ stepped: 0, skipped: 0 });

    path.set(SYMBOL, '89100');
    expect(await engine.tick()).toEqual({ stepped: 1, skipped: 0 });
    expect(await kindsOf(botId)).toEqual(['base', 'safety']);

    // The member's action is the bot's to carry out whatever the price: the row's revision moved.
    await db.updateTable('bots').set({ pending_action: 'add_entry' }).where('id', '=', botId).execute();
    expect(await engine.tick()).toEqual({ stepped: 1, skipped: 0 });
    expect(await kindsOf(botId)).toEqual(['base', 'safety', 'safety']);
    expect(await engine.tick()).toEqual({ stepped: 0, skipped: 0 });
    await engine.releaseAll();
    expect(await leaseOf(botId)).toBeNull();

    // A cycle whose figures lag its orders (a crash between a fill and the settle) is settled at once.
    await db.updateTable('bot_cycles').set({ filled_amount: '0' }).where('bot_id', '=', botId).execute();
    expect(await engine.tick()).toEqual({ stepped: 1, skipped: 0 });
    const cycle = await db
      .selectFrom('bot_cycles')
      .select(['filled_amount', 'safety_orders_filled'])
      .where('bot_id', '=', botId)
      .executeTakeFirstOrThrow();
    expect([Number(cycle.filled_amount), cycle.safety_orders_filled]).toEqual([0.00336, 2]);

    // A change to the settings is read before the next decision: at 90000 the take profit of 1 % is not
    // reached (the entries average about 89400); one of 0.5 % is.
    path.set(SYMBOL, '90000');
    expect(await engine.tick()).toEqual({ stepped: 0, skipped: 0 });
    await db.updateTable('bots').set({ take_profit: '0.5' }).where('id', '=', botId).execute();
    expect(await engine.tick()).toEqual({ stepped: 1, skipped: 0 });
    expect(await kindsOf(botId)).toEqual(['base', 'safety', 'safety', 'take_profit']);
  });
});

/** A member with a rental and a running bot on the symbol, the price at 90000. */
async function runningBot(prefix: string) {
  path.set(SYMBOL, '90000');
  const memberId = await makeMember(db, prefix);
  const bots = createBotsService({ db, venues: paperVenues(db, path.market) });
  const { id } = await bots.create(memberId, settings(await makeRental(db, memberId)));
  return { memberId, botId: id };
}

const exchangeOrdersOf = async (memberId: string) =>
  (await db.selectFrom('paper_orders').select('id').where('member_id', '=', memberId).execute()).length;

describe('several engines', () => {
  it('two engines ticking side by side drive each bot as one engine would, no order twice', async () => {
    const fleet = await Promise.all(['pair-a', 'pair-b', 'pair-c', 'pair-d'].map(runningBot));
    const [a, b] = [engineNamed('pair-1'), engineNamed('pair-2')];
    for (const price of ['90000', '89100', '88200', '91000', '91000']) {
      path.set(SYMBOL, price);
      await Promise.all([a.tick(), b.tick()]);
    }
    for (const { botId, memberId } of fleet) {
      // base at 90000, both safety orders, the take profit at 91000, the next cycle's base at 91000.
      expect(await kindsOf(botId)).toEqual(['base', 'safety', 'safety', 'take_profit', 'base']);
      expect(await exchangeOrdersOf(memberId)).toBe(5);
    }
    await Promise.all([a.releaseAll(), b.releaseAll()]);
  });

  it('an engine whose lease ran out trades nothing on what it remembers, and lets the bot go', async () => {
    const { botId, memberId } = await runningBot('lapsed');
    const lapsing = engineNamed('lapsing', 100);
    await lapsing.tick();
    expect(await kindsOf(botId)).toEqual(['base']);
    clock.advance(150); // a stall longer than the lease
    const other = engineNamed('other');
    await other.tick(); // takes the bot over, reading it from the database
    expect(await leaseOf(botId)).toBe('other');
    path.set(SYMBOL, '89100');
    await other.tick();
    expect(await kindsOf(botId)).toEqual(['base', 'safety']);
    // The first engine still remembers a cycle without the safety order, and would buy it again: the
    // fence on the lease refuses the write, and the renewal finds the bot gone.
    await lapsing.tick();
    await lapsing.tick();
    expect(await kindsOf(botId)).toEqual(['base', 'safety']);
    expect(await exchangeOrdersOf(memberId)).toBe(2);
    expect(await leaseOf(botId)).toBe('other');
    await other.releaseAll();
  });
});
