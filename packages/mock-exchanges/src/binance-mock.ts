import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type MockEngine,
  type MockMarket,
  type MockOrder,
  MockRefusal,
  pnl,
  sum,
  times,
} from './mock-engine';
import type { MockHandler, MockRequest, MockResponse } from './mock-http';
import type { MockControls, MockCredentials } from './mock-types';

/**
 * Binance's spot (`/api/v3`), USD-M futures (`/fapi`) and wallet (`/sapi`) endpoints that the ccxt
 * connector uses, with the answer shapes of developers.binance.com. Signed calls carry `X-MBX-APIKEY` and
 * `signature` = hex HMAC-SHA256 of the query string (GET, DELETE) or the form body (POST) before it.
 */

const id = (m: MockMarket) => `${m.base}${m.quote}`;
const fail = (status: number, code: number, msg: string): MockResponse => ({ status, body: { code, msg } });
const ok = (body: unknown): MockResponse => ({ status: 200, body });

function exchangeInfo(engine: MockEngine, perpetual: boolean) {
  return {
    timezone: 'UTC',
    serverTime: Date.now(),
    rateLimits: [],
    exchangeFilters: [],
    symbols: engine.markets
      .filter((m) => m.perpetual === perpetual)
      .map((m) => ({
        symbol: id(m),
        status: 'TRADING',
        baseAsset: m.base,
        quoteAsset: m.quote,
        ...(perpetual
          ? {
              pair: id(m),
              contractType: 'PERPETUAL',
              deliveryDate: 4133404800000,
              onboardDate: 1569398400000,
              marginAsset: m.quote,
              pricePrecision: 2,
              quantityPrecision: 3,
              baseAssetPrecision: 8,
              quotePrecision: 8,
              underlyingType: 'COIN',
              orderTypes: ['LIMIT', 'MARKET'],
              timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
            }
          : {
              baseAssetPrecision: 8,
              quotePrecision: 8,
              quoteAssetPrecision: 8,
              orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
              isSpotTradingAllowed: true,
              isMarginTradingAllowed: false,
              permissions: [],
              permissionSets: [['SPOT']],
            }),
        filters: [
          { filterType: 'PRICE_FILTER', minPrice: m.tick, maxPrice: '1000000.00', tickSize: m.tick },
          { filterType: 'LOT_SIZE', minQty: m.minAmount, maxQty: '9000.00000000', stepSize: m.step },
          perpetual
            ? { filterType: 'MIN_NOTIONAL', notional: m.minNotional }
            : {
                filterType: 'NOTIONAL',
                minNotional: m.minNotional,
                applyMinToMarket: true,
                maxNotional: '9000000.00000000',
                applyMaxToMarket: false,
                avgPriceMins: 5,
              },
        ],
      })),
  };
}

function ticker(engine: MockEngine, m: MockMarket) {
  const last = engine.priceOf(m.symbol) ?? '0';
  const now = Date.now();
  return {
    symbol: id(m),
    priceChange: '0',
    priceChangePercent: '0.000',
    weightedAvgPrice: last,
    lastPrice: last,
    lastQty: '0.001',
    openPrice: last,
    highPrice: last,
    lowPrice: last,
    volume: '100',
    quoteVolume: '1000000',
    openTime: now - 86_400_000,
    closeTime: now,
    firstId: 1,
    lastId: 2,
    count: 2,
    ...(m.perpetual
      ? {}
      : { bidPrice: last, bidQty: '1', askPrice: last, askQty: '1', prevClosePrice: last }),
  };
}

const status = (o: MockOrder) => ({ open: 'NEW', filled: 'FILLED', canceled: 'CANCELED' })[o.status];

/**
 * An order as binance states it. Only a spot placement's full answer lists its fills with their
 * commission; queries of an order, and every futures answer, carry no fee.
 */
