import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRequest, makeRental, paperVenues, pricePathMarket } from '../../../../test/bot-fixtures';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../../../db/database';
import { createLiveEvents } from '../../../platform/live-events';
import { createNotificationService } from '../../notifications/notifications.service';
import { createBotsService } from '../bots.service';
import { createBotEngine } from './bot-engine';

/**
 * A tick decides in memory for the bots it holds and touches only those that move: a bot between its
 * triggers costs it no statement of its own; a member's action, a lagging cycle, a change to the bot row
 * are each seen at the next tick.
 */

const SYMBOL = 'BTC/USDT';
let db: Db;
let drop: () => Promise<void>;
let engine: ReturnType<typeof createBotEngine>;
const path = pricePathMarket({ [SYMBOL]: '90000' });

beforeAll(async () => {
  const testDb = await createTestDb();
  ({ db, drop } = testDb);
  const notifications = createNotificationService({
    db,
    live: createLiveEvents({ databaseUrl: testDb.url }),
  });
  engine = createBotEngine({
    db,
    venues: paperVenues(db, path.market),
    owner: 'due',
    notify: notifications.notify,
  });
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
