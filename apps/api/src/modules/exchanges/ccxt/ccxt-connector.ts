import { parse, ZERO } from '@app/money/decimal';
import ccxt, { type MarketInterface as CcxtMarket, type Order as CcxtOrder, type Exchange } from 'ccxt';
import { AppError } from '../../../platform/errors';
import type {
  CandleInterval,
  Connector,
  Credentials,
  MarginMode,
  Market,
  MarketType,
  Order,
  OrderRequest,
} from '../connector';
import { type CcxtExchangeId, createCcxtExchange } from './ccxt-exchange';
import {
  decimalText,
  marketType,
  toBalances,
  toCandle,
  toFundingRate,
  toMarket,
  toOrder,
  toPosition,
  toTicker,
} from './ccxt-mapping';
import { guarded } from './errors';
import { validateLeverage, validateOrderRequest } from './order-validation';
import { feeFromTrades } from './trade-fees';
import {
  accountMarginMode,
  changeIsolatedMargin,
  fetchByClientOrderId,
  fetchFundingPayments,
  fetchOrderTrades,
  maxLeverage,
  readKeyRights,
  switchMarginMode,
} from './venue-calls';

export interface CcxtConnectorOptions {
  exchange: CcxtExchangeId;
  /** Without them only the market data works; private calls fail with EXCHANGE_AUTH_FAILED. */
  credentials?: Credentials;
  /** Where the exchange's REST API is, instead of its public hosts: the local mock in tests and the demo. */
  urls?: { api: string };
}

/**
 * The Connector of binance, bybit and gate through ccxt, spot and USDT perpetuals. Every call goes through
 * `guarded`, so a failure is always an AppError with an exchange code; orders are checked against the market
 * before they are sent and are idempotent by client order id.
 */
/** An exchange's refusal of the request itself, not of the key, the symbol or the connection. */
function refusesReduction(error: unknown): boolean {
  return (
    error instanceof ccxt.ExchangeError &&
    !(error instanceof ccxt.AuthenticationError) &&
    !(error instanceof ccxt.PermissionDenied) &&
    !(error instanceof ccxt.BadSymbol)
  );
}

