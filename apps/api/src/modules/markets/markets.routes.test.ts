import {
  type TCandles,
  type TFavourites,
  type TFundingRate,
  type TMarketList,
  ZTickerEvent,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, ORIGIN, type TestApp } from '../../../test/test-app';

let t: TestApp;
let alice: Client;
let bobby: Client;

beforeAll(async () => {
  t = await createTestApp();
  alice = new Client(t.app);
  await alice.login('alice01');
  bobby = new Client(t.app);
  await bobby.login('bobby01');
});
afterAll(() => t?.close());

const q = (symbol: string) => encodeURIComponent(symbol);

describe('every markets endpoint refuses a visitor without a session', () => {
  it.each([
    ['GET', '/api/markets?type=spot'],
    ['GET', `/api/markets/candles?symbol=${q('BTC/USDT')}&interval=1h`],
    ['GET', `/api/markets/funding-rate?symbol=${q('BTC/USDT:USDT')}`],
    ['GET', '/api/markets/favourites'],
    ['POST', '/api/markets/favourites'],
    ['DELETE', `/api/markets/favourites?symbol=${q('BTC/USDT')}`],
    ['GET', '/api/markets/stream'],
  ] as const)('%s %s -> 401', async (method, url) => {
    const reply = await t.app.inject({
      method,
      url,
      headers: { origin: ORIGIN },
      ...(method === 'POST' ? { payload: { symbol: 'BTC/USDT' } } : {}),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().code).toBe('SESSION_INVALID');
  });
});

describe('the market list (GetcMarket, SearchCoin)', () => {
  it('lists spot symbols with price and 24 h change, busiest first', async () => {
    const { status, body } = await alice.get<TMarketList>('/api/markets?type=spot');
    expect(status).toBe(200);
    expect(body.type).toBe('spot');
    expect(body.items.map((r) => r.symbol)).toContain('BTC/USDT');
    expect(body.items.every((r) => r.type === 'spot' && !r.symbol.includes(':'))).toBe(true);
    const btc = body.items.find((r) => r.symbol === 'BTC/USDT');
    expect(btc).toMatchObject({ base: 'BTC', quote: 'USDT', favourite: false });
    expect(btc?.last).toMatch(/^\d+(\.\d+)?$/);
    expect(btc?.change24hPercent).toMatch(/^-?\d+\.\d{2}$/);
    const volumes = body.items.map((r) => Number(r.quoteVolume24h));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  });

  it('lists the perpetuals on their own tab', async () => {
    const { body } = await alice.get<TMarketList>('/api/markets?type=perpetual');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((r) => r.type === 'perpetual' && r.symbol.endsWith(':USDT'))).toBe(true);
  });

  it('searches symbol and base case-insensitively', async () => {
    const eth = await alice.get<TMarketList>('/api/markets?type=spot&q=eTh');
    expect(eth.body.items.map((r) => r.symbol)).toEqual(['ETH/USDT']);
    const bySymbol = await alice.get<TMarketList>(`/api/markets?type=perpetual&q=${q('sol/usdt:')}`);
    expect(bySymbol.body.items.map((r) => r.symbol)).toEqual(['SOL/USDT:USDT']);
    const none = await alice.get<TMarketList>('/api/markets?type=spot&q=nothing');
    expect([none.status, none.body.items]).toEqual([200, []]);
  });

  it('refuses an unknown market type and an overlong search with a validation error', async () => {
    const type = await alice.get('/api/markets?type=futures');
    expect([type.status, type.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const long = await alice.get(`/api/markets?q=${'x'.repeat(21)}`);
    expect([long.status, long.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('candles', () => {
  it('gives the asked number of candles of the interval, oldest first, for a symbol typed in any case', async () => {
    const { status, body } = await alice.get<TCandles>(
      `/api/markets/candles?symbol=${q('btc/usdt')}&interval=1h&limit=48`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ symbol: 'BTC/USDT', interval: '1h' });
    expect(body.items).toHaveLength(48);
    const steps = body.items.slice(1).map((c, i) => c.openTime - (body.items[i]?.openTime ?? 0));
    expect(new Set(steps)).toEqual(new Set([3_600_000]));
    for (const c of body.items) {
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
    }
  });

  it('refuses an unknown symbol, a bad interval and too many candles with clear codes, never a 500', async () => {
    const unknown = await alice.get(`/api/markets/candles?symbol=${q('FOO/USDT')}&interval=1h`);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'EXCHANGE_SYMBOL_UNKNOWN']);
    const malformed = await alice.get('/api/markets/candles?symbol=bitcoin&interval=1h');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(malformed.body.details).toEqual({ fields: [{ path: 'symbol', code: 'EXCHANGE_SYMBOL_UNKNOWN' }] });
    const interval = await alice.get(`/api/markets/candles?symbol=${q('BTC/USDT')}&interval=2h`);
    expect([interval.status, interval.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const many = await alice.get(`/api/markets/candles?symbol=${q('BTC/USDT')}&interval=1m&limit=501`);
    expect([many.status, many.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('funding rate', () => {
  it('gives a perpetual its rate and next funding time', async () => {
    const { status, body } = await alice.get<TFundingRate>(
      `/api/markets/funding-rate?symbol=${q('BTC/USDT:USDT')}`,
    );
    expect(status).toBe(200);
    expect(body.symbol).toBe('BTC/USDT:USDT');
    expect(body.rate).toMatch(/^-?\d+\.\d+$/);
    expect(Date.parse(body.nextFundingAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('refuses a spot symbol and an unknown one', async () => {
    const spot = await alice.get(`/api/markets/funding-rate?symbol=${q('BTC/USDT')}`);
    expect([spot.status, spot.body.code]).toEqual([400, 'EXCHANGE_MARKET_TYPE_UNSUPPORTED']);
    const unknown = await alice.get(`/api/markets/funding-rate?symbol=${q('FOO/USDT:USDT')}`);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'EXCHANGE_SYMBOL_UNKNOWN']);
  });
});

describe('favourites', () => {
  it("are the member's own: added once, shown in the list and its filter, removed again", async () => {
    const added = await alice.post<TFavourites>('/api/markets/favourites', { symbol: 'eth/usdt:usdt' });
    expect([added.status, added.body.symbols]).toEqual([200, ['ETH/USDT:USDT']]);
    const again = await alice.post<TFavourites>('/api/markets/favourites', { symbol: 'ETH/USDT:USDT' });
    expect(again.body.symbols).toEqual(['ETH/USDT:USDT']);

    const perps = await alice.get<TMarketList>('/api/markets?type=perpetual');
    expect(perps.body.items.filter((r) => r.favourite).map((r) => r.symbol)).toEqual(['ETH/USDT:USDT']);
    const only = await alice.get<TMarketList>('/api/markets?type=perpetual&favourites=true');
    expect(only.body.items.map((r) => r.symbol)).toEqual(['ETH/USDT:USDT']);
    const spotOnly = await alice.get<TMarketList>('/api/markets?type=spot&favourites=true');
    expect(spotOnly.body.items).toEqual([]);

    expect((await bobby.get<TFavourites>('/api/markets/favourites')).body.symbols).toEqual([]);
    const bobbysView = await bobby.get<TMarketList>('/api/markets?type=perpetual');
    expect(bobbysView.body.items.some((r) => r.favourite)).toBe(false);

    const removed = await alice.del<TFavourites>(`/api/markets/favourites?symbol=${q('ETH/USDT:USDT')}`);
    expect([removed.status, removed.body.symbols]).toEqual([200, []]);
    expect((await alice.get<TFavourites>('/api/markets/favourites')).body.symbols).toEqual([]);
  });

  it('refuses an unknown or malformed symbol and stores nothing', async () => {
    const unknown = await alice.post('/api/markets/favourites', { symbol: 'FOO/USDT' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'EXCHANGE_SYMBOL_UNKNOWN']);
    const malformed = await alice.post('/api/markets/favourites', { symbol: "'; DROP TABLE x" });
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const missing = await alice.post('/api/markets/favourites', {});
    expect([missing.status, missing.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await alice.get<TFavourites>('/api/markets/favourites')).body.symbols).toEqual([]);
  });
});

/** Reads Server-Sent Events from a fetch body until `count` `tickers` events have come. */
async function readEvents(body: ReadableStream<Uint8Array>, count: number) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: unknown[] = [];
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (block.includes('event: tickers') && data) events.push(JSON.parse(data.slice(6)));
      end = buffer.indexOf('\n\n');
    }
  }
  return { events, reader };
}

describe('the live price stream', () => {
  it('pushes every symbol of both types to a signed-in member, again about every 2 s', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/markets/stream`, {
      headers: { cookie: `__Host-sid=${alice.cookie}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const started = Date.now();
    const { events, reader } = await readEvents(response.body as ReadableStream<Uint8Array>, 2);
    const elapsed = Date.now() - started;
    await reader.cancel();
    const [first, second] = events.map((e) => ZTickerEvent.parse(e));
    const symbols = first?.items.map((i) => i.symbol) ?? [];
    expect(symbols).toContain('BTC/USDT');
    expect(symbols).toContain('BTC/USDT:USDT');
    expect(Date.parse(second?.at ?? '')).toBeGreaterThan(Date.parse(first?.at ?? ''));
    // Two events: the first at once, the second one poll (about 2 s) later.
    expect(elapsed).toBeGreaterThan(1500);
  });

  it('ends open streams when the server shuts down, so shutdown does not hang', async () => {
    const other = await createTestApp();
    const client = new Client(other.app);
    await client.login('alice01');
    const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/markets/stream`, {
      headers: { cookie: `__Host-sid=${client.cookie}` },
    });
    const { events, reader } = await readEvents(response.body as ReadableStream<Uint8Array>, 1);
    expect(events).toHaveLength(1);
    await other.close();
    // The server ended the stream: the reader sees its end instead of waiting forever.
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
  });
});