function order(o: MockOrder, m: MockMarket, placement = false) {
  const common = {
    symbol: id(m),
    orderId: Number(o.id),
    clientOrderId: o.clientId,
    price: o.price ?? '0',
    origQty: o.amount,
    executedQty: o.filled,
    status: status(o),
    timeInForce: 'GTC',
    type: o.type.toUpperCase(),
    side: o.side.toUpperCase(),
    updateTime: o.updatedAt,
  };
  const quote = o.averagePrice ? times(o.averagePrice, o.filled) : '0';
  return m.perpetual
    ? {
        ...common,
        avgPrice: o.averagePrice ?? '0',
        cumQty: o.filled,
        cumQuote: quote,
        reduceOnly: o.reduceOnly,
        closePosition: false,
        positionSide: 'BOTH',
        origType: o.type.toUpperCase(),
        time: o.createdAt,
        workingType: 'CONTRACT_PRICE',
        priceProtect: false,
      }
    : {
        ...common,
        orderListId: -1,
        cummulativeQuoteQty: quote,
        time: o.createdAt,
        transactTime: o.createdAt,
        workingTime: o.createdAt,
        isWorking: true,
        origQuoteOrderQty: '0',
        selfTradePreventionMode: 'EXPIRE_MAKER',
        fills:
          placement && o.status === 'filled'
            ? [
                {
                  price: o.averagePrice,
                  qty: o.filled,
                  commission: o.fee,
                  commissionAsset: o.feeAsset,
                  tradeId: Number(o.id),
                },
              ]
            : [],
      };
}

/**
 * The fill of a filled order as binance lists it in the account's trade history: spot GET /api/v3/myTrades,
 * futures GET /fapi/v1/userTrades (both with its commission). The mock fills an order in one trade.
 */
function trade(o: MockOrder, m: MockMarket) {
  const common = {
    symbol: id(m),
    id: Number(o.id) * 10,
    orderId: Number(o.id),
    price: o.averagePrice,
    qty: o.filled,
    quoteQty: times(o.averagePrice ?? '0', o.filled),
    commission: o.fee,
    commissionAsset: o.feeAsset,
    time: o.updatedAt,
  };
  return m.perpetual
    ? {
        ...common,
        buyer: o.side === 'buy',
        maker: o.type === 'limit',
        side: o.side.toUpperCase(),
        positionSide: 'BOTH',
        marginAsset: m.quote,
        realizedPnl: '0',
      }
    : {
        ...common,
        orderListId: -1,
        isBuyer: o.side === 'buy',
        isMaker: o.type === 'limit',
        isBestMatch: true,
      };
}

function verify(request: MockRequest, credentials: MockCredentials): MockResponse | null {
  if (request.headers['x-mbx-apikey'] !== credentials.apiKey) {
    return fail(401, -2015, 'Invalid API-key, IP, or permissions for action.');
  }
  const signed = request.method === 'GET' || request.method === 'DELETE' ? request.rawQuery : request.rawBody;
  const at = signed.lastIndexOf('&signature=');
  const given = Buffer.from(at < 0 ? '' : signed.slice(at + '&signature='.length));
  const expected = Buffer.from(
    createHmac('sha256', credentials.secret)
      .update(signed.slice(0, Math.max(at, 0)))
      .digest('hex'),
  );
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail(400, -1022, 'Signature for this request is not valid.');
  }
  return null;
}

