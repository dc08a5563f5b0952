import type { TBot, TBotSymbol, TBotSymbolMarket, TErrorBody, TPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRental } from '../../../test/bot-fixtures';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let carol: Client;
let david: Client;
let rentalId: string;
let spotBot: TBot;
let perpBot: TBot;

const memberIdOf = async (username: string) =>
  (await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;

const config = (overrides: Record<string, unknown>) => ({
  rentalId,
  exchange: 'paper',
  marketType: 'spot',
  symbol: 'BTC/USDT',
  direction: 'long',
  baseOrder: '20',
  safetyOrder: '20',
  safetyOrderCount: 2,
  priceDeviation: '1.5',
  volumeScale: '1.5',
  stepScale: '1.2',
  takeProfit: '1.2',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  carol = new Client(t.app);
  david = new Client(t.app);
  await carol.login('carol01');
  await david.login('david01');
  rentalId = await makeRental(t.db, await memberIdOf('carol01'), { capitalUsdt: 5000 });
  spotBot = (await carol.post<TBot>('/api/bots', config({}))).body;
  perpBot = (
    await carol.post<TBot>(
      '/api/bots',
      config({ marketType: 'perpetual', symbol: 'ETH/USDT:USDT', direction: 'short', leverage: 3 }),
    )
  ).body;
  expect([spotBot.status, perpBot.status]).toEqual(['running', 'running']);
  // The bot's position on the paper exchange, opened by hand here (the engine is not running in this test).
  const sold = await carol.move('/api/trading/orders', {
    exchange: 'paper',
    marketType: 'perpetual',
    symbol: 'ETH/USDT:USDT',
    side: 'sell',
    type: 'market',
    amount: '0.1',
  });
  expect(sold.body).toMatchObject({ status: 'closed' });
});
afterAll(async () => t.close());

describe('the member symbols (symbol2, symbol3)', () => {
  it('lists the spot bots with their last price and no position', async () => {
    const r = await carol.get<TPage<TBotSymbol>>('/api/bot-symbols?marketType=spot');
    expect(r.status).toBe(200);
    expect(r.body.items.map((s) => s.bot.id)).toEqual([spotBot.id]);
    const [row] = r.body.items;
    expect(Number(row!.lastPrice)).toBeGreaterThan(0);
    expect(row).toMatchObject({ managed: false, position: null, fundingRate: null, problem: null });
  });

  it('lists the perpetual bots with the account position, its unrealized PnL and the funding rate', async () => {
    const r = await carol.get<TPage<TBotSymbol>>('/api/bot-symbols?marketType=perpetual');
    expect(r.status).toBe(200);
    expect(r.body.items.map((s) => s.bot.id)).toEqual([perpBot.id]);
    const [row] = r.body.items;
    expect(row!.position).toMatchObject({ symbol: 'ETH/USDT:USDT', side: 'short', contracts: '0.1' });
    expect(row!.position!.unrealizedPnl).toMatch(/^-?\d+(\.\d+)?$/);
    expect(row!.fundingRate).toMatchObject({ symbol: 'ETH/USDT:USDT' });
    expect(row!.bot.leverage).toBe(3);
  });

  it('shows a stopped bot no more', async () => {
    const extra = (await carol.post<TBot>('/api/bots', config({ symbol: 'SOL/USDT' }))).body;
    await carol.del(`/api/bots/${extra.id}`);
    const r = await carol.get<TPage<TBotSymbol>>('/api/bot-symbols?marketType=spot');
    expect(r.body.items.map((s) => s.bot.symbol)).toEqual(['BTC/USDT']);
  });

  it('shows a stranger none of them', async () => {
    for (const marketType of ['spot', 'perpetual']) {
      const r = await david.get<TPage<TBotSymbol>>(`/api/bot-symbols?marketType=${marketType}`);
      expect(r.status).toBe(200);
      expect(r.body.items).toEqual([]);
    }
  });

  it('refuses a bad market type and a guest', async () => {
    const bad = await carol.get<TErrorBody>('/api/bot-symbols?marketType=futures');
    expect(bad.status).toBe(400);
    expect((await new Client(t.app).get('/api/bot-symbols?marketType=spot')).status).toBe(401);
  });
});

describe('the symbol picker (symbolv2)', () => {
  const markets = (client: Client, query: string) =>
    client.get<TPage<TBotSymbolMarket>>(`/api/bot-symbols/markets?${query}`);

  it('lists the markets of the rental exchange, marking the one that has a bot', async () => {
    const r = await markets(carol, `rentalId=${rentalId}&exchange=paper&marketType=spot&pageSize=50`);
    expect(r.status).toBe(200);
    const symbols = r.body.items.map((m) => m.symbol);
    expect(symbols).toContain('BTC/USDT');
    expect(symbols).toEqual([...symbols].sort());
    expect(r.body.items.find((m) => m.symbol === 'BTC/USDT')!.bot).toEqual({
      id: spotBot.id,
      status: 'running',
    });
    expect(r.body.items.find((m) => m.symbol === 'SOL/USDT')!.bot).toBeNull();
    expect(r.body.items.every((m) => m.quote === 'USDT')).toBe(true);
  });

  it('searches by part of the symbol, in any case', async () => {
    const r = await markets(carol, `rentalId=${rentalId}&exchange=paper&marketType=perpetual&q=eth`);
    expect(r.body.items.map((m) => m.symbol)).toEqual(['ETH/USDT:USDT']);
    expect(r.body.items[0]!.bot?.id).toBe(perpBot.id);
    expect(r.body.items[0]!.maxLeverage).toBeGreaterThan(1);
  });

  it('refuses another member rental, an exchange the rental does not cover and bad input', async () => {
    const stranger = await markets(david, `rentalId=${rentalId}&exchange=paper&marketType=spot`);
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ code: 'BOT_RENTAL_INACTIVE' });
    const uncovered = await markets(carol, `rentalId=${rentalId}&exchange=binance&marketType=spot`);
    expect((uncovered.body as unknown as TErrorBody).code).toBe('BOT_RENTAL_NOT_ALLOWED');
    expect((await markets(carol, `rentalId=${rentalId}&exchange=paper&marketType=spot&q=%25'`)).status).toBe(
      400,
    );
    expect((await markets(carol, `rentalId=abc&exchange=paper&marketType=spot`)).status).toBe(400);
  });
});
