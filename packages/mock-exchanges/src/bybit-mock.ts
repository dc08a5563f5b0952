import { createHmac, timingSafeEqual } from 'node:crypto';
import { format, parse } from '@app/money/decimal';
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
 * Bybit's v5 endpoints that the ccxt connector uses, for a unified trading account, with the answer shapes
 * of bybit-exchange.github.io/docs/v5. Every answer is `{retCode, retMsg, result, retExtInfo, time}` with
 * HTTP 200, errors included. Signed calls carry X-BAPI-API-KEY, X-BAPI-TIMESTAMP, X-BAPI-RECV-WINDOW and
 * X-BAPI-SIGN = hex HMAC-SHA256 of timestamp + apiKey + recvWindow + (query string | JSON body).
 */

const id = (m: MockMarket) => `${m.base}${m.quote}`;
const envelope = (retCode: number, retMsg: string, result: unknown = {}): MockResponse => ({
  status: 200,
  body: { retCode, retMsg, result, retExtInfo: {}, time: Date.now() },
});
const ok = (result: unknown) => envelope(0, 'OK', result);

function instrument(m: MockMarket) {
  if (!m.perpetual) {
    return {
      symbol: id(m),
      baseCoin: m.base,
      quoteCoin: m.quote,
      innovation: '0',
      status: 'Trading',
      marginTrading: 'none',
      stTag: '0',
      lotSizeFilter: {
        basePrecision: m.step,
        quotePrecision: '0.00000001',
        minOrderQty: m.minAmount,
        maxOrderQty: '9000',
        minOrderAmt: m.minNotional,
        maxOrderAmt: '4000000',
      },
      priceFilter: { tickSize: m.tick },
      riskParameters: { priceLimitRatioX: '0.05', priceLimitRatioY: '0.05' },
    };
  }
  return {
    symbol: id(m),
    contractType: 'LinearPerpetual',
    status: 'Trading',
    baseCoin: m.base,
    quoteCoin: m.quote,
    launchTime: '1585526400000',
    deliveryTime: '0',
    deliveryFeeRate: '',
    priceScale: '2',
    leverageFilter: { minLeverage: '1', maxLeverage: `${m.maxLeverage}.00`, leverageStep: '0.01' },
    priceFilter: { minPrice: m.tick, maxPrice: '1999999.80', tickSize: m.tick },
    lotSizeFilter: {
      maxOrderQty: '1190.000',
      minOrderQty: m.minAmount,
      qtyStep: m.step,
      postOnlyMaxOrderQty: '1190.000',
      maxMktOrderQty: '500.000',
      minNotionalValue: m.minNotional,
    },
    unifiedMarginTrade: true,
    fundingInterval: 480,
    settleCoin: m.quote,
    copyTrading: 'both',
    upperFundingRate: '0.00375',
    lowerFundingRate: '-0.00375',
    isPreListing: false,
    preListingInfo: null,
  };
}

function ticker(engine: MockEngine, m: MockMarket) {
  const last = engine.priceOf(m.symbol)!;
  const common = {
    symbol: id(m),
    bid1Price: last,
    bid1Size: '1',
    ask1Price: last,
    ask1Size: '1',
    lastPrice: last,
    prevPrice24h: last,
    price24hPcnt: '0',
    highPrice24h: last,
    lowPrice24h: last,
    turnover24h: '1000000',
    volume24h: '100',
  };
  if (!m.perpetual) return { ...common, usdIndexPrice: last };
  const next = Math.ceil(Date.now() / 28_800_000) * 28_800_000;
  return {
    ...common,
    indexPrice: last,
    markPrice: last,
    prevPrice1h: last,
    openInterest: '1000',
    openInterestValue: '60000000',
    fundingRate: '0.0001',
    nextFundingTime: String(next),
    predictedDeliveryPrice: '',
    basisRate: '',
    deliveryFeeRate: '',
    deliveryTime: '0',
    basis: '',
  };
}

