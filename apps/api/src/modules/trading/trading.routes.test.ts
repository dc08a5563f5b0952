import type { TMarketList, TTradeOrder, TTradingAccount } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from '../../../test/test-app';

// Manual trading through the HTTP API on the paper exchange (real PostgreSQL, the simulated market).
let t: TestApp;
let alice: Client;

async function lastPrice(client: Client, symbol: string, type: 'spot' | 'perpetual'): Promise<number> {
  const list = (await client.get<TMarketList>(`/api/markets?type=${type}`)).body;
  return Number(list.items.find((m) => m.symbol === symbol)?.last);
}

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  await alice.login('alice01');
});
afterAll(async () => {
  await t?.close();
});

describe('manual trading', () => {
  it('refuses a visitor on every endpoint', async () => {
    const visitor = new Client(t.app);
    for (const [method, url] of [
      ['GET', '/api/trading/venues'],
      ['GET', '/api/trading/account?exchange=paper&marketType=spot'],
      ['GET', '/api/trading/orders'],
      ['POST', '/api/trading/orders'],
      ['POST', '/api/trading/orders/00000000-0000-4000-8000-000000000000/cancel'],
      ['POST', '/api/trading/positions/close'],
      ['POST', '/api/trading/leverage'],
      ['POST', '/api/trading/positions/margin'],
    ] as const) {
      const res = method === 'GET' ? await visitor.get(url) : await visitor.move(url, {});
      expect(res.status, url).toBe(401);
    }
  });

  it('offers paper always, and refuses an exchange without a bound key', async () => {
    expect((await alice.get<{ items: string[] }>('/api/trading/venues')).body.items).toEqual(['paper']);
    const res = await alice.move('/api/trading/orders', {
      exchange: 'binance',
      marketType: 'spot',
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 'market',
      amount: '0.001',
    });
    expect(res.body).toMatchObject({ code: 'KEY_NOT_BOUND' });
  });

  it('places a resting limit order once per Idempotency-Key, lists it, and cancels it', async () => {
    const price = await lastPrice(alice, 'ETH/USDT', 'spot');
    const body = {
      exchange: 'paper',
      marketType: 'spot',
      symbol: 'ETH/USDT',
      side: 'buy',
      type: 'limit',
      amount: '0.1',
      price: (Math.floor(price * 0.5 * 100) / 100).toFixed(2),
    };
    const key = crypto.randomUUID();
    const first = await alice.move<TTradeOrder>('/api/trading/orders', body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'open', symbol: 'ETH/USDT', filled: '0' });
    const again = await alice.move<TTradeOrder>('/api/trading/orders', body, key);
    expect(again.body.id).toBe(first.body.id);
    const open = (await alice.get<{ items: TTradeOrder[] }>('/api/trading/orders?status=open')).body.items;
    expect(open.filter((o) => o.id === first.body.id)).toHaveLength(1);

    const bob = new Client(t.app);
    await bob.login('bobby01');
    const stranger = await bob.move(`/api/trading/orders/${first.body.id}/cancel`, {});
    expect(stranger.body).toMatchObject({ code: 'EXCHANGE_ORDER_NOT_FOUND' });

    const cancelled = await alice.move<TTradeOrder>(`/api/trading/orders/${first.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('canceled');
    const count = await t.db
      .selectFrom('paper_orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses bad orders with their own codes and records the refusal', async () => {
    const base = { exchange: 'paper', marketType: 'spot', side: 'buy', type: 'market' };
    const unknown = await alice.move('/api/trading/orders', { ...base, symbol: 'NOPE/USDT', amount: '1' });
    expect(unknown.body).toMatchObject({ code: 'EXCHANGE_SYMBOL_UNKNOWN' });
    const tiny = await alice.move('/api/trading/orders', {
      ...base,
      symbol: 'BTC/USDT',
      amount: '0.00000001',
    });
    expect(tiny.status).toBe(400);
    expect(['EXCHANGE_AMOUNT_TOO_SMALL', 'EXCHANGE_AMOUNT_TOO_PRECISE']).toContain(
      (tiny.body as { code: string }).code,
    );
    const broke = await alice.move('/api/trading/orders', { ...base, symbol: 'BTC/USDT', amount: '100' });
    expect(broke.body).toMatchObject({ code: 'EXCHANGE_INSUFFICIENT_BALANCE' });
    const limitWithoutPrice = await alice.move('/api/trading/orders', {
      ...base,
      type: 'limit',
      symbol: 'BTC/USDT',
      amount: '1',
    });
    expect(limitWithoutPrice.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const done = (await alice.get<{ items: TTradeOrder[] }>('/api/trading/orders?status=done')).body.items;
    expect(done.some((o) => o.status === 'rejected' && o.errorCode === 'EXCHANGE_INSUFFICIENT_BALANCE')).toBe(
      true,
    );
  });

  it('opens a perpetual position with leverage and closes it with one call', async () => {
    const symbol = 'BTC/USDT:USDT';
    const lev = await alice.post('/api/trading/leverage', {
      exchange: 'paper',
      symbol,
      leverage: 10,
      marginMode: 'isolated',
    });
    expect(lev.status, JSON.stringify(lev.body)).toBe(200);
    const tooHigh = await alice.post('/api/trading/leverage', {
      exchange: 'paper',
      symbol,
      leverage: 125,
      marginMode: 'isolated',
    });
    expect(tooHigh.body).toMatchObject({ code: 'EXCHANGE_LEVERAGE_TOO_HIGH' });

    const opened = await alice.move<TTradeOrder>('/api/trading/orders', {
      exchange: 'paper',
      marketType: 'perpetual',
      symbol,
      side: 'buy',
      type: 'market',
      amount: '0.01',
    });
    expect(opened.body.status, JSON.stringify(opened.body)).toBe('closed');
    const account = (
      await alice.get<TTradingAccount>('/api/trading/account?exchange=paper&marketType=perpetual')
    ).body;
    expect(account.positions).toMatchObject([
      { symbol, side: 'long', contracts: expect.stringMatching(/^0\.01/), leverage: 10 },
    ]);

    const closed = await alice.move<TTradeOrder>('/api/trading/positions/close', {
      exchange: 'paper',
      symbol,
    });
    expect(closed.body).toMatchObject({ side: 'sell', reduceOnly: true, status: 'closed' });
    const after = (
      await alice.get<TTradingAccount>('/api/trading/account?exchange=paper&marketType=perpetual')
    ).body;
    expect(after.positions).toEqual([]);
    const none = await alice.move('/api/trading/positions/close', { exchange: 'paper', symbol });
    expect(none.body).toMatchObject({ code: 'POSITION_NOT_FOUND' });
  });

  it("moves isolated margin of the member's own position once per key; strangers and bad input change nothing", async () => {
    const symbol = 'ETH/USDT:USDT';
    const account = async (client: Client) =>
      (await client.get<TTradingAccount>('/api/trading/account?exchange=paper&marketType=perpetual')).body;
    const usdt = (a: TTradingAccount) => a.balances.find((b) => b.asset === 'USDT');
    await alice.post('/api/trading/leverage', {
      exchange: 'paper',
      symbol,
      leverage: 5,
      marginMode: 'isolated',
    });
    await alice.move('/api/trading/orders', {
      exchange: 'paper',
      marketType: 'perpetual',
      symbol,
      side: 'sell',
      type: 'market',
      amount: '0.1',
    });
    const before = await account(alice);
    const body = { exchange: 'paper', symbol, direction: 'add', amount: '25' };
    const key = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await alice.move('/api/trading/positions/margin', body, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const added = await account(alice);
    expect(Number(usdt(added)!.used) - Number(usdt(before)!.used)).toBeCloseTo(25, 8);
    // Added once, whatever the retry: the position's margin is 25 more, to the last digit.
    const marginOf = (a: typeof added) => a.positions[0]!.margin!;
    expect(Number(marginOf(added)) - Number(marginOf(before))).toBeCloseTo(25, 8);
    expect(marginOf(added)).toMatch(/^\d+(\.\d+)?$/);
    // A short with more margin is liquidated further up.
    expect(Number(added.positions[0]!.liquidationPrice)).toBeGreaterThan(
      Number(before.positions[0]!.liquidationPrice),
    );

    const bob = new Client(t.app);
    await bob.login('bobby01');
    const stranger = await bob.move('/api/trading/positions/margin', { ...body, direction: 'reduce' });
    expect(stranger.body).toMatchObject({ code: 'POSITION_NOT_FOUND' });
    for (const [bad, code] of [
      [{ ...body, amount: 'abc' }, 'VALIDATION_FAILED'],
      [{ ...body, amount: '0' }, 'VALIDATION_FAILED'],
      [{ ...body, direction: 'sideways' }, 'VALIDATION_FAILED'],
      [{ ...body, symbol: 'ETH/USDT' }, 'VALIDATION_FAILED'],
      [{ ...body, direction: 'reduce', amount: '25.01' }, 'MARGIN_REDUCE_TOO_MUCH'],
    ] as const) {
      const res = await alice.move('/api/trading/positions/margin', bad);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ code });
    }
    // The mark moves on with time; the balances and the liquidation price must not.
    const after = await account(alice);
    expect(after.balances).toEqual(added.balances);
    expect(after.positions[0]!.liquidationPrice).toBe(added.positions[0]!.liquidationPrice);
    expect(after.positions[0]!.margin).toBe(added.positions[0]!.margin);
  });
});
