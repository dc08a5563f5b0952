import { startMockExchange } from '@app/mock-exchanges';
import { describe, expect, it } from 'vitest';
import { describeConnectorScenarios } from '../../../../test/connector-scenarios';
import { createCcxtConnector } from './ccxt-connector';
import { binanceTradesSince } from './venue-calls';

describeConnectorScenarios({
  exchange: 'binance',
  perpetualAmount: '0.01',
  // Binance lists no leverage limit with its markets; the connector reads the key's leverage brackets.
  listedMaxLeverage: null,
  maxLeverage: 125,
  statesFee: { queriedSpotOrder: false, perpetualOrder: false },
  isTradeHistory: (method, path) =>
    method === 'GET' && /^\/(api\/v3\/myTrades|fapi\/v1\/userTrades)$/.test(path),
  isOrderPlacement: (method, path) => method === 'POST' && /^\/(api\/v3|fapi\/v1)\/order$/.test(path),
});

describe('binance futures fees of older orders', () => {
  const credentials = { apiKey: 'mock-key-4f2a', secret: 'mock-secret-9c1d77e0' };
  const day = 24 * 60 * 60 * 1000;

  it('asks the trade history from the placement of an order older than the default 7 days', async () => {
    const mock = await startMockExchange('binance', credentials);
    try {
      const connector = createCcxtConnector({ exchange: 'binance', credentials, urls: { api: mock.url } });
      const symbol = 'BTC/USDT:USDT';
      const order = await connector.placeOrder({
        symbol,
        type: 'limit',
        side: 'buy',
        amount: '0.01',
        price: '59000',
        clientOrderId: `npold${Date.now() % 1e8}`,
      });
      mock.setPrice(symbol, '58990');
      // Placed 10 days ago, filled a day later: outside the window binance answers without a start.
      const held = mock.state.orders.find((o) => o.id === order.id)!;
      held.createdAt = Date.now() - 10 * day;
      held.updatedAt = held.createdAt + day;
      const filled = await connector.fetchOrder(symbol, { id: order.id });
      expect(filled?.fee).toEqual({ asset: 'USDT', amount: '0.295' });
      const asked = mock.requests.filter((r) => r.path === '/fapi/v1/userTrades').at(-1)!;
      expect(Number(asked.query.get('startTime'))).toBe(held.createdAt - 60_000);
      expect(asked.query.get('orderId')).toBe(order.id);

      // Placed 10 days ago and resting until it fills now: its fill is in the window, not after it.
      const resting = await connector.placeOrder({
        symbol,
        type: 'limit',
        side: 'sell',
        amount: '0.01',
        price: '59500',
        clientOrderId: `npold${Date.now() % 1e8}b`,
      });
      mock.state.orders.find((o) => o.id === resting.id)!.createdAt = Date.now() - 10 * day;
      mock.setPrice(symbol, '59600');
      const sold = await connector.fetchOrder(symbol, { id: resting.id });
      // 0.01 BTC x 59500 x 0.0005.
      expect(sold?.fee).toEqual({ asset: 'USDT', amount: '0.2975' });
    } finally {
      await mock.close();
    }
  });

  it('leaves a recent order to the default window, and ends an older window after its last fill', () => {
    const now = Date.now();
    const minute = 60_000;
    expect(binanceTradesSince({ placedAt: now - day, updatedAt: now }, now)).toBeUndefined();
    expect(binanceTradesSince({}, now)).toBeUndefined();
    // Placed and filled 8 days ago: from its placement.
    expect(binanceTradesSince({ placedAt: now - 8 * day, updatedAt: now - 8 * day }, now)).toBe(
      now - 8 * day - minute,
    );
    // Resting 10 days, filled today: the 7 days up to the fill, not the 7 days after the placement.
    expect(binanceTradesSince({ placedAt: now - 10 * day, updatedAt: now - day }, now)).toBe(
      now - 8 * day + minute,
    );
  });
});
