import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { decimalPlaces, div, format, parse } from '@app/money/decimal';
import { type MockEngine, type MockMarket, type MockOrder, MockRefusal, pnl, times } from './mock-engine';
import type { MockHandler, MockRequest, MockResponse } from './mock-http';
import type { MockControls, MockCredentials } from './mock-types';

/**
 * Gate's v4 endpoints (`/api/v4`) that the ccxt connector uses, with the answer shapes of
 * gate.com/docs/developers/apiv4. Errors are `{label, message}` with an HTTP error status. Signed calls carry
 * KEY, Timestamp and SIGN = hex HMAC-SHA512 of "METHOD\npath\nquery\nhex(SHA512(body))\ntimestamp".
 * Perpetual amounts are whole contracts (size, signed: negative sells) of `quanto_multiplier` coins.
 */

const id = (m: MockMarket) => `${m.base}_${m.quote}`;
const fail = (status: number, label: string, message: string): MockResponse => ({
  status,
  body: { label, message },
});
const ok = (body: unknown): MockResponse => ({ status: 200, body });
const seconds = (ms: number) => String(Math.floor(ms / 1000));

function currencyPair(m: MockMarket) {
  return {
    id: id(m),
    base: m.base,
    base_name: m.base === 'BTC' ? 'Bitcoin' : 'Ethereum',
    quote: m.quote,
    quote_name: 'Tether',
    fee: '0.2',
    min_base_amount: m.minAmount,
    min_quote_amount: m.minNotional,
    max_base_amount: '9000',
    max_quote_amount: '5000000',
    amount_precision: decimalPlaces(m.step),
    precision: decimalPlaces(m.tick),
    trade_status: 'tradable',
    sell_start: 1516378650,
    buy_start: 1516378650,
    delisting_time: 0,
    type: 'normal',
    trade_url: `https://www.gate.io/trade/${id(m)}`,
    st_tag: false,
  };
}

function contract(engine: MockEngine, m: MockMarket) {
  const p = engine.priceOf(m.symbol)!;
  return {
    name: id(m),
    type: 'direct',
    quanto_multiplier: m.contractSize,
    ref_discount_rate: '0',
    order_price_deviate: '0.5',
    maintenance_rate: '0.005',
    mark_type: 'index',
    last_price: p,
    mark_price: p,
    index_price: p,
    funding_rate_indicative: '0.0001',
    mark_price_round: '0.01',
    funding_offset: 0,
    in_delisting: false,
    risk_limit_base: '1000000',
    interest_rate: '0.0003',
    order_price_round: m.tick,
    order_size_min: Number(m.minAmount),
    ref_rebate_rate: '0.2',
    funding_interval: 28800,
    risk_limit_step: '1000000',
    leverage_min: '1',
    leverage_max: String(m.maxLeverage),
    risk_limit_max: '8000000',
    maker_fee_rate: '-0.00025',
    taker_fee_rate: '0.00075',
    funding_rate: '0.0001',
    order_size_max: 1000000,
    funding_next_apply: Math.ceil(Date.now() / 28_800_000) * 28_800,
    short_users: 1,
    config_change_time: 1609899548,
    trade_size: 1000,
    position_size: 1000,
    long_users: 1,
    funding_impact_value: '60000',
    orders_limit: 50,
    trade_id: 1,
    orderbook_id: 1,
    enable_bonus: true,
    enable_credit: true,
    create_time: 1669688556,
    funding_cap_ratio: '0.75',
    status: 'trading',
    launch_time: 1609899548,
  };
}

function spotTicker(engine: MockEngine, m: MockMarket) {
  const last = engine.priceOf(m.symbol)!;
  return {
    currency_pair: id(m),
    last,
    lowest_ask: last,
    highest_bid: last,
    change_percentage: '0',
    base_volume: '100',
    quote_volume: '1000000',
    high_24h: last,
    low_24h: last,
  };
}

function futuresTicker(engine: MockEngine, m: MockMarket) {
  const last = engine.priceOf(m.symbol)!;
  return {
    contract: id(m),
    last,
    change_percentage: '0',
    total_size: '1000',
    volume_24h: '1000',
    volume_24h_base: '100',
    volume_24h_quote: '1000000',
    volume_24h_settle: '1000000',
    mark_price: last,
    funding_rate: '0.0001',
    funding_rate_indicative: '0.0001',
    index_price: last,
    low_24h: last,
    high_24h: last,
    lowest_ask: last,
    highest_bid: last,
  };
}