function order(o: MockOrder, m: MockMarket) {
  const open = o.status === 'open';
  const value = o.averagePrice ? times(o.averagePrice, o.filled) : '0';
  return {
    orderId: o.id,
    orderLinkId: o.clientId,
    blockTradeId: '',
    symbol: id(m),
    price: o.price ?? '0',
    qty: o.amount,
    side: o.side === 'buy' ? 'Buy' : 'Sell',
    isLeverage: '',
    positionIdx: 0,
    orderStatus: { open: 'New', filled: 'Filled', canceled: 'Cancelled' }[o.status],
    cancelType: o.status === 'canceled' ? 'CancelByUser' : 'UNKNOWN',
    rejectReason: 'EC_NoError',
    avgPrice: o.averagePrice ?? '',
    leavesQty: open ? o.amount : '0',
    leavesValue: open && o.price ? times(o.price, o.amount) : '0',
    cumExecQty: o.filled,
    cumExecValue: value,
    cumExecFee: o.fee,
    // ccxt reads the fee from here (coin -> amount); empty until something filled.
    cumFeeDetail: o.fee === '0' ? {} : { [o.feeAsset]: o.fee },
    timeInForce: o.type === 'market' ? 'IOC' : 'GTC',
    orderType: o.type === 'market' ? 'Market' : 'Limit',
    stopOrderType: '',
    orderIv: '',
    marketUnit: m.perpetual ? '' : 'baseCoin',
    triggerPrice: '0',
    takeProfit: '0',
    stopLoss: '0',
    tpTriggerBy: '',
    slTriggerBy: '',
    triggerDirection: 0,
    triggerBy: '',
    lastPriceOnCreated: '',
    reduceOnly: o.reduceOnly,
    closeOnTrigger: false,
    smpType: 'None',
    smpGroup: 0,
    smpOrderId: '',
    // Only derivatives orders carry tpslMode; ccxt tells spot from linear by it, as both use "BTCUSDT".
    ...(m.perpetual ? { tpslMode: '' } : {}),
    tpLimitPrice: '',
    slLimitPrice: '',
    placeType: '',
    createdTime: String(o.createdAt),
    updatedTime: String(o.updatedAt),
  };
}

