import type {
  TBotBalance,
  TBotChart,
  TBotClosedCycle,
  TBotFilters,
  TBotRecordOrder,
  TBotSummaryRow,
  TBotSummaryTotals,
  TErrorBody,
  TPage,
  TRecordBot,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRental } from '../../../test/bot-fixtures';
import { makeMember } from '../../../test/fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let alice: Client;
let bobby: Client;
let spotBot: string;
let perpBot: string;
let strangerBot: string;

const memberIdOf = async (username: string) =>
  (await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

async function insertBot(
  memberId: string,
  symbol: string,
  status: 'running' | 'stopped' = 'running',
  exchange: 'paper' | 'binance' = 'paper',
) {
  const perpetual = symbol.includes(':');
  const bot = await t.db
    .insertInto('bots')
    .values({
      member_id: memberId,
      rental_id: await makeRental(t.db, memberId, { exchanges: [exchange] }),
      exchange,
      market_type: perpetual ? 'perpetual' : 'spot',
      symbol,
      direction: 'long',
      order_type: 'market',
      base_order: '50',
      safety_order: '50',
      safety_order_count: 2,
      price_deviation: '1',
      volume_scale: '1',
      step_scale: '1',
      take_profit: '1',
      capital_required: '150',
      leverage: 1,
      cooldown_seconds: 0,
      margin_mode: 'isolated',
      status,
      paused_reason: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return bot.id;
}

interface Fill {
  kind: 'base' | 'safety' | 'take_profit' | 'stop_loss' | 'manual';
  side: 'buy' | 'sell';
  filled: string;
  price: string;
  fee: [string, string];
}

/** A cycle with its filled orders, closed at `closedAt` (or open when null). */
async function insertCycle(
  botId: string,
  number: number,
  c: { openedAt: string; closedAt: string | null; pnl: string | null; fills: Fill[] },
) {
  const cycle = await t.db
    .insertInto('bot_cycles')
    .values({
      bot_id: botId,
      number,
      state: c.closedAt ? 'closed' : 'open',
      filled_amount: '0',
      close_reason: c.closedAt ? 'take_profit' : null,
      realized_pnl: c.pnl,
      opened_at: new Date(c.openedAt),
      closed_at: c.closedAt ? new Date(c.closedAt) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, f] of c.fills.entries()) {
    await t.db
      .insertInto('bot_orders')
      .values({
        bot_id: botId,
        cycle_id: cycle.id,
        kind: f.kind,
        slot: `${f.kind}-${i}`,
        exchange: 'paper',
        client_order_id: `t-${botId}-${number}-${i}`,
        side: f.side,
        type: 'market',
        status: 'closed',
        amount: f.filled,
        filled: f.filled,
        average_price: f.price,
        fee_asset: f.fee[0],
        fee: f.fee[1],
        created_at: new Date(c.openedAt),
        updated_at: new Date(c.openedAt),
      })
      .execute();
  }
  return cycle.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  bobby = new Client(t.app);
  await alice.login('alice01');
  await bobby.login('bobby01');
  const aliceId = await memberIdOf('alice01');
  spotBot = await insertBot(aliceId, 'BTC/USDT');
  perpBot = await insertBot(aliceId, 'ETH/USDT:USDT', 'stopped');
  strangerBot = await insertBot(await memberIdOf('bobby01'), 'BTC/USDT');

  // Spot, day 1: buys 0.001 at 50000 (fee 0.000001 BTC = 0.05 USDT), sells at 52000 (fee 0.052 USDT).
  await insertCycle(spotBot, 1, {
    openedAt: '2026-01-10T08:00:00Z',
    closedAt: '2026-01-10T09:30:00Z',
    pnl: '1.846',
    fills: [
      { kind: 'base', side: 'buy', filled: '0.001', price: '50000', fee: ['BTC', '0.000001'] },
      { kind: 'take_profit', side: 'sell', filled: '0.001', price: '52000', fee: ['USDT', '0.052'] },
    ],
  });
  // Spot, day 2: a loss.
  await insertCycle(spotBot, 2, {
    openedAt: '2026-01-11T08:00:00Z',
    closedAt: '2026-01-11T23:59:59Z',
    pnl: '-1.25',
    fills: [
      { kind: 'base', side: 'buy', filled: '0.002', price: '50000', fee: ['USDT', '0.1'] },
      { kind: 'stop_loss', side: 'sell', filled: '0.002', price: '49400', fee: ['USDT', '0.0988'] },
    ],
  });
  // Spot: an open cycle counts nowhere in the summaries.
  await insertCycle(spotBot, 3, {
    openedAt: '2026-01-12T08:00:00Z',
    closedAt: null,
    pnl: null,
    fills: [{ kind: 'base', side: 'buy', filled: '0.001', price: '51000', fee: ['USDT', '0.051'] }],
  });
  // Perpetual, day 1: 4 USDT realized, 0.3 USDT of funding paid while open.
  await insertCycle(perpBot, 1, {
    openedAt: '2026-01-10T06:00:00Z',
    closedAt: '2026-01-10T17:00:00Z',
    pnl: '4',
    fills: [
      { kind: 'base', side: 'buy', filled: '1', price: '3000', fee: ['USDT', '1.5'] },
      { kind: 'take_profit', side: 'sell', filled: '1', price: '3010', fee: ['USDT', '1.505'] },
    ],
  });
  await t.db
    .insertInto('paper_accounts')
    .values({ member_id: aliceId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const position = await t.db
    .insertInto('paper_positions')
    .values({ member_id: aliceId, symbol: 'ETH/USDT:USDT' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [time, amount] of [
    ['2026-01-10T08:00:00Z', '0.2'],
    ['2026-01-10T16:00:00Z', '0.1'],
    ['2026-01-11T00:00:00Z', '9'], // after the close: not the cycle's
  ] as const) {
    await t.db
      .insertInto('paper_funding')
      .values({
        position_id: position.id,
        funding_time: new Date(time),
        rate: '0.0001',
        mark_price: '3000',
        contracts: '1',
        amount,
      })
      .execute();
  }
  // The stranger's closed cycle must never show in alice's figures.
  await insertCycle(strangerBot, 1, {
    openedAt: '2026-01-10T08:00:00Z',
    closedAt: '2026-01-10T10:00:00Z',
    pnl: '100',
    fills: [{ kind: 'base', side: 'buy', filled: '1', price: '100', fee: ['USDT', '1'] }],
  });
});
afterAll(async () => t.close());

const row = (rows: TBotSummaryRow[], key: string) => rows.find((r) => r.key === key);

describe('summaries', () => {
  it('adds up closed cycles per day, exactly, after fees and funding', async () => {
    const r = await alice.get<TPage<TBotSummaryRow>>('/api/bot-records/summary?by=day');
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.key)).toEqual(['2026-01-11', '2026-01-10']);
    // 1.846 + (4 - 0.3); volume 50 + 52 + 3000 + 3010; fees 0.05 + 0.052 + 1.5 + 1.505.
    expect(row(r.body.items, '2026-01-10')).toMatchObject({
      cycles: 2,
      wins: 2,
      profit: '5.546',
      volume: '6112',
      fees: '3.107',
      funding: '0.3',
      bot: null,
    });
    expect(row(r.body.items, '2026-01-11')).toMatchObject({
      cycles: 1,
      wins: 0,
      profit: '-1.25',
      volume: '198.8',
      fees: '0.1988',
    });
  });

  it('adds up per symbol and per bot, and the totals match', async () => {
    const bySymbol = await alice.get<TPage<TBotSummaryRow>>('/api/bot-records/summary?by=symbol');
    expect(bySymbol.body.items.map((i) => [i.key, i.cycles, i.profit])).toEqual([
      ['BTC/USDT', 2, '0.596'],
      ['ETH/USDT:USDT', 1, '3.7'],
    ]);
    const byBot = await alice.get<TPage<TBotSummaryRow>>('/api/bot-records/summary?by=bot');
    expect(byBot.body.items.map((i) => [i.key, i.bot?.symbol, i.profit])).toEqual([
      [perpBot, 'ETH/USDT:USDT', '3.7'],
      [spotBot, 'BTC/USDT', '0.596'],
    ]);
    const totals = await alice.get<TBotSummaryTotals>('/api/bot-records/summary/totals');
    expect(totals.body).toMatchObject({
      cycles: 3,
      wins: 2,
      profit: '4.296',
      fees: '3.3058',
      bots: { running: 1, paused: 0, stopped: 1 },
    });
  });

  it('narrows to a range of days and to one bot', async () => {
    const day = await alice.get<TPage<TBotSummaryRow>>(
      '/api/bot-records/summary?by=symbol&from=2026-01-11&to=2026-01-11',
    );
    expect(day.body.items.map((i) => [i.key, i.profit])).toEqual([['BTC/USDT', '-1.25']]);
    const one = await alice.get<TPage<TBotSummaryRow>>(`/api/bot-records/summary?by=day&botId=${perpBot}`);
    expect(one.body.items.map((i) => [i.key, i.profit])).toEqual([['2026-01-10', '3.7']]);
  });
});

describe('history and orders', () => {
  it('lists closed cycles newest first with profit, fees, funding and duration', async () => {
    const r = await alice.get<TPage<TBotClosedCycle>>('/api/bot-records/cycles');
    expect(r.status).toBe(200);
    expect(r.body.items.map((c) => [c.symbol, c.number])).toEqual([
      ['BTC/USDT', 2],
      ['ETH/USDT:USDT', 1],
      ['BTC/USDT', 1],
    ]);
    expect(r.body.items[1]).toMatchObject({
      realizedPnl: '4',
      funding: '0.3',
      profit: '3.7',
      fees: '3.005',
      closeReason: 'take_profit',
      durationSeconds: 11 * 3600,
    });
    // Spot: no funding is charged.
    expect(r.body.items[2]).toMatchObject({ funding: null, profit: '1.846', durationSeconds: 5400 });
  });

  it('lists every order with its fill, fee and cycle, filtered by bot and day', async () => {
    const all = await alice.get<TPage<TBotRecordOrder>>(`/api/bot-records/orders?botId=${spotBot}`);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.items[0]).toMatchObject({
      cycleNumber: 3,
      symbol: 'BTC/USDT',
      value: '51',
      fee: { asset: 'USDT', amount: '0.051' },
    });
    const day = await alice.get<TPage<TBotRecordOrder>>(
      '/api/bot-records/orders?from=2026-01-10&to=2026-01-10&pageSize=2&page=2',
    );
    expect(day.body.items.map((o) => o.symbol)).toEqual(['BTC/USDT', 'BTC/USDT']);
  });
});

describe('the bots, their filters, balance and chart', () => {
  it('lists the bots with state and profit, by exchange, market type or state', async () => {
    const all = await alice.get<TPage<TRecordBot>>('/api/bot-records/bots');
    expect(all.body.items.map((b) => [b.botId, b.status, b.cycles, b.profit, b.openCycle])).toEqual([
      [perpBot, 'stopped', 1, '3.7', null],
      [spotBot, 'running', 2, '0.596', 3],
    ]);
    const running = await alice.get<TPage<TRecordBot>>('/api/bot-records/bots?status=running');
    expect(running.body.items.map((b) => b.botId)).toEqual([spotBot]);
    const perps = await alice.get<TPage<TRecordBot>>('/api/bot-records/bots?marketType=perpetual');
    expect(perps.body.items.map((b) => b.botId)).toEqual([perpBot]);
    const filters = await alice.get<TBotFilters>('/api/bot-records/filters');
    expect(filters.body).toMatchObject({
      exchanges: [{ value: 'paper', bots: 2 }],
      marketTypes: [
        { value: 'perpetual', bots: 1 },
        { value: 'spot', bots: 1 },
      ],
      statuses: [
        { value: 'running', bots: 1 },
        { value: 'stopped', bots: 1 },
      ],
    });
    expect(filters.body.bots.map((b) => b.botId)).toEqual([perpBot, spotBot]);
  });

  it('reads the bot balance on the paper exchange and the funding rate of a perpetual', async () => {
    const spot = await alice.get<TBotBalance>(`/api/bot-records/bots/${spotBot}/balance`);
    expect(spot.status).toBe(200);
    expect(spot.body.fundingRate).toBeNull();
    expect(spot.body.balances.every((b) => ['BTC', 'USDT'].includes(b.asset))).toBe(true);
    const perp = await alice.get<TBotBalance>(`/api/bot-records/bots/${perpBot}/balance`);
    expect(perp.status).toBe(200);
    expect(perp.body.fundingRate?.rate).toMatch(/^-?\d/);
  });

  it('charts the symbol with the entries and exits inside the candles', async () => {
    const r = await alice.get<TBotChart>(`/api/bot-records/bots/${spotBot}/chart?interval=1d`);
    expect(r.status).toBe(200);
    expect(r.body.candles.length).toBeGreaterThan(0);
    const first = r.body.candles[0]!.openTime;
    expect(r.body.markers.every((m) => m.at >= first)).toBe(true);
    expect(r.body.markers.every((m) => (m.side === 'buy') === (m.kind === 'entry'))).toBe(true);
  });
});

describe('refusals', () => {
  it('answers a stranger bot as not found, everywhere', async () => {
    for (const path of [
      `/api/bot-records/bots/${spotBot}/balance`,
      `/api/bot-records/bots/${spotBot}/chart`,
      `/api/bot-records/orders?botId=${spotBot}`,
      `/api/bot-records/cycles?botId=${spotBot}`,
      `/api/bot-records/summary?by=day&botId=${spotBot}`,
    ]) {
      const r = await bobby.get<TErrorBody>(path);
      expect([path, r.status, r.body.code]).toEqual([path, 404, 'BOT_NOT_FOUND']);
    }
    // And alice's figures are not in bobby's.
    const mine = await bobby.get<TBotSummaryTotals>('/api/bot-records/summary/totals');
    expect(mine.body).toMatchObject({ cycles: 1, profit: '100' });
    const theirs = await alice.get<TErrorBody>(`/api/bot-records/bots/${strangerBot}/chart`);
    expect(theirs.status).toBe(404);
  });

  it('refuses bad query input with a translated 400 and changes nothing', async () => {
    const before = await t.db.selectFrom('bot_cycles').selectAll().orderBy('id').execute();
    for (const path of [
      '/api/bot-records/summary?by=week',
      '/api/bot-records/summary',
      '/api/bot-records/cycles?from=2026-13-01',
      '/api/bot-records/cycles?from=2026-01-12&to=2026-01-10',
      '/api/bot-records/orders?pageSize=1000',
      '/api/bot-records/orders?symbol=not%20a%20symbol',
      '/api/bot-records/bots?status=dreaming',
      `/api/bot-records/bots/${spotBot}/chart?interval=7m`,
    ]) {
      const r = await alice.get<TErrorBody>(path);
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body.code).toMatch(/^[A-Z_]+$/);
    }
    // A malformed id is refused before any lookup.
    expect((await alice.get<TErrorBody>('/api/bot-records/bots/abc/balance')).status).toBe(400);
    expect(await t.db.selectFrom('bot_cycles').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('funding on a real exchange', () => {
  it('takes a perpetual cycle after the funding the worker recorded, and leaves it out until then', async () => {
    // A member of its own, who logs in with alice's password, so the figures above stay as they are.
    const memberId = await makeMember(t.db, 'fundrec');
    const alicePassword = t.db
      .selectFrom('members')
      .select('password_hash')
      .where('username', '=', 'alice01');
    const member = await t.db
      .updateTable('members')
      .set({ password_hash: alicePassword })
      .where('id', '=', memberId)
      .returning('username')
      .executeTakeFirstOrThrow();
    const carol = new Client(t.app);
    await carol.login(member.username);
    const bot = await insertBot(memberId, 'BTC/USDT:USDT', 'running', 'binance');
    const fills: Fill[] = [
      { kind: 'base', side: 'buy', filled: '0.01', price: '60000', fee: ['USDT', '0.3'] },
      { kind: 'take_profit', side: 'sell', filled: '0.01', price: '61000', fee: ['USDT', '0.305'] },
    ];
    const paid = await insertCycle(bot, 1, {
      openedAt: '2026-02-01T06:00:00Z',
      closedAt: '2026-02-01T17:00:00Z',
      pnl: '9.395',
      fills,
    });
    const received = await insertCycle(bot, 2, {
      openedAt: '2026-02-02T06:00:00Z',
      closedAt: '2026-02-02T17:00:00Z',
      pnl: '9.395',
      fills,
    });
    await insertCycle(bot, 3, {
      openedAt: '2026-02-03T06:00:00Z',
      closedAt: '2026-02-03T17:00:00Z',
      pnl: '9.395',
      fills,
    });
    // As cycle-funding.ts records them: positive paid, negative received.
    for (const [id, funding] of [
      [paid, '0.06'],
      [received, '-0.0305'],
    ] as const) {
      await t.db
        .updateTable('bot_cycles')
        .set({ funding, funding_recorded_at: new Date() })
        .where('id', '=', id)
        .execute();
    }

    const r = await carol.get<TPage<TBotClosedCycle>>('/api/bot-records/cycles');
    expect(r.body.items.map((c) => [c.number, c.realizedPnl, c.funding, c.profit])).toEqual([
      // Not recorded yet: null (the page says so), and profit is the realized result alone.
      [3, '9.395', null, '9.395'],
      [2, '9.395', '-0.0305', '9.4255'],
      [1, '9.395', '0.06', '9.335'],
    ]);
    const totals = await carol.get<TBotSummaryTotals>('/api/bot-records/summary/totals');
    expect(totals.body).toMatchObject({ cycles: 3, profit: '28.1555', funding: '0.0295' });
  });
});

describe('order units that are contracts of a fraction of a coin (Gate perpetuals)', () => {
  it('values an order and a cycle by filled x contract size x price', async () => {
    const aliceId = await memberIdOf('alice01');
    const botId = await insertBot(aliceId, 'SOL/USDT:USDT');
    // 0.0001 of the base asset per contract, as Gate's BTC_USDT: 2,000 contracts are 0.2 of a coin.
    await t.db.updateTable('bots').set({ contract_size: '0.0001' }).where('id', '=', botId).execute();
    await insertCycle(botId, 1, {
      openedAt: '2026-03-01T08:00:00Z',
      closedAt: '2026-03-01T09:00:00Z',
      pnl: '2',
      fills: [
        { kind: 'base', side: 'buy', filled: '2000', price: '100', fee: ['USDT', '0.01'] },
        { kind: 'take_profit', side: 'sell', filled: '2000', price: '110', fee: ['USDT', '0.011'] },
      ],
    });
    const orders = await alice.get<TPage<TBotRecordOrder>>(`/api/bot-records/orders?botId=${botId}`);
    expect(orders.body.items.map((o) => o.value)).toEqual(['22', '20']);
    const day = await alice.get<TPage<TBotSummaryRow>>(
      '/api/bot-records/summary?by=symbol&from=2026-03-01&to=2026-03-01',
    );
    expect(day.body.items.map((r) => r.volume)).toEqual(['42']);
  });
});