function spotOrder(o: MockOrder, m: MockMarket) {
  const filledTotal = o.averagePrice ? times(o.averagePrice, o.filled) : '0';
  return {
    id: o.id,
    text: o.clientId,
    amend_text: '-',
    create_time: seconds(o.createdAt),
    update_time: seconds(o.updatedAt),
    create_time_ms: o.createdAt,
    update_time_ms: o.updatedAt,
    status: { open: 'open', filled: 'closed', canceled: 'cancelled' }[o.status],
    currency_pair: id(m),
    type: o.type,
    account: 'spot',
    side: o.side,
    amount: o.quoteAmount ?? o.amount,
    price: o.price ?? '0',
    time_in_force: o.type === 'market' ? 'ioc' : 'gtc',
    iceberg: '0',
    left: o.quoteAmount
      ? o.status === 'open'
        ? o.quoteAmount
        : '0'
      : format(parse(o.amount) - parse(o.filled)),
    filled_amount: o.filled,
    fill_price: filledTotal,
    filled_total: filledTotal,
    avg_deal_price: o.averagePrice ?? '0',
    fee: o.fee,
    fee_currency: o.feeAsset,
    point_fee: '0',
    gt_fee: '0',
    gt_maker_fee: '0',
    gt_taker_fee: '0',
    gt_discount: false,
    rebated_fee: '0',
    rebated_fee_currency: m.quote,
    finish_as: { open: 'open', filled: 'filled', canceled: 'cancelled' }[o.status],
  };
}

function futuresOrder(o: MockOrder, m: MockMarket) {
  const signed = (v: string) => (o.side === 'sell' && v !== '0' ? `-${v}` : v);
  return {
    id: Number(o.id),
    user: 100000,
    contract: id(m),
    create_time: o.createdAt / 1000,
    size: Number(signed(o.amount)),
    iceberg: 0,
    left: Number(signed(format(parse(o.amount) - parse(o.filled)))),
    price: o.price ?? '0',
    fill_price: o.averagePrice ?? '0',
    mkfr: '-0.00025',
    tkfr: '0.00075',
    tif: o.type === 'market' ? 'ioc' : 'gtc',
    refu: 0,
    is_reduce_only: o.reduceOnly,
    is_close: false,
    is_liq: false,
    text: o.clientId,
    status: o.status === 'open' ? 'open' : 'finished',
    finish_time: o.status === 'open' ? undefined : o.updatedAt / 1000,
    finish_as: o.status === 'open' ? undefined : o.status === 'filled' ? 'filled' : 'cancelled',
    stp_id: 0,
    stp_act: '-',
    amend_text: '-',
  };
}

/** The fill of a filled futures order in GET /futures/usdt/my_trades, with its fee in the settle coin. */
function futuresTrade(o: MockOrder, m: MockMarket) {
  return {
    id: Number(o.id) * 10,
    create_time: o.updatedAt / 1000,
    contract: id(m),
    order_id: o.id,
    size: Number(o.side === 'sell' ? `-${o.filled}` : o.filled),
    close_size: 0,
    price: o.averagePrice ?? '0',
    role: o.type === 'market' ? 'taker' : 'maker',
    text: o.clientId,
    fee: o.fee,
    point_fee: '0',
  };
}