function verify(request: MockRequest, credentials: MockCredentials): MockResponse | null {
  const key = request.headers['x-bapi-api-key'];
  if (key !== credentials.apiKey) return envelope(10003, 'API key is invalid.');
  const timestamp = String(request.headers['x-bapi-timestamp'] ?? '');
  const recvWindow = String(request.headers['x-bapi-recv-window'] ?? '');
  const payload = request.method === 'POST' ? request.rawBody : request.rawQuery;
  const expected = Buffer.from(
    createHmac('sha256', credentials.secret)
      .update(`${timestamp}${key}${recvWindow}${payload}`)
      .digest('hex'),
  );
  const given = Buffer.from(String(request.headers['x-bapi-sign'] ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return envelope(10004, 'error sign! origin_string[...]');
  }
  return null;
}

export function bybitHandler(
  engine: MockEngine,
  credentials: MockCredentials,
  controls: MockControls,
): MockHandler {
  // A unified account has one margin mode for all its perpetuals.
  let accountMarginMode: 'REGULAR_MARGIN' | 'ISOLATED_MARGIN' = 'REGULAR_MARGIN';

  return (request) => {
    const injected = controls.takeFailure();
    if (injected === 'rateLimit') return envelope(10006, 'Too many visits. Exceeded the API Rate Limit.');
    if (injected === 'unavailable') return { status: 503, body: 'Service Unavailable' };

    const params: Record<string, string | boolean | undefined> =
      request.method === 'POST'
        ? (JSON.parse(request.rawBody || '{}') as Record<string, string | boolean>)
        : Object.fromEntries(request.query);
    const perpetual = params.category === 'linear';
    const marketOf = (symbolId: unknown) =>
      engine.markets.find((m) => m.perpetual === perpetual && id(m) === symbolId);
    const route = `${request.method} ${request.path}`;

    if (route === 'GET /v5/market/instruments-info') {
      // ccxt also asks for pre-launch perpetuals; there are none here.
      const list =
        params.status === 'PreLaunch' ? [] : engine.markets.filter((m) => m.perpetual === perpetual);
      return ok({ category: params.category, list: list.map(instrument), nextPageCursor: '' });
    }
    if (route === 'GET /v5/market/tickers') {
      const list = engine.markets.filter(
        (m) => m.perpetual === perpetual && (!params.symbol || id(m) === params.symbol),
      );
      if (params.symbol && list.length === 0) return envelope(10001, 'Not supported symbols');
      return ok({ category: params.category, list: list.map((m) => ticker(engine, m)) });
    }
    if (route === 'GET /v5/market/kline') {
      const m = marketOf(params.symbol);
      if (!m) return envelope(10001, 'Not supported symbols');
      const p = engine.priceOf(m.symbol)!;
      const limit = Number(params.limit ?? 3);
      const start = Math.floor(Date.now() / 60_000) * 60_000 - (limit - 1) * 60_000;
      // Newest first, as bybit sends them.
      const list = Array.from({ length: limit }, (_, i) => [
        String(start + i * 60_000),
        p,
        p,
        p,
        p,
        '1.5',
        p,
      ]).reverse();
      return ok({ symbol: id(m), category: params.category, list });
    }

    const refused = verify(request, credentials);
    if (refused) return refused;

    if (route === 'GET /v5/user/query-api') {
      const r = engine.keyRights;
      return ok({
        id: '13770661',
        note: 'mock',
        apiKey: credentials.apiKey,
        readOnly: r.spotTrade || r.futuresTrade ? 0 : 1,
        secret: '',
        permissions: {
          ContractTrade: r.futuresTrade ? ['Order', 'Position'] : [],
          Spot: r.spotTrade ? ['SpotTrade'] : [],
          Wallet: [...(r.universalTransfer ? ['AccountTransfer'] : []), ...(r.withdraw ? ['Withdraw'] : [])],
          Options: [],
          Derivatives: [],
          CopyTrading: [],
          BlockTrade: [],
          Exchange: [],
          NFT: [],
          Affiliate: [],
        },
        ips: r.ipWhitelist.length > 0 ? r.ipWhitelist : ['*'],
        type: 1,
        deadlineDay: 83,
        expiredAt: r.expiresAt ?? '',
        createdAt: '2023-12-22T07:20:25Z',
        unified: 0,
        uta: 1,
        userID: 24617703,
        inviterID: 0,
        vipLevel: 'No VIP',
        mktMakerLevel: '0',
        affiliateID: 0,
        rsaPublicKey: '',
        isMaster: true,
        parentUid: '0',
        kycLevel: 'LEVEL_DEFAULT',
        kycRegion: '',
      });
    }
    if (route === 'GET /v5/account/info') {
      return ok({
        marginMode: accountMarginMode,
        updatedTime: String(Date.now()),
        unifiedMarginStatus: 5,
        dcpStatus: 'OFF',
        timeWindow: 10,
        smpGroup: 0,
        isMasterTrader: false,
        spotHedgingStatus: 'OFF',
      });
    }
    if (route === 'GET /v5/account/wallet-balance') {
      const futures = engine.futuresBalance();
      const coins = engine.balances().map((b) => {
        // One unified wallet: USDT holds the spot coins and the perpetual margin together.
        const isUsdt = b.asset === 'USDT';
        const wallet = isUsdt ? sum(b.free, b.locked, futures.wallet) : sum(b.free, b.locked);
        return {
          coin: b.asset,
          equity: wallet,
          usdValue: wallet,
          walletBalance: wallet,
          locked: b.locked,
          totalOrderIM: '0',
          totalPositionIM: isUsdt ? futures.used : '0',
          totalPositionMM: '0',
          unrealisedPnl: '0',
          cumRealisedPnl: '0',
          borrowAmount: '0',
          accruedInterest: '0',
          availableToBorrow: '',
          bonus: '0',
          collateralSwitch: true,
          marginCollateral: true,
          spotHedgingQty: '0',
        };
      });
      return ok({
        list: [
          {
            accountType: 'UNIFIED',
            totalEquity: '0',
            totalWalletBalance: '0',
            totalAvailableBalance: '0',
            coin: coins,
          },
        ],
      });
    }
    if (route === 'GET /v5/position/list') {
      const list = engine.markets
        .filter((m) => m.perpetual && (!params.symbol || id(m) === params.symbol))
        .map((m) => {
          const p = engine.positions.get(m.symbol);
          const s = engine.settingsOf(m.symbol);
          const mark = engine.priceOf(m.symbol)!;
          const size = p?.size ?? '0';
          const abs = size.replace('-', '');
          return {
            positionIdx: 0,
            riskId: 1,
            riskLimitValue: '2000000',
            symbol: id(m),
            side: size === '0' ? '' : size.startsWith('-') ? 'Sell' : 'Buy',
            size: abs,
            avgPrice: p?.entryPrice ?? '0',
            positionValue: p ? times(abs, p.entryPrice) : '0',
            tradeMode: s.marginMode === 'isolated' ? 1 : 0,
            positionStatus: 'Normal',
            autoAddMargin: 0,
            adlRankIndicator: 2,
            leverage: String(s.leverage),
            // The position's margin (initial plus added), without PnL; positionIM its initial margin.
            positionBalance: engine.positionMargin(m.symbol)?.held ?? '0',
            markPrice: mark,
            liqPrice: '',
            bustPrice: '',
            positionMM: '0',
            positionIM: engine.positionMargin(m.symbol)?.initial ?? '0',
            tpslMode: 'Full',
            takeProfit: '0',
            stopLoss: '0',
            trailingStop: '0',
            unrealisedPnl: p ? pnl(size, p.entryPrice, mark) : '0',
            curRealisedPnl: '0',
            cumRealisedPnl: '0',
            seq: 1,
            isReduceOnly: false,
            createdTime: String(Date.now()),
            updatedTime: String(Date.now()),
          };
        })
        .filter((p) => p.size !== '0');
      return ok({ category: 'linear', list, nextPageCursor: '' });
    }
    if (route === 'POST /v5/position/set-leverage') {
      const m = marketOf(params.symbol);
      if (!m) return envelope(10001, 'params error: symbol invalid');
      const leverage = Number(params.buyLeverage);
      if (!(leverage >= 1 && leverage <= m.maxLeverage)) return envelope(10001, 'leverage invalid');
      if (engine.settingsOf(m.symbol).leverage === leverage) return envelope(110043, 'leverage not modified');
      engine.setLeverage(m.symbol, leverage);
      return ok({});
    }
    if (route === 'POST /v5/account/set-margin-mode') {
      accountMarginMode = params.setMarginMode === 'ISOLATED_MARGIN' ? 'ISOLATED_MARGIN' : 'REGULAR_MARGIN';
      for (const m of engine.markets.filter((x) => x.perpetual)) {
        engine.setMarginMode(m.symbol, accountMarginMode === 'ISOLATED_MARGIN' ? 'isolated' : 'cross');
      }
      return ok({ reasons: [] });
    }
    if (route === 'POST /v5/position/add-margin') {
      const m = marketOf(params.symbol);
      if (!m) return envelope(10001, 'params error: symbol invalid');
      const refused = engine.adjustMargin(m.symbol, String(params.margin));
      if (refused === 'NO_POSITION') return envelope(110009, 'position does not exist');
      if (refused === 'CROSS') return envelope(110026, 'cross/isolated margin mode is not modified');
      if (refused) return envelope(110012, 'Available balance not enough');
      return ok({ category: 'linear', symbol: id(m), positionIdx: 0, positionIM: '0' });
    }
    if (route === 'POST /v5/order/create') {
      const m = marketOf(params.symbol);
      if (!m) return envelope(10001, 'params error: symbol invalid');
      try {
        const placed = engine.place({
          symbol: m.symbol,
          side: params.side === 'Sell' ? 'sell' : 'buy',
          type: params.orderType === 'Market' ? 'market' : 'limit',
          amount: String(params.qty),
          price: params.price === undefined ? null : String(params.price),
          clientId: params.orderLinkId === undefined ? undefined : String(params.orderLinkId),
          reduceOnly: params.reduceOnly === true,
        });
        return ok({ orderId: placed.id, orderLinkId: placed.clientId });
      } catch (error) {
        if (!(error instanceof MockRefusal)) throw error;
        if (error.kind === 'DUPLICATE_CLIENT_ID') {
          return perpetual
            ? envelope(110072, 'OrderLinkedID is duplicate')
            : envelope(170141, 'Duplicate clientOrderId');
        }
        if (error.kind === 'REDUCE_ONLY') return envelope(110017, 'Reduce-only rule not satisfied');
        return perpetual
          ? envelope(110007, 'ab not enough for new order')
          : envelope(170131, 'Insufficient balance.');
      }
    }
    if (route === 'POST /v5/order/cancel') {
      const m = marketOf(params.symbol);
      if (!m) return envelope(10001, 'params error: symbol invalid');
      const found = engine.findOrder(m.symbol, {
        id: params.orderId ? String(params.orderId) : undefined,
        clientId: params.orderLinkId ? String(params.orderLinkId) : undefined,
      });
      if (!found || !engine.cancel(found)) {
        return perpetual
          ? envelope(110001, 'Order does not exist')
          : envelope(170213, 'Order does not exist.');
      }
      return ok({ orderId: found.id, orderLinkId: found.clientId });
    }
    if (route === 'GET /v5/order/realtime') {
      // By id: any recent order of any status; without one: the open orders only, as bybit answers.
      const byId = params.orderId || params.orderLinkId;
      const list = engine.orders
        .map((o) => ({ o, m: engine.market(o.symbol)! }))
        .filter(({ m }) => m.perpetual === perpetual && (!params.symbol || id(m) === params.symbol))
        .filter(({ o }) =>
          byId
            ? params.orderId
              ? o.id === params.orderId
              : o.clientId === params.orderLinkId
            : o.status === 'open',
        )
        .map(({ o, m }) => order(o, m));
      return ok({ category: params.category, list, nextPageCursor: '' });
    }
    if (route === 'GET /v5/execution/list' && params.execType === 'Funding') {
      // Funding executions, newest first, at most 7 days between startTime and endTime, `limit` at most 100.
      // execFee is a fee: positive when the account paid. Only funding is answered here (bybit's orders
      // state their fee, so the connector reads no trade history there).
      const week = 7 * 24 * 60 * 60 * 1000;
      const start = params.startTime ? Number(params.startTime) : undefined;
      const end = params.endTime ? Number(params.endTime) : undefined;
      const from = start ?? (end ?? Date.now()) - week;
      const to = end ?? (start !== undefined ? start + week : Date.now());
      if (to - from > week) return envelope(10001, 'The time range cannot exceed 7 days.');
      if (params.symbol && !marketOf(params.symbol)) return envelope(10001, 'params error: symbol invalid');
      const limit = Math.min(Number(params.limit ?? 50), 100);
      const list = engine.fundings
        .map((f) => ({ f, m: engine.market(f.symbol)! }))
        .filter(({ f, m }) => m.perpetual === perpetual && f.at >= from && f.at <= to)
        .filter(({ m }) => !params.symbol || id(m) === params.symbol)
        .reverse()
        .slice(0, limit)
        .map(({ f, m }) => {
          const quantity = times(f.size.replace('-', ''), m.contractSize);
          return {
            symbol: id(m),
            orderType: 'UNKNOWN',
            underlyingPrice: '',
            orderLinkId: '',
            orderId: `${Math.floor(f.at / 1000)}-${id(m)}-${f.id}-${f.size.startsWith('-') ? 'Sell' : 'Buy'}`,
            stopOrderType: 'UNKNOWN',
            execTime: String(f.at),
            feeCurrency: '',
            createType: '',
            // The rate as the position pays it (a short's is the funding rate turned round), so that
            // execFee = execValue x feeRate, as in bybit's answers.
            feeRate: f.size.startsWith('-') ? format(-parse(f.rate)) : f.rate,
            tradeIv: '',
            blockTradeId: '',
            markPrice: f.markPrice,
            execPrice: f.markPrice,
            markIv: '',
            orderQty: '0',
            orderPrice: '0',
            execValue: times(quantity, f.markPrice),
            closedSize: '0',
            execType: 'Funding',
            seq: Number(f.id),
            side: f.size.startsWith('-') ? 'Sell' : 'Buy',
            indexPrice: '',
            leavesQty: '0',
            isMaker: false,
            execFee: format(-parse(f.amount)),
            execId: `funding-${f.id}`,
            marketUnit: '',
            execQty: quantity,
          };
        });
      return ok({ category: params.category, list, nextPageCursor: '' });
    }
    return envelope(10001, `mock bybit does not answer ${request.method} ${request.path}`);
  };
}