export function createCcxtConnector(options: CcxtConnectorOptions): Connector {
  const id = options.exchange;
  const exchange: Exchange = createCcxtExchange(id, options.credentials, options.urls?.api);
  const call = <T>(fn: () => Promise<T>) => guarded(id, fn);

  async function ccxtMarket(symbol: string): Promise<CcxtMarket> {
    await exchange.loadMarkets();
    const market = exchange.markets?.[symbol];
    if (!market || !marketType(market)) {
      throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `${id} has no market ${symbol}`, { symbol });
    }
    return market;
  }

  async function ourMarket(symbol: string): Promise<{ ccxt: CcxtMarket; market: Market }> {
    const found = await ccxtMarket(symbol);
    return { ccxt: found, market: toMarket(exchange, found)! };
  }

  async function perpetual(symbol: string): Promise<CcxtMarket> {
    const market = await ccxtMarket(symbol);
    if (marketType(market) !== 'perpetual') {
      throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', `${symbol} is not a perpetual`, { symbol });
    }
    return market;
  }

  /**
   * Gate's spot market buy spends an amount of the quote coin: ccxt computes it from a price, so the last
   * price is passed along. Everywhere else a market order takes no price.
   */
  const marketBuyPrice = (request: OrderRequest, market: CcxtMarket, reference: string | undefined) =>
    id === 'gate' && market.spot && request.side === 'buy' && reference ? Number(reference) : undefined;

  const ccxtType = (type: MarketType) => (type === 'spot' ? 'spot' : 'swap');

  /** The currency a fill's fee is charged in without discounts: the settle coin, or the spot coin received. */
  const naturalFeeAsset = (market: CcxtMarket, side: Order['side']) =>
    market.spot ? (side === 'buy' ? market.base : market.quote) : (market.settle ?? market.quote);

  /**
   * The order as ours, its fee read from the order's trades when the exchange's answer leaves it out of a
   * filled order (binance futures, binance spot read back, gate futures). Only then: an order that states its
   * fee, or has no fill yet, costs no extra request. Best effort: the order stands whatever the trade
   * history answers, and a fee not read now is read on a later fetch (the trading service asks again).
   */
  async function complete(found: CcxtOrder, market: CcxtMarket, fallbackClientOrderId?: string) {
    const order = toOrder(exchange, found, fallbackClientOrderId);
    if (order.fee || parse(order.filled) <= ZERO) return order;
    try {
      const trades = await fetchOrderTrades(id, exchange, market, order.id, {
        placedAt: found.timestamp ?? undefined,
        updatedAt: found.lastUpdateTimestamp ?? undefined,
      });
      return { ...order, fee: feeFromTrades(exchange, trades, order, naturalFeeAsset(market, order.side)) };
    } catch (error) {
      if (error instanceof ccxt.BaseError) return order;
      throw error;
    }
  }

  async function fetchOrderById(symbol: string, orderId: string): Promise<Order> {
    const market = await ccxtMarket(symbol);
    // Bybit's fetchOrder reads the recent-orders list; ccxt wants that acknowledged.
    const params = id === 'bybit' ? { acknowledged: true } : {};
    return complete(await exchange.fetchOrder(orderId, market.symbol, params), market);
  }

  const connector: Connector = {
    exchange: id,

    markets: (type) =>
      call(async () => {
        await exchange.loadMarkets();
        return Object.values(exchange.markets ?? {})
          .filter((m): m is CcxtMarket => m !== undefined && marketType(m) === type && m.active !== false)
          .map((m) => toMarket(exchange, m)!)
          .sort((a, b) => a.symbol.localeCompare(b.symbol));
      }),

    tickers: (type, symbols) =>
      call(async () => {
        await exchange.loadMarkets();
        if (symbols) await Promise.all(symbols.map(ccxtMarket));
        const tickers = await exchange.fetchTickers(symbols, { type: ccxtType(type) });
        return Object.values(tickers)
          .filter((t) => {
            const market = t.symbol ? exchange.markets?.[t.symbol] : undefined;
            return (
              market !== undefined &&
              marketType(market) === type &&
              (!symbols || symbols.includes(market.symbol))
            );
          })
          .map((t) => toTicker(exchange, t));
      }),

    candles: (symbol, interval: CandleInterval, limit) =>
      call(async () => {
        const market = await ccxtMarket(symbol);
        const rows = await exchange.fetchOHLCV(market.symbol, interval, undefined, limit);
        return rows.map((row) => toCandle(exchange, row));
      }),

    fundingRate: (symbol) =>
      call(async () => {
        const market = await perpetual(symbol);
        return toFundingRate(exchange, await exchange.fetchFundingRate(market.symbol));
      }),

    // No market list first: binding a key should cost the member one request to the exchange, not five.
    keyRights: () => call(() => readKeyRights(id, exchange)),

    balances: (type) =>
      call(async () => {
        await exchange.loadMarkets();
        return toBalances(exchange, await exchange.fetchBalance({ type: ccxtType(type) }));
      }),

    positions: (symbols) =>
      call(async () => {
        await exchange.loadMarkets();
        if (symbols) await Promise.all(symbols.map(perpetual));
        const params = id === 'gate' ? { settle: 'usdt' } : {};
        const all = await exchange.fetchPositions(symbols, { type: 'swap', ...params });
        const accountMode = all.length > 0 ? await accountMarginMode(id, exchange) : undefined;
        return all
          .map((p) => toPosition(exchange, p, accountMode))
          .filter((p): p is NonNullable<typeof p> => p !== null)
          .filter((p) => !symbols || symbols.includes(p.symbol));
      }),

    placeOrder: (request: OrderRequest) =>
      call(async () => {
        const { ccxt: market, market: ours } = await ourMarket(request.symbol);
        const reference =
          request.type === 'market'
            ? decimalText(exchange, (await exchange.fetchTicker(market.symbol)).last)
            : undefined;
        validateOrderRequest(ours, request, reference);
        // A retry after a crash or a timeout must not place a second order: look for the first one.
        const existing = await fetchByClientOrderId(id, exchange, market, request.clientOrderId);
        if (existing) return complete(existing, market, request.clientOrderId);
        const params: Record<string, unknown> = { clientOrderId: request.clientOrderId };
        if (request.reduceOnly) params.reduceOnly = true;
        try {
          // ccxt takes numbers here and prints them back with amountToPrecision / priceToPrecision; the
          // strings were checked to sit exactly on the step and tick, so the round trip is exact.
          const placed = await exchange.createOrder(
            market.symbol,
            request.type,
            request.side,
            Number(request.amount),
            request.type === 'limit' ? Number(request.price) : marketBuyPrice(request, market, reference),
            params,
          );
          // Some exchanges (bybit) answer a new order with its ids only: read the whole order back.
          if (placed.status && placed.amount !== undefined)
            return complete(placed, market, request.clientOrderId);
          const full = await fetchByClientOrderId(id, exchange, market, request.clientOrderId);
          return complete(full ?? placed, market, request.clientOrderId);
        } catch (error) {
          // The exchange refused a duplicate id, or the answer was lost on the way: the order may exist.
          const first = await fetchByClientOrderId(id, exchange, market, request.clientOrderId).catch(
            () => null,
          );
          if (first) return complete(first, market, request.clientOrderId);
          throw error;
        }
      }),

    cancelOrder: (symbol, orderId) =>
      call(async () => {
        const market = await ccxtMarket(symbol);
        const canceled = await exchange.cancelOrder(orderId, market.symbol);
        if (canceled.status && canceled.amount !== undefined) return complete(canceled, market);
        return fetchOrderById(symbol, orderId);
      }),

    fetchOrder: (symbol, ref) =>
      call(async () => {
        const market = await ccxtMarket(symbol);
        if ('clientOrderId' in ref) {
          const found = await fetchByClientOrderId(id, exchange, market, ref.clientOrderId);
          return found ? complete(found, market, ref.clientOrderId) : null;
        }
        try {
          return await fetchOrderById(symbol, ref.id);
        } catch (error) {
          if (error instanceof ccxt.OrderNotFound) return null;
          throw error;
        }
      }),

    // As listed, without a trade-history request per row: a working order's fee is not final anyway, and
    // is read once the order is fetched or done.
    openOrders: (symbol) =>
      call(async () => {
        await exchange.loadMarkets();
        if (symbol) {
          const market = await ccxtMarket(symbol);
          return (await exchange.fetchOpenOrders(market.symbol)).map((o) => toOrder(exchange, o));
        }
        // Without a symbol, each exchange answers one market type per call: ask for both.
        const both = await Promise.all(
          (['spot', 'swap'] as const).map((type) =>
            exchange.fetchOpenOrders(undefined, undefined, undefined, {
              type,
              ...(id === 'bybit' && type === 'swap' ? { settleCoin: 'USDT' } : {}),
              ...(id === 'gate' && type === 'swap' ? { settle: 'usdt' } : {}),
            }),
          ),
        );
        return both.flat().map((o) => toOrder(exchange, o));
      }),

    setLeverage: (symbol, leverage) =>
      call(async () => {
        const market = await perpetual(symbol);
        const ours = toMarket(exchange, market)!;
        validateLeverage({ ...ours, maxLeverage: await maxLeverage(exchange, market) }, leverage);
        let params = {};
        if (id === 'gate') {
          // Gate's leverage call also sets the margin mode (leverage 0 means cross): keep the current one.
          const position = await exchange.fetchPosition(market.symbol);
          if (position.marginMode === 'cross') params = { marginMode: 'cross' };
        }
        await exchange.setLeverage(leverage, market.symbol, params);
      }),

    setMarginMode: (symbol, mode: MarginMode) =>
      call(async () => {
        const market = await perpetual(symbol);
        await switchMarginMode(id, exchange, market, mode);
      }),

    adjustMargin: (symbol, change) =>
      call(async () => {
        const market = await perpetual(symbol);
        // Checked here, so every venue refuses alike (the exchanges' own refusals differ in wording).
        const [position] = await connector.positions([market.symbol]);
        if (!position) throw new AppError('POSITION_NOT_FOUND', `No ${symbol} position`, { symbol });
        if (position.marginMode === 'cross') throw new AppError('MARGIN_CROSS_NOT_ADJUSTABLE');
        try {
          await changeIsolatedMargin(id, exchange, market, change);
        } catch (error) {
          // Position and mode are checked above, so the exchange refusing a reduction (each words it its own
          // way: binance -4051, bybit 110012, gate INSUFFICIENT_AVAILABLE) means it would leave too little.
          if (change.direction === 'reduce' && refusesReduction(error)) {
            throw new AppError('MARGIN_REDUCE_TOO_MUCH', `${id}: reduce by less`, { symbol });
          }
          throw error;
        }
      }),

    fundingPayments: (symbol, since, until) =>
      call(async () => {
        const market = await perpetual(symbol);
        return fetchFundingPayments(id, exchange, market, since.getTime(), (until ?? new Date()).getTime());
      }),
  };
  return connector;
}