function verify(request: MockRequest, credentials: MockCredentials): MockResponse | null {
  if (request.headers.key !== credentials.apiKey) return fail(401, 'INVALID_KEY', 'Invalid key provided');
  const timestamp = String(request.headers.timestamp ?? '');
  const bodyHash = createHash('sha512').update(request.rawBody).digest('hex');
  const payload = [
    request.method,
    request.path,
    decodeURIComponent(request.rawQuery),
    bodyHash,
    timestamp,
  ].join('\n');
  const expected = Buffer.from(createHmac('sha512', credentials.secret).update(payload).digest('hex'));
  const given = Buffer.from(String(request.headers.sign ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail(401, 'INVALID_SIGNATURE', 'Signature mismatch');
  }
  return null;
}

export function gateHandler(
  engine: MockEngine,
  credentials: MockCredentials,
  controls: MockControls,
): MockHandler {
  function position(m: MockMarket) {
    const p = engine.positions.get(m.symbol);
    const s = engine.settingsOf(m.symbol);
    const mark = engine.priceOf(m.symbol)!;
    const size = p?.size ?? '0';
    const coins = times(size, m.contractSize);
    return {
      user: 100000,
      contract: id(m),
      size: Number(size),
      // Gate's cross mode is leverage "0" with the limit in cross_leverage_limit.
      leverage: s.marginMode === 'cross' ? '0' : String(s.leverage),
      cross_leverage_limit: s.marginMode === 'cross' ? String(s.leverage) : '0',
      risk_limit: '1000000',
      leverage_max: String(m.maxLeverage),
      maintenance_rate: '0.005',
      value: times(coins.replace('-', ''), mark),
      // The position's margin (initial plus added), without PnL; initial_margin its initial margin.
      margin: engine.positionMargin(m.symbol)?.held ?? '0',
      entry_price: p?.entryPrice ?? '0',
      liq_price: '0',
      mark_price: mark,
      initial_margin: engine.positionMargin(m.symbol)?.initial ?? '0',
      maintenance_margin: '0',
      unrealised_pnl: p ? pnl(coins, p.entryPrice, mark) : '0',
      realised_pnl: '0',
      pnl_pnl: '0',
      pnl_fund: '0',
      pnl_fee: '0',
      history_pnl: '0',
      last_close_pnl: '0',
      realised_point: '0',
      history_point: '0',
      adl_ranking: 5,
      pending_orders: 0,
      close_order: null,
      mode: 'single',
      update_time: Math.floor(Date.now() / 1000),
      update_id: 1,
      open_time: Math.floor(Date.now() / 1000),
    };
  }

  return (request) => {
    const injected = controls.takeFailure();
    if (injected === 'rateLimit') return fail(429, 'TOO_MANY_REQUESTS', 'Request Rate limit Exceeded (007)');
    if (injected === 'unavailable') return { status: 503, body: 'Service Unavailable' };

    const path = request.path.replace(/^\/api\/v4/, '');
    const route = `${request.method} ${path}`;
    const body = request.rawBody ? (JSON.parse(request.rawBody) as Record<string, unknown>) : {};
    const q = request.query;
    const spotMarket = (pair: unknown) => engine.markets.find((m) => !m.perpetual && id(m) === pair);
    const perpMarket = (name: unknown) => engine.markets.find((m) => m.perpetual && id(m) === name);

    if (route === 'GET /spot/currency_pairs')
      return ok(engine.markets.filter((m) => !m.perpetual).map(currencyPair));
    if (route === 'GET /margin/currency_pairs') return ok([]);
    if (route === 'GET /futures/usdt/contracts') {
      return ok(engine.markets.filter((m) => m.perpetual).map((m) => contract(engine, m)));
    }
    const contractMatch = route.match(/^GET \/futures\/usdt\/contracts\/(\w+)$/);
    if (contractMatch) {
      const m = perpMarket(contractMatch[1]);
      return m ? ok(contract(engine, m)) : fail(404, 'CONTRACT_NOT_FOUND', 'Contract not found');
    }
    if (route === 'GET /spot/tickers') {
      const pair = q.get('currency_pair');
      const list = engine.markets.filter((m) => !m.perpetual && (!pair || id(m) === pair));
      if (pair && list.length === 0)
        return fail(400, 'INVALID_CURRENCY_PAIR', `Invalid currency pair ${pair}`);
      return ok(list.map((m) => spotTicker(engine, m)));
    }
    if (route === 'GET /futures/usdt/tickers') {
      const name = q.get('contract');
      const list = engine.markets.filter((m) => m.perpetual && (!name || id(m) === name));
      return ok(list.map((m) => futuresTicker(engine, m)));
    }
    if (route === 'GET /spot/candlesticks' || route === 'GET /futures/usdt/candlesticks') {
      const perpetual = path.startsWith('/futures');
      const m = perpetual ? perpMarket(q.get('contract')) : spotMarket(q.get('currency_pair'));
      if (!m) return fail(400, 'INVALID_CURRENCY_PAIR', 'Invalid currency pair');
      const p = engine.priceOf(m.symbol)!;
      const limit = Number(q.get('limit') ?? 3);
      const start = Math.floor(Date.now() / 60_000) * 60 - (limit - 1) * 60;
      return ok(
        Array.from({ length: limit }, (_, i) =>
          perpetual
            ? { t: start + i * 60, v: 100, c: p, h: p, l: p, o: p, sum: '6000000' }
            : [String(start + i * 60), '90000', p, p, p, p, '1.5', 'true'],
        ),
      );
    }

    const refused = verify(request, credentials);
    if (refused) return refused;

    if (route === 'GET /account/detail') {
      return ok({
        user_id: 10406147,
        ip_whitelist: engine.keyRights.ipWhitelist,
        currency_pairs: [],
        key: { mode: 1 },
        tier: 0,
        tier_expire_time: '0001-01-01T00:00:00Z',
        copy_trading_role: 0,
      });
    }
    if (route === 'GET /spot/accounts') {
      return ok(
        engine
          .balances()
          .map((b) => ({ currency: b.asset, available: b.free, locked: b.locked, update_id: 1 })),
      );
    }
    if (route === 'GET /futures/usdt/accounts') {
      const b = engine.futuresBalance();
      return ok({
        user: 100000,
        currency: 'USDT',
        total: b.wallet,
        unrealised_pnl: '0',
        position_margin: b.used,
        order_margin: '0',
        available: b.free,
        point: '0',
        bonus: '0',
        in_dual_mode: false,
        enable_credit: false,
        position_initial_margin: b.used,
        maintenance_margin: '0',
        enable_evolved_classic: true,
        cross_initial_margin: '0',
        cross_maintenance_margin: '0',
        cross_order_margin: '0',
        cross_unrealised_pnl: '0',
        cross_available: b.free,
        cross_margin_balance: b.wallet,
        isolated_position_margin: '0',
        history: {},
      });
    }
    if (route === 'GET /futures/usdt/positions') {
      return ok(engine.markets.filter((m) => m.perpetual && engine.positions.has(m.symbol)).map(position));
    }
    const positionMatch = route.match(/^(GET|POST) \/futures\/usdt\/positions\/(\w+)(\/leverage|\/margin)?$/);
    if (positionMatch && positionMatch[2] !== 'cross_mode') {
      const m = perpMarket(positionMatch[2]);
      if (!m) return fail(404, 'CONTRACT_NOT_FOUND', 'Contract not found');
      if (positionMatch[3] === '/margin') {
        const refused = engine.adjustMargin(m.symbol, q.get('change') ?? '0');
        if (refused === 'NO_POSITION') return fail(400, 'POSITION_EMPTY', 'Position is empty');
        if (refused === 'CROSS') return fail(400, 'POSITION_CROSS_MARGIN', 'Position is in cross margin');
        if (refused) return fail(400, 'INSUFFICIENT_AVAILABLE', 'Insufficient available balance');
      } else if (positionMatch[3]) {
        const leverage = Number(q.get('leverage'));
        const cross = leverage === 0;
        const value = cross ? Number(q.get('cross_leverage_limit')) : leverage;
        if (value > m.maxLeverage) return fail(400, 'LEVERAGE_TOO_HIGH', `leverage ${value} too high`);
        engine.setMarginMode(m.symbol, cross ? 'cross' : 'isolated');
        engine.setLeverage(m.symbol, value);
      }
      return ok(position(m));
    }
    if (route === 'POST /futures/usdt/positions/cross_mode') {
      const params = { ...Object.fromEntries(q), ...body };
      const m = perpMarket(params.contract);
      if (!m) return fail(404, 'CONTRACT_NOT_FOUND', 'Contract not found');
      engine.setMarginMode(m.symbol, params.mode === 'CROSS' ? 'cross' : 'isolated');
      return ok(position(m));
    }
    if (route === 'POST /spot/orders' || route === 'POST /futures/usdt/orders') {
      const perpetual = path.startsWith('/futures');
      const m = perpetual ? perpMarket(body.contract) : spotMarket(body.currency_pair);
      if (!m) {
        return perpetual
          ? fail(400, 'CONTRACT_NOT_FOUND', 'Contract not found')
          : fail(400, 'INVALID_CURRENCY_PAIR', `Invalid currency pair ${String(body.currency_pair)}`);
      }
      try {
        let amount: string;
        let quoteAmount: string | undefined;
        let side: 'buy' | 'sell';
        let type: 'market' | 'limit';
        if (perpetual) {
          const size = String(body.size);
          side = size.startsWith('-') ? 'sell' : 'buy';
          amount = size.replace('-', '');
          type = String(body.price) === '0' && body.tif === 'ioc' ? 'market' : 'limit';
        } else {
          side = body.side === 'sell' ? 'sell' : 'buy';
          type = body.type === 'market' ? 'market' : 'limit';
          amount = String(body.amount);
          // A spot market buy states what to spend, in the quote coin.
          if (type === 'market' && side === 'buy') {
            quoteAmount = amount;
            const step = parse(m.step);
            const base = div(parse(amount), parse(engine.priceOf(m.symbol)!), 'down');
            amount = format((base / step) * step);
          }
        }
        const placed = engine.place({
          symbol: m.symbol,
          side,
          type,
          amount,
          price: type === 'limit' ? String(body.price) : null,
          clientId: typeof body.text === 'string' ? body.text : undefined,
          reduceOnly: body.reduce_only === true,
          quoteAmount,
        });
        return { status: 201, body: perpetual ? futuresOrder(placed, m) : spotOrder(placed, m) };
      } catch (error) {
        if (!(error instanceof MockRefusal)) throw error;
        // Gate documents no answer for a reused `text`; this one is its label for a repeated creation.
        if (error.kind === 'DUPLICATE_CLIENT_ID') return fail(400, 'REPEATED_CREATION', 'Repeated creation');
        if (error.kind === 'REDUCE_ONLY') return fail(400, 'REDUCE_ONLY_FAIL', 'Reduce only order failed');
        return perpetual
          ? fail(400, 'INSUFFICIENT_AVAILABLE', 'Insufficient available balance')
          : fail(400, 'BALANCE_NOT_ENOUGH', 'Not enough balance');
      }
    }
    const orderMatch = route.match(/^(GET|DELETE) \/(spot|futures\/usdt)\/orders\/([\w.-]+)$/);
    if (orderMatch) {
      const perpetual = orderMatch[2] !== 'spot';
      const m = perpetual ? undefined : spotMarket(q.get('currency_pair'));
      if (!perpetual && !m) return fail(400, 'INVALID_CURRENCY_PAIR', 'Invalid currency pair');
      const ref = orderMatch[3]!;
      // Gate takes an order's id or its text (which starts with "t-") in the same place.
      const found = engine.orders.find(
        (o) =>
          engine.market(o.symbol)!.perpetual === perpetual &&
          (!m || o.symbol === m.symbol) &&
          (ref.startsWith('t-') ? o.clientId === ref : o.id === ref),
      );
      if (!found) return fail(404, 'ORDER_NOT_FOUND', 'Order not found');
      if (orderMatch[1] === 'DELETE' && !engine.cancel(found))
        return fail(400, 'ORDER_CLOSED', 'Order closed');
      const market = engine.market(found.symbol)!;
      return ok(perpetual ? futuresOrder(found, market) : spotOrder(found, market));
    }
    if (route === 'GET /futures/usdt/my_trades') {
      const wanted = q.get('contract');
      const order = q.get('order');
      return ok(
        engine.orders
          .map((o) => ({ o, m: engine.market(o.symbol)! }))
          .filter(({ o, m }) => m.perpetual && o.status === 'filled' && (!wanted || id(m) === wanted))
          .filter(({ o }) => !order || o.id === order)
          .map(({ o, m }) => futuresTrade(o, m)),
      );
    }
    if (route === 'GET /futures/usdt/account_book') {
      // The futures account's balance changes, newest first; `from` and `to` in seconds. Funding only here.
      const contract = q.get('contract');
      const type = q.get('type');
      const from = q.get('from') ? Number(q.get('from')) * 1000 : 0;
      const to = q.get('to') ? Number(q.get('to')) * 1000 + 999 : Date.now();
      const limit = Math.min(Number(q.get('limit') ?? 100), 1000);
      const book = engine.fundings
        .map((f) => ({ f, m: engine.market(f.symbol)! }))
        .filter(({ f }) => (!type || type === 'fund') && f.at >= from && f.at <= to)
        .filter(({ m }) => !contract || id(m) === contract)
        .reverse()
        .slice(0, limit);
      return ok(
        book.map(({ f, m }) => ({
          time: f.at / 1000,
          change: f.amount,
          balance: f.walletAfter,
          type: 'fund',
          text: id(m),
          contract: id(m),
          trade_id: '',
          id: f.id,
        })),
      );
    }
    if (route === 'GET /spot/open_orders') {
      const byPair = new Map<string, MockOrder[]>();
      for (const o of engine.orders) {
        const m = engine.market(o.symbol)!;
        if (m.perpetual || o.status !== 'open') continue;
        byPair.set(id(m), [...(byPair.get(id(m)) ?? []), o]);
      }
      return ok(
        [...byPair.entries()].map(([pair, orders]) => ({
          currency_pair: pair,
          total: orders.length,
          orders: orders.map((o) => spotOrder(o, engine.market(o.symbol)!)),
        })),
      );
    }
    if (route === 'GET /spot/orders' || route === 'GET /futures/usdt/orders') {
      const perpetual = path.startsWith('/futures');
      const wanted = perpetual ? q.get('contract') : q.get('currency_pair');
      const status = q.get('status') ?? 'open';
      return ok(
        engine.orders
          .map((o) => ({ o, m: engine.market(o.symbol)! }))
          .filter(({ m }) => m.perpetual === perpetual && (!wanted || id(m) === wanted))
          .filter(({ o }) => (status === 'open' ? o.status === 'open' : o.status !== 'open'))
          .map(({ o, m }) => (perpetual ? futuresOrder(o, m) : spotOrder(o, m))),
      );
    }
    return fail(404, 'NOT_FOUND', `mock gate does not answer ${request.method} ${request.path}`);
  };
}
