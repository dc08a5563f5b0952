import type { TCreateBotRequest } from '@app/contracts';
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
import { createPaperConnector } from '../../exchanges/paper/paper-exchange';
import {
  createNotificationService,
  type NotificationService,
} from '../../notifications/notifications.service';
import { createBotsService } from '../bots.service';

/** Acting by hand beyond add entry and close: reverse, markets off, all-in-one groups (issue 5, item 5). */

const SPOT = 'BTC/USDT';
const PERP = 'BTC/USDT:USDT';
let db: Db;
let drop: () => Promise<void>;
let notifications: NotificationService;
const path = pricePathMarket({
  [SPOT]: '90000',
  [PERP]: '90000',
  'ETH/USDT': '3000',
  'SOL/USDT': '150',
  'XRP/USDT': '2',
});

beforeAll(async () => {
  const testDb = await createTestDb();
  ({ db, drop } = testDb);
  notifications = createNotificationService({ db, live: createLiveEvents({ databaseUrl: testDb.url }) });
});
afterAll(async () => drop());

const settings = (rentalId: string, overrides: Partial<TCreateBotRequest> = {}) =>
  botRequest(rentalId, { symbol: SPOT, ...overrides });

const perpetual = { marketType: 'perpetual', symbol: PERP, leverage: 5, safetyOrderCount: 1 } as const;

async function member(capitalUsdt = 1000) {
  path.set(SPOT, '90000');
  path.set(PERP, '90000');
  const memberId = await makeMember(db, 'act');
  const rentalId = await makeRental(db, memberId, { capitalUsdt });
  const bots = createBotsService({ db, venues: paperVenues(db, path.market) });
  return { memberId, rentalId, bots };
}

/** Every engine here reads this clock: a lease runs out when a test moves it, not while a test sleeps. */
const clock = testClock();
const engine = (owner: string, leaseMs = 30_000) =>
  paperEngines({ db, market: path.market, notify: notifications.notify, now: clock.now })(owner, leaseMs);

const ordersOf = (botId: string) =>
  db
    .selectFrom('bot_orders')
    .select(['kind', 'side', 'status', 'amount', 'reduce_only'])
    .where('bot_id', '=', botId)
    .orderBy('id')
    .execute();

const cyclesOf = (botId: string) =>
  db
    .selectFrom('bot_cycles')
    .select(['number', 'state', 'close_reason'])
    .where('bot_id', '=', botId)
    .orderBy('number')
    .execute();

