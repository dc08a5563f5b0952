import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRental } from '../../../test/bot-fixtures';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { createCcxtConnector } from '../exchanges/ccxt/ccxt-connector';
import type { Connector } from '../exchanges/connector';
import { FUNDING_RETRY_MS, recordCycleFunding } from './cycle-funding';

/**
 * The worker's funding job against a real database and the binance mock, through the real ccxt connector:
 * the account holds a BTC perpetual position and the mock settles funding on it at times the test picks.
 */

const credentials = { apiKey: 'mock-key-4f2a', secret: 'mock-secret-9c1d77e0' };
const HOUR = 3600_000;

let db: Db;
let drop: () => Promise<void>;
let mock: MockExchange;
let connector: Connector;
/** The members whose key the venue stand-in says is unbound. */
const unbound = new Set<string>();
const asked: string[] = [];
const venues = {
  connectorFor: async (memberId: string, exchange: string) => {
    asked.push(`${memberId}:${exchange}`);
    if (exchange === 'paper') throw new Error('the paper exchange is never asked');
    if (unbound.has(memberId)) throw new AppError('KEY_NOT_BOUND');
    return connector;
  },
};
/** Whole seconds, as the exchanges settle funding. */
const now = Math.floor(Date.now() / 1000) * 1000;
const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
const run = (clock = now) => recordCycleFunding({ db, venues, now: () => new Date(clock) });

async function insertBot(memberId: string, exchange: 'paper' | 'binance', symbol: string) {
  const perpetual = symbol.includes(':');
  const bot = await db
    .insertInto('bots')
    .values({
      member_id: memberId,
      rental_id: await makeRental(db, memberId, { exchanges: [exchange] }),
      exchange,
      market_type: perpetual ? 'perpetual' : 'spot',
      symbol,
      direction: 'long',
      order_type: 'market',
      base_order: '600',
      safety_order: '600',
      safety_order_count: 1,
      price_deviation: '1',
      volume_scale: '1',
      step_scale: '1',
      take_profit: '1',
      capital_required: '1200',
      leverage: 1,
      cooldown_seconds: 0,
      margin_mode: 'isolated',
      status: 'running',
      paused_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bot.id;
}

async function insertCycle(botId: string, number: number, openedAt: Date, closedAt: Date | null) {
  const cycle = await db
    .insertInto('bot_cycles')
    .values({
      bot_id: botId,
      number,
      state: closedAt ? 'closed' : 'open',
      close_reason: closedAt ? 'take_profit' : null,
      realized_pnl: closedAt ? '9.395' : null,
      opened_at: openedAt,
      closed_at: closedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return cycle.id;
}

const fundingOf = (id: string) =>
  db
    .selectFrom('bot_cycles')
    .select(['funding', 'funding_recorded_at', 'funding_tried_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let member: string;
let other: string;
let closed: string;
let open: string;
let spot: string;
let paper: string;
let failing: string;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  mock = await startMockExchange('binance', credentials);
  connector = createCcxtConnector({ exchange: 'binance', credentials, urls: { api: mock.url } });
  await connector.placeOrder({
    symbol: 'BTC/USDT:USDT',
    type: 'market',
    side: 'buy',
    amount: '0.01',
    clientOrderId: `npfund${now % 1e8}`,
  });
  // 0.01 BTC at 60000: paid 0.06 at 0.0001, received 0.03 at -0.00005, both while the cycle was open;
  // the charges before it opened and after it closed are another cycle's.
  mock.state.chargeFunding('0.0002', at(7).getTime());
  mock.state.chargeFunding('0.0001', at(5).getTime());
  mock.state.chargeFunding('-0.00005', at(3).getTime());
  mock.state.chargeFunding('0.0003', at(0.5).getTime());

  member = await makeMember(db, 'funding');
  other = await makeMember(db, 'funding');
  const perpetual = await insertBot(member, 'binance', 'BTC/USDT:USDT');
  closed = await insertCycle(perpetual, 1, at(6), at(1));
  open = await insertCycle(perpetual, 2, at(0.9), null);
  spot = await insertCycle(await insertBot(member, 'binance', 'BTC/USDT'), 1, at(6), at(1));
  paper = await insertCycle(await insertBot(member, 'paper', 'ETH/USDT:USDT'), 1, at(6), at(1));
  failing = await insertCycle(await insertBot(other, 'binance', 'BTC/USDT:USDT'), 1, at(6), at(1));
});
afterAll(async () => {
  await mock.close();
  await drop();
});

describe('recording the funding of closed perpetual cycles on real exchanges', () => {
  it('records what a closed cycle paid, leaves spot, paper and open cycles alone, and keeps a failure for later', async () => {
    unbound.add(other);
    expect(await run()).toEqual({ recorded: 1, failed: 1 });

    // Paid 0.06, received 0.03: the cycle paid 0.03 net (positive: paid, as paper_funding).
    const recorded = await fundingOf(closed);
    expect(recorded.funding).toBe('0.03');
    expect(recorded.funding_recorded_at).not.toBeNull();
    for (const id of [open, spot, paper]) {
      expect(await fundingOf(id)).toEqual({
        funding: null,
        funding_recorded_at: null,
        funding_tried_at: null,
      });
    }
    expect(asked.some((venue) => venue.endsWith(':paper'))).toBe(false);

    // The member's key was unbound: nothing recorded, tried again only after the retry interval.
    const unrecorded = await fundingOf(failing);
    expect(unrecorded.funding).toBeNull();
    expect(unrecorded.funding_tried_at).not.toBeNull();
    expect(await run(now + 60_000)).toEqual({ recorded: 0, failed: 0 });
    unbound.delete(other);
    expect(await run(now + FUNDING_RETRY_MS + 60_000)).toEqual({ recorded: 1, failed: 0 });
    // The same account's payments (the stand-in gives both members one account).
    expect((await fundingOf(failing)).funding).toBe('0.03');
  });

  it('does not change a recorded figure when it runs again, even if the exchange answers otherwise', async () => {
    const before = await fundingOf(closed);
    mock.state.chargeFunding('0.001', at(2).getTime());
    expect(await run(now + 3 * FUNDING_RETRY_MS)).toEqual({ recorded: 0, failed: 0 });
    expect(await fundingOf(closed)).toEqual(before);
  });

  it('waits for a cycle closed moments ago, whose last funding the exchange may not list yet', async () => {
    const bot = await insertBot(await makeMember(db, 'funding'), 'binance', 'BTC/USDT:USDT');
    const fresh = await insertCycle(bot, 1, at(2), new Date(now - 60_000));
    expect(await run()).toEqual({ recorded: 0, failed: 0 });
    expect((await fundingOf(fresh)).funding_tried_at).toBeNull();
    expect(await run(now + 10 * 60_000)).toEqual({ recorded: 1, failed: 0 });
  });
});