export function binanceHandler(
  engine: MockEngine,
  credentials: MockCredentials,
  controls: MockControls,
): MockHandler {
  return (request) => {
    const injected = controls.takeFailure();
    if (injected === 'rateLimit')
      return fail(429, -1003, 'Too many requests; current limit of IP is 6000 request weight per 1 MINUTE.');
    if (injected === 'unavailable') return { status: 503, body: 'Service Unavailable' };

    const perpetual = request.path.startsWith('/fapi/');
    const route = `${request.method} ${request.path.replace(/^\/(api\/v3|fapi\/v\d|sapi\/v1)\//, '/')}`;
    const params =
      request.method === 'GET' || request.method === 'DELETE'
        ? request.query
        : new URLSearchParams(request.rawBody);
    const marketOf = (symbolId: string | null) =>
      engine.markets.find((m) => m.perpetual === perpetual && id(m) === symbolId);

    // Public market data.
    if (route === 'GET /exchangeInfo') return ok(exchangeInfo(engine, perpetual));
    if (route === 'GET /ticker/24hr') {
      const wanted = params.get('symbol');
      // `symbols` is a JSON array: ["BTCUSDT","ETHUSDT"].
      const several = params.get('symbols') ? (JSON.parse(params.get('symbols')!) as string[]) : null;
      const list = engine.markets.filter(
        (m) =>
          m.perpetual === perpetual && (!wanted || id(m) === wanted) && (!several || several.includes(id(m))),
      );
      if ((wanted || several) && list.length === 0) return fail(400, -1121, 'Invalid symbol.');
      return ok(wanted ? ticker(engine, list[0]!) : list.map((m) => ticker(engine, m)));
    }
    if (route === 'GET /klines') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const p = engine.priceOf(m.symbol)!;
      const limit = Number(params.get('limit') ?? 3);
      const start = Math.floor(Date.now() / 60_000) * 60_000 - (limit - 1) * 60_000;
      return ok(
        Array.from({ length: limit }, (_, i) => [
          start + i * 60_000,
          p,
          p,
          p,
          p,
          '1.5',
          start + i * 60_000 + 59_999,
          p,
          3,
          '0.5',
          p,
          '0',
        ]),
      );
    }
    if (route === 'GET /premiumIndex') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const p = engine.priceOf(m.symbol)!;
      const next = Math.ceil(Date.now() / 28_800_000) * 28_800_000;
      return ok({
        symbol: id(m),
        markPrice: p,
        indexPrice: p,
        estimatedSettlePrice: p,
        lastFundingRate: '0.00010000',
        interestRate: '0.00010000',
        nextFundingTime: next,
        time: Date.now(),
      });
    }

    const refused = verify(request, credentials);
    if (refused) return refused;

    if (route === 'GET /account/apiRestrictions') {
      const r = engine.keyRights;
      return ok({
        ipRestrict: r.ipWhitelist.length > 0,
        createTime: 1698645219000,
        enableReading: true,
        enableWithdrawals: r.withdraw,
        enableInternalTransfer: r.internalTransfer,
        permitsUniversalTransfer: r.universalTransfer,
        enableMargin: false,
        enableFutures: r.futuresTrade,
        enableSpotAndMarginTrading: r.spotTrade,
        enableVanillaOptions: false,
        enablePortfolioMarginTrading: false,
        enableFixApiTrade: false,
        enableFixReadOnly: false,
      });
    }
    if (route === 'GET /account' && !perpetual) {
      return ok({
        makerCommission: 10,
        takerCommission: 10,
        canTrade: true,
        canWithdraw: engine.keyRights.withdraw,
        canDeposit: true,
        updateTime: Date.now(),
        accountType: 'SPOT',
        balances: engine.balances(),
        permissions: ['SPOT'],
        uid: 354937868,
      });
    }
    if (route === 'GET /account' && perpetual) {
      const b = engine.futuresBalance();
      return ok({
        totalWalletBalance: b.wallet,
        availableBalance: b.free,
        assets: [
          {
            asset: 'USDT',
            walletBalance: b.wallet,
            unrealizedProfit: '0',
            marginBalance: b.wallet,
            maintMargin: '0',
            initialMargin: b.used,
            positionInitialMargin: b.used,
            openOrderInitialMargin: '0',
            crossWalletBalance: b.wallet,
            crossUnPnl: '0',
            availableBalance: b.free,
            maxWithdrawAmount: b.free,
            updateTime: Date.now(),
          },
        ],
        positions: [],
      });
    }
    if (route === 'GET /leverageBracket') {
      return ok(
        engine.markets
          .filter((m) => m.perpetual)
          .map((m) => ({
            symbol: id(m),
            notionalCoef: 1,
            brackets: [
              {
                bracket: 1,
                initialLeverage: m.maxLeverage,
                notionalCap: 50000,
                notionalFloor: 0,
                maintMarginRatio: 0.004,
                cum: 0,
              },
            ],
          })),
      );
    }
    if (route === 'GET /positionRisk') {
      return ok(
        engine.markets
          .filter((m) => m.perpetual && (!params.get('symbol') || id(m) === params.get('symbol')))
          .map((m) => {
            const p = engine.positions.get(m.symbol);
            const s = engine.settingsOf(m.symbol);
            const mark = engine.priceOf(m.symbol)!;
            const size = p?.size ?? '0';
            const entry = p?.entryPrice ?? '0';
            // Binance states the initial margin at the mark price; an isolated position's wallet is what it
            // holds, and its isolatedMargin that wallet plus the unrealised PnL.
            const margin = engine.positionMargin(m.symbol, mark);
            const isolatedWallet = s.marginMode === 'isolated' && margin ? margin.held : '0';
            const unrealized = pnl(size, entry, mark);
            return {
              symbol: id(m),
              positionAmt: size,
              entryPrice: entry,
              breakEvenPrice: entry,
              markPrice: mark,
              unRealizedProfit: unrealized,
              liquidationPrice: '0',
              leverage: String(s.leverage),
              maxNotionalValue: '50000',
              marginType: s.marginMode,
              isolatedMargin: isolatedWallet === '0' ? '0' : sum(isolatedWallet, unrealized),
              isAutoAddMargin: 'false',
              positionSide: 'BOTH',
              notional: times(mark, size),
              isolatedWallet,
              initialMargin: margin?.initial ?? '0',
              positionInitialMargin: margin?.initial ?? '0',
              openOrderInitialMargin: '0',
              maintMargin: '0',
              marginAsset: m.quote,
              updateTime: Date.now(),
            };
          }),
      );
    }
    if (route === 'POST /leverage') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const leverage = Number(params.get('leverage'));
      if (!(leverage >= 1 && leverage <= m.maxLeverage))
        return fail(400, -4028, `Leverage ${leverage} is not valid`);
      engine.setLeverage(m.symbol, leverage);
      return ok({ leverage, maxNotionalValue: '50000', symbol: id(m) });
    }
    if (route === 'POST /marginType') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const mode = params.get('marginType') === 'ISOLATED' ? 'isolated' : 'cross';
      if (engine.settingsOf(m.symbol).marginMode === mode)
        return fail(400, -4046, 'No need to change margin type.');
      engine.setMarginMode(m.symbol, mode);
      return ok({ code: 200, msg: 'success' });
    }
    if (route === 'POST /positionMargin') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const amount = params.get('amount') ?? '0';
      const adding = params.get('type') === '1';
      const refused = engine.adjustMargin(m.symbol, adding ? amount : `-${amount}`);
      if (refused === 'NO_POSITION') return fail(400, -4046, 'No position.');
      if (refused === 'CROSS') return fail(400, -4047, 'Cannot add position margin: position is 0.');
      if (refused) return fail(400, -4051, 'Isolated balance insufficient.');
      return ok({
        amount: Number(amount),
        code: 200,
        msg: 'Successfully modify position margin.',
        type: adding ? 1 : 2,
      });
    }
    if (route === 'POST /order') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      try {
        const placed = engine.place({
          symbol: m.symbol,
          side: params.get('side') === 'SELL' ? 'sell' : 'buy',
          type: params.get('type') === 'MARKET' ? 'market' : 'limit',
          amount: params.get('quantity') ?? '0',
          price: params.get('price'),
          clientId: params.get('newClientOrderId') ?? undefined,
          reduceOnly: params.get('reduceOnly') === 'true',
        });
        return ok(order(placed, m, true));
      } catch (error) {
        if (!(error instanceof MockRefusal)) throw error;
        if (error.kind === 'DUPLICATE_CLIENT_ID') {
          return perpetual
            ? fail(400, -4116, 'ClientOrderId is duplicated.')
            : fail(400, -2010, 'Duplicate order sent.');
        }
        if (error.kind === 'REDUCE_ONLY') return fail(400, -2022, 'ReduceOnly Order is rejected.');
        return perpetual
          ? fail(400, -2019, 'Margin is insufficient.')
          : fail(400, -2010, 'Account has insufficient balance for requested action.');
      }
    }
    if (route === 'GET /order' || route === 'DELETE /order') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const found = engine.findOrder(m.symbol, {
        id: params.get('orderId') ?? undefined,
        clientId: params.get('origClientOrderId') ?? undefined,
      });
      if (!found) return fail(400, -2013, 'Order does not exist.');
      if (request.method === 'DELETE' && !engine.cancel(found))
        return fail(400, -2011, 'Unknown order sent.');
      return ok(order(found, m));
    }
    if (route === 'GET /myTrades' || route === 'GET /userTrades') {
      const m = marketOf(params.get('symbol'));
      if (!m) return fail(400, -1121, 'Invalid symbol.');
      const orderId = params.get('orderId');
      // Futures history as binance keeps it: without a range the last 7 days, a range of 7 days at most.
      const week = 7 * 24 * 60 * 60 * 1000;
      const start = params.get('startTime') ? Number(params.get('startTime')) : undefined;
      const end = params.get('endTime') ? Number(params.get('endTime')) : undefined;
      const from = start ?? (end ?? Date.now()) - week;
      const to = end ?? (start !== undefined ? start + week : Date.now());
      if (perpetual && to - from > week)
        return fail(400, -1127, 'More than 7 days between startTime and endTime.');
      return ok(
        engine.orders
          .filter((o) => o.symbol === m.symbol && o.status === 'filled' && (!orderId || o.id === orderId))
          .filter((o) => !perpetual || (o.updatedAt >= from && o.updatedAt <= to))
          .map((o) => trade(o, m)),
      );
    }
    if (route === 'GET /income' && perpetual) {
      // USD-M income history, funding only here: oldest first; without a range the last 7 days.
      const wanted = params.get('symbol');
      if (wanted && !marketOf(wanted)) return fail(400, -1121, 'Invalid symbol.');
      const type = params.get('incomeType');
      const start = params.get('startTime') ? Number(params.get('startTime')) : undefined;
      const end = params.get('endTime') ? Number(params.get('endTime')) : undefined;
      const from = start ?? (end ?? Date.now()) - 7 * 24 * 60 * 60 * 1000;
      const to = end ?? Date.now();
      const limit = Math.min(Number(params.get('limit') ?? 100), 1000);
      return ok(
        engine.fundings
          .filter((f) => (!type || type === 'FUNDING_FEE') && f.at >= from && f.at <= to)
          .map((f) => ({ f, m: engine.market(f.symbol)! }))
          .filter(({ m }) => !wanted || id(m) === wanted)
          .slice(0, limit)
          .map(({ f, m }) => ({
            symbol: id(m),
            incomeType: 'FUNDING_FEE',
            income: f.amount,
            asset: m.quote,
            info: 'FUNDING_FEE',
            time: f.at,
            tranId: f.id,
            tradeId: '',
          })),
      );
    }
    if (route === 'GET /openOrders') {
      const wanted = params.get('symbol');
      return ok(
        engine.orders
          .filter((o) => o.status === 'open')
          .map((o) => ({ o, m: engine.market(o.symbol)! }))
          .filter(({ m }) => m.perpetual === perpetual && (!wanted || id(m) === wanted))
          .map(({ o, m }) => order(o, m)),
      );
    }
    return fail(404, -1000, `mock binance does not answer ${request.method} ${request.path}`);
  };
}