const exchangeOrdersOf = (memberId: string) =>
  db
    .selectFrom('paper_orders')
    .select(['side', 'amount', 'status'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();

const botRow = (botId: string) =>
  db.selectFrom('bots').selectAll().where('id', '=', botId).executeTakeFirstOrThrow();

/** A short lease, run out after a "crash" by moving the clock past it. */
const LEASE = 1500;

describe('reversing the entry on a perpetual', () => {
  it('closes the long reduce-only, marks the cycle reversed and opens a short base order', async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: botId } = await bots.create(memberId, settings(rentalId, perpetual));
    const worker = engine('rev');
    await worker.runBot(botId); // base order: long 0.001
    path.set(PERP, '91000');
    expect((await bots.act(memberId, botId, 'reverse')).pendingAction).toBe('reverse');
    await bots.act(memberId, botId, 'reverse'); // a double tap is one action
    await worker.runBot(botId); // the exit
    await worker.runBot(botId); // the flip and the short's base order
    await worker.runBot(botId); // nothing more: the short waits for its triggers
    expect((await ordersOf(botId)).map((o) => [o.kind, o.side, o.amount, o.reduce_only])).toEqual([
      ['base', 'buy', '0.001', false],
      ['manual', 'sell', '0.001', true],
      ['base', 'sell', '0.001', false],
    ]);
    expect((await cyclesOf(botId)).map((c) => [c.number, c.state, c.close_reason])).toEqual([
      [1, 'closed', 'reversed'],
      [2, 'open', null],
    ]);
    expect(await botRow(botId)).toMatchObject({ direction: 'short', pending_action: null });
    const position = await createPaperConnector({ db, market: path.market, memberId }).positions([PERP]);
    expect(position.map((p) => [p.side, p.contracts])).toEqual([['short', '0.001']]);
  });

  it('a crash between the exit and the new entry resumes with exactly one exit and one entry', async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: botId } = await bots.create(memberId, settings(rentalId, perpetual));
    const first = engine('first', LEASE);
    await first.runBot(botId); // base
    await bots.act(memberId, botId, 'reverse');
    await first.runBot(botId); // the exit fills; the engine dies before the flip (no release)
    // A second crash: the flipped base order written pending, never sent.
    const crashed = engine('crashed', LEASE);
    clock.advance(LEASE + 100);
    expect(await crashed.steps.acquire(botId)).toBe(true);
    const bot = await botRow(botId);
    const written = await crashed.steps.record(
      { ...bot, direction: 'short', pending_action: null },
      {
        cycleId: null,
        kind: 'base',
        slot: 'base',
        side: 'sell',
        type: 'market',
        price: null,
        amount: '0.001',
        reduceOnly: false,
        clearsAction: true,
        flipsDirection: true,
      },
    );
    expect(written?.status).toBe('pending');
    clock.advance(LEASE + 100);
    const restarted = engine('restarted');
    for (let i = 0; i < 3; i++) await restarted.runBot(botId);
    expect((await exchangeOrdersOf(memberId)).map((o) => [o.side, Number(o.amount)])).toEqual([
      ['buy', 0.001],
      ['sell', 0.001],
      ['sell', 0.001],
    ]);
    expect((await ordersOf(botId)).map((o) => [o.kind, o.side, o.status])).toEqual([
      ['base', 'buy', 'closed'],
      ['manual', 'sell', 'closed'],
      ['base', 'sell', 'closed'],
    ]);
    expect((await cyclesOf(botId)).map((c) => c.close_reason)).toEqual(['reversed', null]);
    expect(await botRow(botId)).toMatchObject({ direction: 'short', pending_action: null });
  });

  it('a crash after the exit alone: the restart flips once and places one entry', async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: botId } = await bots.create(memberId, settings(rentalId, perpetual));
    const first = engine('alone', LEASE);
    await first.runBot(botId);
    await bots.act(memberId, botId, 'reverse');
    await first.runBot(botId); // exit, then kill -9
    clock.advance(LEASE + 100);
    const restarted = engine('alone-again');
    for (let i = 0; i < 3; i++) await restarted.runBot(botId);
    expect((await exchangeOrdersOf(memberId)).map((o) => o.side)).toEqual(['buy', 'sell', 'sell']);
    expect(await botRow(botId)).toMatchObject({ direction: 'short', pending_action: null });
  });

  it('is refused on spot, and nothing changes', async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: botId } = await bots.create(memberId, settings(rentalId));
    await engine('spot').runBot(botId);
    await expect(bots.act(memberId, botId, 'reverse')).rejects.toMatchObject({
      code: 'BOT_REVERSE_NEEDS_PERPETUAL',
    });
    expect(await botRow(botId)).toMatchObject({ direction: 'long', pending_action: null });
  });
});

describe('closing one position by its id', () => {
  it("closes the named cycle; another member's cycle id is not found", async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: botId } = await bots.create(memberId, settings(rentalId));
    const worker = engine('by-id');
    await worker.runBot(botId);
    const [cycle] = await db.selectFrom('bot_cycles').select('id').where('bot_id', '=', botId).execute();
    const stranger = await member();
    await expect(stranger.bots.closeCycle(stranger.memberId, cycle!.id)).rejects.toMatchObject({
      code: 'BOT_CYCLE_NOT_FOUND',
    });
    expect((await botRow(botId)).pending_action).toBeNull();
    expect((await bots.closeCycle(memberId, cycle!.id)).pendingAction).toBe('close');
    await worker.runBot(botId);
    expect((await cyclesOf(botId)).map((c) => [c.state, c.close_reason])).toEqual([['closed', 'manual']]);
  });
});

