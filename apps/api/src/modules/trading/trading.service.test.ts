import type { TTradeOrdersQuery } from '@app/contracts';
import { type MockExchange, startMockExchange } from '@app/mock-exchanges';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeMember } from '../../../test/fixtures';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/database';
import { createCcxtConnector } from '../exchanges/ccxt/ccxt-connector';
import type { Connector } from '../exchanges/connector';
import { createTradingService } from './trading.service';

// Manual orders on binance through the real ccxt connector and the binance mock: the order records carry
// the fee even where binance's order answers leave it out (futures orders, spot orders read back later).
const credentials = { apiKey: 'mock-key-trading', secret: 'mock-secret-trading' };

let db: Db;
let drop: () => Promise<void>;
let memberId: string;
let mock: MockExchange;
/** Set by a test to stand for a trade-history answer lost when the order was placed. */
let loseNextPlacementFee = false;

function service() {
  const real = createCcxtConnector({ exchange: 'binance', credentials, urls: { api: mock.url } });
  const connector: Connector = {
    ...real,
    placeOrder: async (request) => {
      const placed = await real.placeOrder(request);
      if (!loseNextPlacementFee) return placed;
      loseNextPlacementFee = false;
      return { ...placed, fee: null };
    },
  };
  return createTradingService({
    db,
    venues: { available: async () => ['paper', 'binance'], connectorFor: async () => connector },
  });
}

const query = (status: TTradeOrdersQuery['status']): TTradeOrdersQuery => ({ page: 1, pageSize: 20, status });

const feeOf = async (id: string) =>
  db
    .selectFrom('trade_orders')
    .select(['fee_asset', 'fee_amount', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  memberId = await makeMember(db, 'trading');
});
afterAll(() => drop());
beforeEach(async () => {
  mock = await startMockExchange('binance', credentials);
});
afterEach(async () => {
  await mock.close();
});

describe('fees of manual orders', () => {
  it('records the fee of a binance perpetual order, which the order answer does not state', async () => {
    const order = await service().placeOrder(
      memberId,
      {
        exchange: 'binance',
        marketType: 'perpetual',
        symbol: 'BTC/USDT:USDT',
        side: 'buy',
        type: 'market',
        amount: '0.01',
      },
      crypto.randomUUID(),
    );
    // 0.01 BTC x 60000 x 0.05% taker fee.
    expect(order).toMatchObject({ status: 'closed', fee: { asset: 'USDT', amount: '0.3' } });
    expect(await feeOf(order.id)).toMatchObject({ fee_asset: 'USDT', fee_amount: '0.3' });
  });

  it('records the fee of a binance spot limit order once it filled, read back later', async () => {
    const trading = service();
    const order = await trading.placeOrder(
      memberId,
      {
        exchange: 'binance',
        marketType: 'spot',
        symbol: 'BTC/USDT',
        side: 'buy',
        type: 'limit',
        amount: '0.01',
        price: '59000',
      },
      crypto.randomUUID(),
    );
    expect(order).toMatchObject({ status: 'open', fee: null });
    mock.setPrice('BTC/USDT', '58000');
    const listed = await trading.orders(memberId, query('open'));
    // The listing read the working order again: filled, and its fee (0.1% of 0.01 BTC) from myTrades.
    expect(listed.items.find((o) => o.id === order.id)).toMatchObject({
      status: 'closed',
      fee: { asset: 'BTC', amount: '0.00001' },
    });
    expect(await feeOf(order.id)).toMatchObject({ fee_asset: 'BTC', fee_amount: '0.00001' });
  });

  it('reads the fee again for a filled order recorded without it, and then leaves it be', async () => {
    const trading = service();
    loseNextPlacementFee = true;
    const order = await trading.placeOrder(
      memberId,
      {
        exchange: 'binance',
        marketType: 'perpetual',
        symbol: 'ETH/USDT:USDT',
        side: 'buy',
        type: 'market',
        amount: '0.1',
      },
      crypto.randomUUID(),
    );
    expect(order).toMatchObject({ status: 'closed', fee: null });
    const listed = await trading.orders(memberId, query('done'));
    // 0.1 ETH x 3000 x 0.05%.
    expect(listed.items.find((o) => o.id === order.id)?.fee).toEqual({ asset: 'USDT', amount: '0.15' });
    expect(await feeOf(order.id)).toMatchObject({ fee_asset: 'USDT', fee_amount: '0.15' });

    // Known now: listing again asks the exchange nothing more about it.
    const before = mock.requests.length;
    await trading.orders(memberId, query('done'));
    expect(mock.requests.length).toBe(before);
  });
});
