import { binanceHandler } from './binance-mock';
import { bybitHandler } from './bybit-mock';
import { gateHandler } from './gate-mock';
import { createMockEngine, type KeyRights } from './mock-engine';
import { listenMock, type MockRequest, type MockResponse } from './mock-http';
import { createControls, type InjectedFailure, type MockCredentials } from './mock-types';

export type MockExchangeId = 'binance' | 'bybit' | 'gate';

/**
 * A local stand-in for one exchange's REST API, for the connector tests, the demo and the e2e run: the real
 * ccxt code talks to it over HTTP on 127.0.0.1. Its state is in memory and visible to the test.
 */
export async function startMockExchange(exchange: MockExchangeId, credentials: MockCredentials, port = 0) {
  // Gate counts perpetual amounts in whole contracts of 0.0001 BTC / 0.01 ETH, as its real contracts do.
  const engine =
    exchange === 'gate'
      ? createMockEngine({ contractSize: (base) => (base === 'BTC' ? '0.0001' : '0.01'), perpetualStep: '1' })
      : createMockEngine({ maxLeverage: exchange === 'binance' ? 125 : 100 });
  const controls = createControls();
  const exchangeHandler = { binance: binanceHandler, bybit: bybitHandler, gate: gateHandler }[exchange](
    engine,
    credentials,
    controls,
  );
  const server = await listenMock(
    (request) => (request.path.startsWith('/__mock/') ? control(request) : exchangeHandler(request)),
    port,
  );
  /**
   * The same controls over HTTP, for a mock run as its own process (serve.ts) that an e2e test steers:
   * POST /__mock/key-rights {"withdraw":true}, /__mock/price {"symbol","price"}, /__mock/fail-next {"kind"}.
   * No real exchange has these paths.
   */
  function control(request: MockRequest): MockResponse {
    const body = JSON.parse(request.rawBody || '{}') as Record<string, unknown>;
    if (request.method === 'POST' && request.path === '/__mock/key-rights') {
      Object.assign(engine.keyRights, body);
      return { status: 200, body: engine.keyRights };
    }
    if (request.method === 'POST' && request.path === '/__mock/price') {
      const market = engine.market(String(body.symbol));
      if (!market || typeof body.price !== 'string')
        return { status: 400, body: { error: 'symbol and price' } };
      engine.setPrice(market.base, body.price);
      return { status: 200, body: { symbol: market.symbol, price: body.price } };
    }
    if (request.method === 'POST' && request.path === '/__mock/fail-next') {
      if (body.kind !== 'rateLimit' && body.kind !== 'unavailable')
        return { status: 400, body: { error: 'kind' } };
      controls.failNext(body.kind);
      return { status: 200, body: { kind: body.kind } };
    }
    return { status: 404, body: { error: 'unknown control' } };
  }

  return {
    url: server.url,
    close: server.close,
    /** Every request the mock got, to prove that a refused order never reached it. */
    requests: server.requests,
    state: engine,
    /** Sets the price of a unified symbol's coin (spot and perpetual share it); crossed limit orders fill. */
    setPrice(symbol: string, price: string) {
      const market = engine.market(symbol);
      if (!market) throw new Error(`mock ${exchange} has no market ${symbol}`);
      engine.setPrice(market.base, price);
    },
    setKeyRights(rights: Partial<KeyRights>) {
      Object.assign(engine.keyRights, rights);
    },
    failNext(kind: InjectedFailure) {
      controls.failNext(kind);
    },
  };
}

export type MockExchange = Awaited<ReturnType<typeof startMockExchange>>;