describe('a market switched off', () => {
  it('opens no new cycle, lets the open one finish, and opens again once switched on', async () => {
    const { memberId, rentalId, bots } = await member();
    const { id: spotBot } = await bots.create(memberId, settings(rentalId));
    const { id: perpBot } = await bots.create(memberId, settings(rentalId, perpetual));
    const worker = engine('off');
    await worker.runBot(spotBot); // a cycle opens before the switch
    await bots.switchMarket(memberId, { exchange: 'paper', marketType: 'spot', on: false });
    expect((await bots.marketSwitches(memberId)).off.map((o) => o.marketType)).toEqual(['spot']);
    await worker.runBot(perpBot); // perpetuals are still on
    expect(await cyclesOf(perpBot)).toHaveLength(1);
    path.set(SPOT, '91000'); // take profit
    await worker.runBot(spotBot);
    await worker.runBot(spotBot); // closes; market off, so no new cycle
    await worker.runBot(spotBot);
    expect((await cyclesOf(spotBot)).map((c) => [c.state, c.close_reason])).toEqual([
      ['closed', 'take_profit'],
    ]);
    await bots.switchMarket(memberId, { exchange: 'paper', marketType: 'spot', on: true });
    await worker.runBot(spotBot);
    expect((await cyclesOf(spotBot)).map((c) => c.state)).toEqual(['closed', 'open']);
  });
});

describe('all-in-one groups', () => {
  it('checks the capital of the whole basket and creates nothing when it does not fit', async () => {
    const { memberId, rentalId, bots } = await member(2000);
    const request = { ...settings(rentalId), symbols: [SPOT, 'ETH/USDT', 'SOL/USDT'] };
    // Each bot needs about 300.15 USDT: two fit in 700, three do not.
    const small = await member(700);
    // The preview says so, symbol by symbol, and creates nothing.
    const preview = await small.bots.previewGroup(small.memberId, { ...request, rentalId: small.rentalId });
    expect(preview.symbols.map((p) => [p.symbol, p.problem])).toEqual([
      [SPOT, null],
      ['ETH/USDT', null],
      ['SOL/USDT', 'BOT_CAPITAL_EXCEEDS_LIMIT'],
    ]);
    expect(preview.problem).toBe('BOT_CAPITAL_EXCEEDS_LIMIT');
    expect(preview.capitalAvailable).toBe('700');
    expect(Number(preview.capitalRequired)).toBeCloseTo(
      preview.symbols.reduce((sum, p) => sum + Number(p.capitalRequired), 0),
      8,
    );
    expect(Number(preview.symbols[0]!.lastOrderPrice)).toBeLessThan(Number(preview.symbols[0]!.basePrice));
    await expect(
      small.bots.createGroup(small.memberId, { ...request, rentalId: small.rentalId }),
    ).rejects.toMatchObject({ code: 'BOT_CAPITAL_EXCEEDS_LIMIT' });
    expect(
      await db.selectFrom('bots').select('id').where('member_id', '=', small.memberId).execute(),
    ).toEqual([]);
    const { symbol: _, ...rest } = settings(rentalId);
    const group = await bots.createGroup(memberId, { ...rest, symbols: request.symbols });
    expect(group.bots.map((b) => [b.symbol, b.groupId])).toEqual(request.symbols.map((s) => [s, group.id]));
    // The unique-bot-per-symbol rule holds: a second group over a taken symbol is refused whole.
    await expect(
      bots.createGroup(memberId, { ...rest, symbols: ['SOL/USDT', 'XRP/USDT'] }),
    ).rejects.toMatchObject({ code: 'BOT_SYMBOL_TAKEN' });
    expect(await db.selectFrom('bots').select('id').where('symbol', '=', 'XRP/USDT').execute()).toEqual([]);
    expect(group.bots).toHaveLength(3);
  });

  it('switches one symbol off and pauses and resumes the whole group', async () => {
    const { memberId, rentalId, bots } = await member(1000);
    const { symbol: _, ...rest } = settings(rentalId);
    const group = await bots.createGroup(memberId, { ...rest, symbols: [SPOT, 'ETH/USDT'] });
    const [btc, eth] = group.bots;
    expect((await bots.switchAio(memberId, eth!.id, false)).aioOff).toBe(true);
    const worker = engine('aio');
    await worker.runBot(btc!.id);
    await worker.runBot(eth!.id);
    expect(await cyclesOf(btc!.id)).toHaveLength(1);
    expect(await cyclesOf(eth!.id)).toHaveLength(0);
    const paused = await bots.setGroupRunning(memberId, group.id, false);
    expect(paused.bots.map((b) => b.status)).toEqual(['paused', 'paused']);
    const stranger = await member();
    await expect(stranger.bots.setGroupRunning(stranger.memberId, group.id, true)).rejects.toMatchObject({
      code: 'BOT_GROUP_NOT_FOUND',
    });
    const resumed = await bots.setGroupRunning(memberId, group.id, true);
    expect(resumed.bots.map((b) => b.status)).toEqual(['running', 'running']);
  });
});
