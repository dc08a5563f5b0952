import type { TBot, TBotDetail, TBotGroupPreview, TBotPreview, TErrorBody } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRental } from '../../../test/bot-fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let alice: Client;
let bobby: Client;
let rentalId: string;

const memberIdOf = async (username: string) =>
  (await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

const config = (overrides: Record<string, unknown> = {}) => ({
  rentalId,
  exchange: 'paper',
  marketType: 'spot',
  symbol: 'BTC/USDT',
  direction: 'long',
  baseOrder: '50',
  safetyOrder: '50',
  safetyOrderCount: 3,
  priceDeviation: '1.5',
  volumeScale: '1.5',
  stepScale: '1.2',
  takeProfit: '1.2',
  ...overrides,
});

const botCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('bots')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  bobby = new Client(t.app);
  await alice.login('alice01');
  await bobby.login('bobby01');
  rentalId = await makeRental(t.db, await memberIdOf('alice01'), { capitalUsdt: 1000 });
});
afterAll(async () => t.close());

describe('the preview', () => {
  it('lists the base order and each safety order with price, size, average entry and capital', async () => {
    const r = await alice.post<TBotPreview>('/api/bots/preview', config());
    expect(r.status).toBe(200);
    expect(r.body.orders.map((o) => o.kind)).toEqual(['base', 'safety', 'safety', 'safety']);
    expect(r.body.orders.map((o) => o.deviation)).toEqual(['0', '1.5', '3.3', '5.46']);
    const prices = r.body.orders.map((o) => Number(o.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(r.body.capitalAvailable).toBe('1000');
    expect(r.body.capitalRequired).toBe(r.body.orders.at(-1)!.capital);
    expect(r.body.problem).toBeNull();
  });

  it('shows the liquidation price on perpetuals and names the problem of a ladder that reaches it', async () => {
    const ok = await alice.post<TBotPreview>(
      '/api/bots/preview',
      config({ marketType: 'perpetual', symbol: 'ETH/USDT:USDT', direction: 'short', leverage: 5 }),
    );
    expect(ok.body).toMatchObject({ problem: null });
    expect(ok.body.orders.every((o) => o.liquidationPrice !== null)).toBe(true);
    expect(ok.body.problem).toBeNull();
    const bad = await alice.post<TBotPreview>(
      '/api/bots/preview',
      config({ marketType: 'perpetual', symbol: 'ETH/USDT:USDT', leverage: 100 }),
    );
    expect(bad.status).toBe(200);
    expect(bad.body.problem).toBe('BOT_BEYOND_LIQUIDATION');
  });
});

describe('configuring a bot', () => {
  let bot: TBot;

  it('creates a running bot the member lists and reads', async () => {
    const r = await alice.post<TBot>('/api/bots', config());
    expect(r.status).toBe(200);
    bot = r.body;
    expect(bot).toMatchObject({
      status: 'running',
      symbol: 'BTC/USDT',
      safetyOrderCount: 3,
      volumeScale: '1.5',
    });
    const list = await alice.get<{ items: TBot[] }>('/api/bots');
    expect(list.body.items.map((b) => b.id)).toEqual([bot.id]);
    const detail = await alice.get<TBotDetail>(`/api/bots/${bot.id}`);
    expect(detail.body).toMatchObject({ bot: { id: bot.id }, cycles: [], orders: [] });
  });

  it('refuses a second bot on the same symbol', async () => {
    const r = await alice.post<TErrorBody>('/api/bots', config());
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('BOT_SYMBOL_TAKEN');
  });

  it('pauses, resumes, changes and stops it', async () => {
    expect((await alice.post<TBot>(`/api/bots/${bot.id}/pause`)).body).toMatchObject({
      status: 'paused',
      pausedReason: 'member',
    });
    expect((await alice.post<TBot>(`/api/bots/${bot.id}/resume`)).body).toMatchObject({
      status: 'running',
      pausedReason: null,
    });
    const { rentalId: _, exchange: _e, marketType: _m, symbol: _s, direction: _d, ...strategy } = config();
    const changed = await alice.call<TBot>('PUT', `/api/bots/${bot.id}`, { ...strategy, takeProfit: '2' });
    expect(changed.status).toBe(200);
    expect(changed.body.takeProfit).toBe('2');
    expect((await alice.del<TBot>(`/api/bots/${bot.id}`)).body.status).toBe('stopped');
    expect((await alice.post<TErrorBody>(`/api/bots/${bot.id}/resume`)).body.code).toBe('BOT_STATE_INVALID');
  });

  it("refuses a stranger every action on another member's bot, as if it did not exist", async () => {
    const mine = await alice.post<TBot>('/api/bots', config({ symbol: 'ETH/USDT' }));
    const id = mine.body.id;
    for (const r of [
      await bobby.get<TErrorBody>(`/api/bots/${id}`),
      await bobby.call<TErrorBody>('PUT', `/api/bots/${id}`, { ...config(), rentalId: undefined }),
      await bobby.post<TErrorBody>(`/api/bots/${id}/pause`),
      await bobby.post<TErrorBody>(`/api/bots/${id}/resume`),
      await bobby.del<TErrorBody>(`/api/bots/${id}`),
      await bobby.post<TErrorBody>(`/api/bots/${id}/add-entry`),
      await bobby.post<TErrorBody>(`/api/bots/${id}/close`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('BOT_NOT_FOUND');
    }
    expect((await bobby.get<{ items: TBot[] }>('/api/bots')).body.items).toEqual([]);
    // Nor can a stranger put a bot on someone else's rental.
    const borrowed = await bobby.post<TErrorBody>('/api/bots', config({ symbol: 'SOL/USDT' }));
    expect(borrowed.body.code).toBe('BOT_RENTAL_INACTIVE');
    expect((await alice.get<TBotDetail>(`/api/bots/${id}`)).body.bot.status).toBe('running');
  });

  it('refuses to add an entry or close when the bot holds no position', async () => {
    const mine = await alice.post<TBot>('/api/bots', config({ symbol: 'BNB/USDT' }));
    for (const action of ['add-entry', 'close']) {
      const r = await alice.post<TErrorBody>(`/api/bots/${mine.body.id}/${action}`);
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('BOT_STATE_INVALID');
    }
    expect((await alice.get<TBotDetail>(`/api/bots/${mine.body.id}`)).body.bot.pendingAction).toBeNull();
  });

  it('requires a login', async () => {
    expect((await new Client(t.app).get('/api/bots')).status).toBe(401);
  });
});

describe('bad configurations are refused and nothing is stored', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'more capital than the rental allows',
      { baseOrder: '600', safetyOrder: '600' },
      'BOT_CAPITAL_EXCEEDS_LIMIT',
    ],
    [
      'a safety order beyond liquidation',
      { marketType: 'perpetual', symbol: 'ETH/USDT:USDT', leverage: 100 },
      'BOT_BEYOND_LIQUIDATION',
    ],
    ['a stop loss before the last safety order', { stopLoss: '2' }, 'BOT_STOP_LOSS_INSIDE_SAFETY_ORDERS'],
    [
      'a trailing deviation as wide as the take profit',
      { trailingDeviation: '1.2' },
      'BOT_TRAILING_TOO_WIDE',
    ],
    ['an order below the market minimum', { baseOrder: '1' }, 'BOT_ORDER_TOO_SMALL'],
    ['a symbol the exchange does not list', { symbol: 'NOPE/USDT' }, 'EXCHANGE_SYMBOL_UNKNOWN'],
    ['an exchange the package does not cover', { exchange: 'binance' }, 'BOT_RENTAL_NOT_ALLOWED'],
    ['a rental that is not active', { rentalId: '999999' }, 'BOT_RENTAL_INACTIVE'],
    [
      'leverage above the market maximum',
      { marketType: 'perpetual', symbol: 'BNB/USDT:USDT', leverage: 75 },
      'EXCHANGE_LEVERAGE_TOO_HIGH',
    ],
  ];
  it.each(cases)('%s', async (_name, overrides, code) => {
    const before = await botCount();
    const r = await alice.post<TErrorBody>('/api/bots', config({ symbol: 'XRP/USDT', ...overrides }));
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect(await botCount()).toBe(before);
  });

  it('a short on spot and a setting out of range fail validation with their field codes', async () => {
    const short = await alice.post<TErrorBody>('/api/bots', config({ direction: 'short' }));
    expect(short.status).toBe(400);
    expect(short.body.details?.fields).toEqual([{ path: 'direction', code: 'BOT_SHORT_NEEDS_PERPETUAL' }]);
    const wide = await alice.post<TErrorBody>('/api/bots', config({ priceDeviation: '80' }));
    expect(wide.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('acting by hand: reverse, close by id, markets off, all-in-one', () => {
  const small = { baseOrder: '10', safetyOrder: '10', safetyOrderCount: 1 };
  const group = (symbols: string[]) => {
    const { symbol: _s, ...rest } = config(small);
    return { ...rest, symbols };
  };

  it("refuses a stranger every new action on another member's bot, cycle and group", async () => {
    const made = await alice.post<{ id: string; bots: TBot[] }>(
      '/api/bot-groups',
      group(['SOL/USDT', 'DOGE/USDT']),
    );
    expect(made.status).toBe(200);
    const bot = made.body.bots[0]!;
    const cycle = await t.db
      .insertInto('bot_cycles')
      .values({ bot_id: bot.id, number: 1, state: 'open' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused: [Awaited<ReturnType<Client['get']>>, string][] = [
      [await bobby.post(`/api/bots/${bot.id}/reverse`), 'BOT_NOT_FOUND'],
      [await bobby.get(`/api/bots/${bot.id}/position`), 'BOT_NOT_FOUND'],
      [await bobby.call('PUT', `/api/bots/${bot.id}/aio`, { on: false }), 'BOT_NOT_FOUND'],
      [await bobby.post(`/api/bot-cycles/${cycle.id}/close`), 'BOT_CYCLE_NOT_FOUND'],
      [await bobby.post(`/api/bot-groups/${made.body.id}/pause`), 'BOT_GROUP_NOT_FOUND'],
      [await bobby.post(`/api/bot-groups/${made.body.id}/resume`), 'BOT_GROUP_NOT_FOUND'],
    ];
    for (const [r, code] of refused) {
      expect(r.status).toBe(404);
      expect((r.body as TErrorBody).code).toBe(code);
    }
    const after = await alice.get<TBotDetail>(`/api/bots/${bot.id}`);
    expect(after.body.bot).toMatchObject({ status: 'running', aioOff: false, pendingAction: null });
    expect((await bobby.get<{ off: unknown[] }>('/api/bot-markets')).body.off).toEqual([]);
    // A basket preview on another member's rental is refused like a create on it.
    const foreign = await bobby.post<TErrorBody>('/api/bot-groups/preview', group(['ETH/USDT', 'XRP/USDT']));
    expect([foreign.status, foreign.body.code]).toEqual([
      (await bobby.post<TErrorBody>('/api/bots/preview', config(small))).status,
      (await bobby.post<TErrorBody>('/api/bots/preview', config(small))).body.code,
    ]);
    expect(foreign.status).toBeGreaterThanOrEqual(400);
  });

  it('previews a basket symbol by symbol against the rental, creating nothing', async () => {
    const before = await botCount();
    const preview = await alice.post<TBotGroupPreview>(
      '/api/bot-groups/preview',
      group(['ETH/USDT', 'XRP/USDT']),
    );
    expect(preview.status).toBe(200);
    expect(preview.body.symbols.map((p) => [p.symbol, p.problem])).toEqual([
      ['ETH/USDT', null],
      ['XRP/USDT', null],
    ]);
    expect(preview.body.problem).toBeNull();
    expect(await botCount()).toBe(before);
  });

  it('switches a market off and on for the member only', async () => {
    const off = await alice.call<{ off: { exchange: string; marketType: string }[] }>(
      'PUT',
      '/api/bot-markets',
      { exchange: 'paper', marketType: 'perpetual', on: false },
    );
    expect(off.body.off.map((o) => [o.exchange, o.marketType])).toEqual([['paper', 'perpetual']]);
    expect((await bobby.get<{ off: unknown[] }>('/api/bot-markets')).body.off).toEqual([]);
    const on = await alice.call<{ off: unknown[] }>('PUT', '/api/bot-markets', {
      exchange: 'paper',
      marketType: 'perpetual',
      on: true,
    });
    expect(on.body.off).toEqual([]);
  });

  it('bad input changes nothing', async () => {
    const before = await botCount();
    const cases = [
      await alice.call<TErrorBody>('PUT', '/api/bot-markets', {
        exchange: 'nasdaq',
        marketType: 'spot',
        on: false,
      }),
      await alice.call<TErrorBody>('PUT', '/api/bot-markets', { exchange: 'paper', marketType: 'spot' }),
      await alice.post<TErrorBody>('/api/bot-groups', group(['XRP/USDT', 'XRP/USDT'])),
      await alice.post<TErrorBody>('/api/bot-groups', group(['XRP/USDT'])),
      await alice.post<TErrorBody>('/api/bot-groups', group(['XRP/USDT', 'ETH/USDT:USDT'])),
      await alice.post<TErrorBody>('/api/bot-groups/preview', group(['XRP/USDT'])),
      await alice.post<TErrorBody>('/api/bot-cycles/abc/close'),
    ];
    for (const r of cases) expect(r.status).toBe(400);
    expect(await botCount()).toBe(before);
    expect((await alice.get<{ off: unknown[] }>('/api/bot-markets')).body.off).toEqual([]);
  });

  it('refuses to reverse a spot bot with its own code, and a group over a taken symbol', async () => {
    const spot = await alice.post<TBot>('/api/bots', config({ ...small, symbol: 'BTC/USDT' }));
    expect(spot.body).toMatchObject({ status: 'running' });
    const reverse = await alice.post<TErrorBody>(`/api/bots/${spot.body.id}/reverse`);
    expect(reverse.status).toBe(400);
    expect(reverse.body.code).toBe('BOT_REVERSE_NEEDS_PERPETUAL');
    const before = await botCount();
    const taken = await alice.post<TErrorBody>('/api/bot-groups', group(['XRP/USDT', 'BTC/USDT']));
    expect(taken.body.code).toBe('BOT_SYMBOL_TAKEN');
    expect(await botCount()).toBe(before);
    const notGrouped = await alice.call<TErrorBody>('PUT', `/api/bots/${spot.body.id}/aio`, { on: false });
    expect(notGrouped.body.code).toBe('BOT_STATE_INVALID');
  });
});
