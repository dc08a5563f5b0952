import { type MockExchange, type MockExchangeId, startMockExchange } from '@app/mock-exchanges';
import { parse } from '@app/money/decimal';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCcxtConnector } from '../src/modules/exchanges/ccxt/ccxt-connector';
import type { Connector } from '../src/modules/exchanges/connector';
import { AppError } from '../src/platform/errors';

/**
 * The behaviour every ccxt connector must show, run by each exchange's test file against that exchange's
 * mock server: the real ccxt code, over real HTTP, signing with a real key. Only the differences between
 * exchanges are parameters (gate counts perpetuals in contracts of 0.0001 BTC, binance states no leverage
 * limit without a key...).
 */
export interface ScenarioParams {
  exchange: MockExchangeId;
  /** One perpetual order's amount, worth 0.01 BTC. */
  perpetualAmount: string;
  /** The leverage limit the perpetual's market reports through the public market list. */
  listedMaxLeverage: number | null;
  /** The highest leverage the exchange accepts on BTC perpetuals. */
  maxLeverage: number;
  /** Whether a request is an order placement, to prove a refused order never reached the exchange. */
  isOrderPlacement: (method: string, path: string) => boolean;
  /**
   * Which order answers state the fee, as ccxt parses them. Binance lists a spot order's commission only
   * in the fills of the placement's answer (not when the order is queried later) and never on futures
   * orders; gate states no fee on futures orders. Where the answer does not, the connector reads the fee
   * from the order's trades, and only there.
   */
  statesFee: { queriedSpotOrder: boolean; perpetualOrder: boolean };
  /** Whether a request reads the account's trade history (the fee of an order whose answer lacks it). */
  isTradeHistory: (method: string, path: string) => boolean;
}

const credentials = { apiKey: 'mock-key-4f2a', secret: 'mock-secret-9c1d77e0', passphrase: undefined };

export async function expectCode(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

let counter = 0;
const cid = (exchange: string) => `${exchange === 'gate' ? 't-' : 'np'}test${Date.now() % 1e8}${counter++}`;

export function describeConnectorScenarios(p: ScenarioParams) {
  describe(`${p.exchange} connector against its mock exchange`, () => {
    let mock: MockExchange;
    let connector: Connector;

    // A fresh mock per test: each starts from the same balances and prices, whatever the test before did.
    beforeEach(async () => {
      mock = await startMockExchange(p.exchange, credentials);
      connector = createCcxtConnector({ exchange: p.exchange, credentials, urls: { api: mock.url } });
    });
    afterEach(async () => {
      await mock.close();
    });
    /** A market order of the scenario's perpetual amount on BTC/USDT:USDT (reduce-only to close). */
    const perpetualMarket = (side: 'buy' | 'sell', reduceOnly?: true) =>
      connector.placeOrder({
        symbol: 'BTC/USDT:USDT',
        type: 'market',
        side,
        amount: p.perpetualAmount,
        ...(reduceOnly ? { reduceOnly } : {}),
        clientOrderId: cid(p.exchange),
      });

    const orderRequests = () => mock.requests.filter((r) => p.isOrderPlacement(r.method, r.path));
    const historyReads = () => mock.requests.filter((r) => p.isTradeHistory(r.method, r.path)).length;
    /**
     * The mock's last requests and its answers, for the message of a fee assertion: a fee read from the
     * trades is best effort (a failed read leaves it null), so a failure must show whether it was asked.
     */
    const lastRequests = (count = 5) =>
      mock.requests
        .slice(-count)
        .map((r) => `${r.method} ${r.path} -> ${r.answered ?? 'no answer'}`)
        .join('; ');

    it('reads spot and perpetual markets with their steps, tickers, candles and the funding rate', async () => {
      const spot = await connector.markets('spot');
      expect(spot.map((m) => m.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
      expect(spot[0]).toMatchObject({
        base: 'BTC',
        quote: 'USDT',
        type: 'spot',
        tickSize: '0.01',
        amountStep: '0.00001',
        minAmount: '0.00001',
        minNotional: '5',
        contractSize: '1',
        maxLeverage: null,
      });
      const perpetual = await connector.markets('perpetual');
      expect(perpetual.map((m) => m.symbol)).toEqual(['BTC/USDT:USDT', 'ETH/USDT:USDT']);
      expect(perpetual[0]).toMatchObject({
        type: 'perpetual',
        tickSize: '0.1',
        maxLeverage: p.listedMaxLeverage,
      });

      mock.setPrice('BTC/USDT', '61000.5');
      const only = await connector.tickers('spot', ['ETH/USDT']);
      expect(only.map((t) => t.symbol)).toEqual(['ETH/USDT']);
      const [ticker] = await connector.tickers('spot', ['BTC/USDT']);
      expect(ticker).toMatchObject({ symbol: 'BTC/USDT', last: '61000.5' });
      const all = await connector.tickers('perpetual');
      expect(all.map((t) => t.symbol).sort()).toEqual(['BTC/USDT:USDT', 'ETH/USDT:USDT']);

      const candles = await connector.candles('ETH/USDT', '1m', 3);
      expect(candles).toHaveLength(3);
      expect(candles[2]).toMatchObject({ close: '3000' });
      expect(candles[1]!.openTime).toBeGreaterThan(candles[0]!.openTime);

      const funding = await connector.fundingRate('BTC/USDT:USDT');
      expect(funding).toMatchObject({ symbol: 'BTC/USDT:USDT', rate: '0.0001' });
      await expectCode(connector.fundingRate('BTC/USDT'), 'EXCHANGE_MARKET_TYPE_UNSUPPORTED');
    });

    it('rests a spot limit order until the price crosses it, and cancels a second one', async () => {
      const total = async (asset: string) =>
        parse((await connector.balances('spot')).find((b) => b.asset === asset)?.total ?? '0');
      const [usdtBefore, btcBefore] = [await total('USDT'), await total('BTC')];
      const buy = await connector.placeOrder({
        symbol: 'BTC/USDT',
        type: 'limit',
        side: 'buy',
        amount: '0.01',
        price: '59000',
        clientOrderId: cid(p.exchange),
      });
      expect(buy).toMatchObject({
        symbol: 'BTC/USDT',
        status: 'open',
        price: '59000',
        amount: '0.01',
        filled: '0',
      });
      expect((await connector.openOrders('BTC/USDT')).map((o) => o.id)).toEqual([buy.id]);
      const usdtHeld = (await connector.balances('spot')).find((b) => b.asset === 'USDT');
      expect(usdtHeld?.used).toBe('590');

      mock.setPrice('BTC/USDT', '59000.01');
      expect((await connector.fetchOrder('BTC/USDT', { id: buy.id }))?.status).toBe('open');
      // Nothing filled yet: no fee to look for, whatever the answer states.
      expect(historyReads()).toBe(0);
      mock.setPrice('BTC/USDT', '58999.99');
      const filled = await connector.fetchOrder('BTC/USDT', { id: buy.id });
      expect(filled).toMatchObject({ status: 'closed', filled: '0.01', averagePrice: '59000' });
      // The mocks charge a 0.1% spot taker fee in the coin received: 0.00001 of the 0.01 BTC bought. Read
      // back later, a binance spot order has no fills: the fee comes from the trade history (myTrades).
      expect(filled?.fee).toEqual({ asset: 'BTC', amount: '0.00001' });
      expect(historyReads()).toBe(p.statesFee.queriedSpotOrder ? 0 : 1);
      expect(await total('BTC')).toBe(btcBefore + parse('0.01') - parse('0.00001'));
      expect(await total('USDT')).toBe(usdtBefore - parse('590'));
      expect((await connector.balances('spot')).find((b) => b.asset === 'USDT')?.used).toBe('0');

      const second = await connector.placeOrder({
        symbol: 'BTC/USDT',
        type: 'limit',
        side: 'sell',
        amount: '0.005',
        price: '65000',
        clientOrderId: cid(p.exchange),
      });
      const canceled = await connector.cancelOrder('BTC/USDT', second.id);
      expect(canceled).toMatchObject({ id: second.id, status: 'canceled', filled: '0' });
      expect(await connector.openOrders('BTC/USDT')).toEqual([]);
      expect((await connector.fetchOrder('BTC/USDT', { clientOrderId: second.clientOrderId }))?.status).toBe(
        'canceled',
      );
      expect(await connector.fetchOrder('BTC/USDT', { id: '999999' })).toBeNull();
      expect(await connector.fetchOrder('BTC/USDT', { clientOrderId: cid(p.exchange) })).toBeNull();
      await expectCode(connector.cancelOrder('BTC/USDT', '999999'), 'EXCHANGE_ORDER_NOT_FOUND');
    });

    it('fills a spot market order at the current price', async () => {
      mock.setPrice('ETH/USDT', '3000.5');
      const order = await connector.placeOrder({
        symbol: 'ETH/USDT',
        type: 'market',
        side: 'buy',
        amount: '0.1',
        clientOrderId: cid(p.exchange),
      });
      expect(order).toMatchObject({
        status: 'closed',
        amount: '0.1',
        filled: '0.1',
        averagePrice: '3000.5',
        price: null,
        fee: { asset: 'ETH', amount: '0.0001' },
      });
      expect(mock.state.spot.get('ETH')?.free).toBe(parse('10.0999'));

      // A sale pays its fee in the quote coin: 0.1% of 0.1 x 3000.5 USDT.
      const usdtBefore = mock.state.spot.get('USDT')!.free;
      const sale = await connector.placeOrder({
        symbol: 'ETH/USDT',
        type: 'market',
        side: 'sell',
        amount: '0.1',
        clientOrderId: cid(p.exchange),
      });
      expect(sale).toMatchObject({
        status: 'closed',
        filled: '0.1',
        fee: { asset: 'USDT', amount: '0.30005' },
      });
      expect(mock.state.spot.get('USDT')?.free).toBe(usdtBefore + parse('300.05') - parse('0.30005'));
      // Every placement's answer stated its fee: no extra request for it.
      expect(historyReads()).toBe(0);
    });

    it('opens a perpetual position with leverage and margin mode set, and closes it reduce-only', async () => {
      await connector.setMarginMode('BTC/USDT:USDT', 'isolated');
      await connector.setLeverage('BTC/USDT:USDT', 5);
      const open = await perpetualMarket('buy');
      expect(open).toMatchObject({ status: 'closed', filled: p.perpetualAmount, averagePrice: '60000' });
      // A 0.05% perpetual taker fee in USDT: 0.01 BTC x 60000 x 0.0005, from the trades where the order's
      // answer does not state it (binance, gate).
      expect(open.fee, lastRequests()).toEqual({ asset: 'USDT', amount: '0.3' });
      expect(historyReads()).toBe(p.statesFee.perpetualOrder ? 0 : 1);
      const [position] = await connector.positions(['BTC/USDT:USDT']);
      expect(position).toMatchObject({
        symbol: 'BTC/USDT:USDT',
        side: 'long',
        contracts: p.perpetualAmount,
        entryPrice: '60000',
        leverage: 5,
        marginMode: 'isolated',
        // The isolated margin held: 0.01 BTC x 60000 at 5x.
        margin: '120',
      });

      mock.setPrice('BTC/USDT:USDT', '61000');
      const close = await perpetualMarket('sell', true);
      expect(close).toMatchObject({ status: 'closed', reduceOnly: true, averagePrice: '61000' });
      expect(close.fee, lastRequests()).toEqual({ asset: 'USDT', amount: '0.305' });
      expect(await connector.positions(['BTC/USDT:USDT'])).toEqual([]);
      // 0.01 BTC gained 1000 USDT each: the wallet shows the 10 USDT profit less both fees (0.3 + 0.305).
      expect(mock.state.futures.wallet).toBe(parse('5009.395'));

      // Nothing left to reduce: the exchange refuses, and that is an order rejection, not a crash.
      await expectCode(perpetualMarket('sell', true), 'EXCHANGE_ORDER_REJECTED');
    });

    it('lists the funding a perpetual position paid and received, signed from the account, and refuses spot', async () => {
      const symbol = 'BTC/USDT:USDT';
      const openedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 3 * 3600_000);
      await perpetualMarket('buy');
      // Two funding times an hour apart (whole seconds, as the exchanges settle): the long pays at a
      // positive rate and receives at a negative one, 0.01 BTC x 60000 x the rate.
      const first = openedAt.getTime() + 3600_000;
      mock.state.chargeFunding('0.0001', first);
      mock.setPrice(symbol, '61000');
      mock.state.chargeFunding('-0.00005', first + 3600_000);
      // A funding time before the window is not the position's.
      mock.state.chargeFunding('0.0002', openedAt.getTime() - 3600_000);

      const payments = await connector.fundingPayments(symbol, openedAt);
      expect(payments).toEqual([
        { at: new Date(first), asset: 'USDT', amount: '-0.06' },
        { at: new Date(first + 3600_000), asset: 'USDT', amount: '0.0305' },
      ]);
      // A window that ends before the second funding time holds the first only.
      expect(await connector.fundingPayments(symbol, openedAt, new Date(first + 60_000))).toHaveLength(1);
      await expectCode(connector.fundingPayments('BTC/USDT', openedAt), 'EXCHANGE_MARKET_TYPE_UNSUPPORTED');
    });

    it('lists funding over more than a week and more than one answer holds', async () => {
      const symbol = 'BTC/USDT:USDT';
      await perpetualMarket('sell');
      // One settlement 9 days ago, then 1,100 every 5 minutes over the last 3.8 days: past bybit's 7 days a
      // request, and more in one week than the 1,000 entries binance and gate answer at most (bybit: 100).
      const start = Math.floor(Date.now() / 60_000) * 60_000 - 1100 * 5 * 60_000;
      const early = start - 9 * 24 * 3600_000;
      mock.state.chargeFunding('0.0001', early);
      for (let i = 0; i < 1100; i++) mock.state.chargeFunding('0.0001', start + i * 5 * 60_000);
      const payments = await connector.fundingPayments(symbol, new Date(early - 60_000));
      expect(payments).toHaveLength(1101);
      expect(new Set(payments.map((f) => f.at.getTime())).size).toBe(1101);
      expect(payments[0]!.at.getTime()).toBe(early);
      // A short receives at a positive rate: 0.01 BTC x 60000 x 0.0001 each.
      expect(payments.every((f) => f.amount === '0.06')).toBe(true);
    });

    it('states the exact fee of a perpetual limit order fetched after it filled', async () => {
      const symbol = 'BTC/USDT:USDT';
      const order = await connector.placeOrder({
        symbol,
        type: 'limit',
        side: 'buy',
        amount: p.perpetualAmount,
        price: '59000',
        clientOrderId: cid(p.exchange),
      });
      expect(order).toMatchObject({ status: 'open', filled: '0', fee: null });
      mock.setPrice(symbol, '58990');
      const filled = await connector.fetchOrder(symbol, { id: order.id });
      expect(filled).toMatchObject({ status: 'closed', filled: p.perpetualAmount, averagePrice: '59000' });
      // 0.01 BTC x 59000 x 0.0005, to the last digit.
      expect(filled?.fee).toEqual({ asset: 'USDT', amount: '0.295' });
      expect(historyReads()).toBe(p.statesFee.perpetualOrder ? 0 : 1);
      // Found by our client order id too, and the same fee.
      const again = await connector.fetchOrder(symbol, { clientOrderId: order.clientOrderId });
      expect(again?.fee).toEqual({ asset: 'USDT', amount: '0.295' });
    });

    it('adds isolated margin to an open position and takes it out again, refusing too much and cross', async () => {
      const symbol = 'BTC/USDT:USDT';
      const change = (direction: 'add' | 'reduce', amount: string) =>
        connector.adjustMargin(symbol, { direction, amount });
      await connector.setMarginMode(symbol, 'isolated');
      await expectCode(change('add', '10'), 'POSITION_NOT_FOUND');
      await perpetualMarket('buy');
      const added = () => parse(mock.state.positions.get(symbol)?.addedMargin ?? '0');
      // The margin the connector reports, as the exchange states it: 0.01 BTC x 60000 at 10x is 60 USDT.
      const margin = async () => (await connector.positions([symbol]))[0]?.margin;
      expect(await margin()).toBe('60');
      const usedBefore = mock.state.futuresBalance().used;
      await change('add', '50');
      expect(added()).toBe(parse('50'));
      expect(parse(mock.state.futuresBalance().used) - parse(usedBefore)).toBe(50n * 10n ** 18n);
      expect(await margin()).toBe('110');
      await change('reduce', '20');
      expect(added()).toBe(parse('30'));
      expect(await margin()).toBe('90');
      await expectCode(change('reduce', '31'), 'MARGIN_REDUCE_TOO_MUCH');
      expect(added()).toBe(parse('30'));
      // A price move changes the PnL, not the margin held (binance and gate state them together).
      mock.setPrice(symbol, '60500');
      expect(await margin()).toBe('90');
      mock.setPrice(symbol, '60000');

      await connector.setMarginMode(symbol, 'cross');
      // On cross, the initial margin.
      expect(await margin()).toBe('60');
      const sent = mock.requests.length;
      await expectCode(change('add', '10'), 'MARGIN_CROSS_NOT_ADJUSTABLE');
      expect(mock.requests.slice(sent).some((r) => r.method === 'POST')).toBe(false);
    });

    it('refuses leverage beyond the market limit before asking the exchange to set it', async () => {
      await expectCode(
        connector.setLeverage('BTC/USDT:USDT', p.maxLeverage + 1),
        'EXCHANGE_LEVERAGE_TOO_HIGH',
      );
      await expectCode(connector.setLeverage('BTC/USDT', 2), 'EXCHANGE_MARKET_TYPE_UNSUPPORTED');
      expect(mock.requests.some((r) => r.method === 'POST' && /leverage/i.test(r.path))).toBe(false);
      await connector.setLeverage('BTC/USDT:USDT', p.maxLeverage);
      expect(mock.state.settingsOf('BTC/USDT:USDT').leverage).toBe(p.maxLeverage);
    });

    it('places one order for a client order id sent twice', async () => {
      const request = {
        symbol: 'ETH/USDT',
        type: 'limit' as const,
        side: 'buy' as const,
        amount: '0.1',
        price: '2900',
        clientOrderId: cid(p.exchange),
      };
      const first = await connector.placeOrder(request);
      const again = await connector.placeOrder(request);
      // A new connector (another process after a crash) finds it too.
      const other = createCcxtConnector({ exchange: p.exchange, credentials, urls: { api: mock.url } });
      const third = await other.placeOrder(request);
      expect(again.id).toBe(first.id);
      expect(third.id).toBe(first.id);
      expect(first.clientOrderId).toBe(request.clientOrderId);
      expect(mock.state.orders.filter((o) => o.clientId === request.clientOrderId)).toHaveLength(1);
      expect(orderRequests()).toHaveLength(1);
    });

    it('returns the first order when the exchange refuses a second placement of the same client order id', async () => {
      const request = {
        symbol: 'ETH/USDT',
        type: 'limit' as const,
        side: 'sell' as const,
        amount: '0.2',
        price: '3100',
        clientOrderId: cid(p.exchange),
      };
      // Two processes racing: both look, find nothing, and send; the exchange refuses the second send as a
      // duplicate, and that caller gets the first order instead of an error.
      const other = createCcxtConnector({ exchange: p.exchange, credentials, urls: { api: mock.url } });
      const [a, b] = await Promise.all([connector.placeOrder(request), other.placeOrder(request)]);
      expect(b.id).toBe(a.id);
      expect(mock.state.orders.filter((o) => o.clientId === request.clientOrderId)).toHaveLength(1);
      expect(orderRequests()).toHaveLength(2);
    });

    it('reports the rights of the key, refusing one that can withdraw', async () => {
      const safe = await connector.keyRights();
      expect(safe.refusals).toEqual([]);
      mock.setKeyRights({ withdraw: true, expiresAt: '2099-01-01T00:00:00Z' });
      const risky = await connector.keyRights();
      if (p.exchange === 'gate') {
        // Gate's answer cannot tell: the member is told so, and the IP whitelist is shown.
        expect(risky.warnings).toContain('KEY_WITHDRAW_UNCHECKABLE');
        expect(risky.ipWhitelist).toEqual(['127.0.0.1']);
      } else {
        expect(risky.refusals).toContain('KEY_CAN_WITHDRAW');
      }
      if (p.exchange === 'bybit') expect(risky.expiresAt).toEqual(new Date('2099-01-01T00:00:00Z'));
    });

    it('turns a bad signature into EXCHANGE_AUTH_FAILED', async () => {
      const wrong = createCcxtConnector({
        exchange: p.exchange,
        credentials: { ...credentials, secret: 'not-the-secret' },
        urls: { api: mock.url },
      });
      await expectCode(wrong.balances('spot'), 'EXCHANGE_AUTH_FAILED');
      await expectCode(wrong.keyRights(), 'EXCHANGE_AUTH_FAILED');
    });

    it('turns the exchange refusing for want of funds into EXCHANGE_INSUFFICIENT_BALANCE', async () => {
      await expectCode(
        connector.placeOrder({
          symbol: 'BTC/USDT',
          type: 'limit',
          side: 'buy',
          amount: '1',
          price: '59000',
          clientOrderId: cid(p.exchange),
        }),
        'EXCHANGE_INSUFFICIENT_BALANCE',
      );
      expect(orderRequests()).toHaveLength(1);
      expect(mock.state.orders).toHaveLength(0);
    });

    it('turns a rate limit into EXCHANGE_RATE_LIMITED and an outage into EXCHANGE_UNAVAILABLE', async () => {
      await connector.markets('spot');
      mock.failNext('rateLimit');
      await expectCode(connector.tickers('spot'), 'EXCHANGE_RATE_LIMITED');
      mock.failNext('unavailable');
      await expectCode(connector.balances('spot'), 'EXCHANGE_UNAVAILABLE');
      expect((await connector.tickers('spot')).length).toBe(2);
    });

    it('refuses an order below the minimum, too precise, off the tick or on an unknown symbol without sending it', async () => {
      const base = {
        type: 'limit' as const,
        side: 'buy' as const,
        price: '59000',
        clientOrderId: cid(p.exchange),
      };
      await expectCode(
        connector.placeOrder({ ...base, symbol: 'BTC/USDT', amount: '0.00005' }),
        'EXCHANGE_AMOUNT_TOO_SMALL',
      );
      await expectCode(
        connector.placeOrder({ ...base, symbol: 'BTC/USDT', amount: '0.000015' }),
        'EXCHANGE_AMOUNT_TOO_PRECISE',
      );
      await expectCode(
        connector.placeOrder({ ...base, symbol: 'BTC/USDT', amount: '0.01', price: '59000.005' }),
        'EXCHANGE_PRICE_INVALID',
      );
      await expectCode(
        connector.placeOrder({ ...base, symbol: 'DOGE/USDT', amount: '10' }),
        'EXCHANGE_SYMBOL_UNKNOWN',
      );
      await expectCode(connector.tickers('spot', ['DOGE/USDT']), 'EXCHANGE_SYMBOL_UNKNOWN');
      expect(orderRequests()).toEqual([]);
    });
  });
}
