import ccxt, {
  type MarketInterface as CcxtMarket,
  type Order as CcxtOrder,
  type Exchange,
  type Trade,
} from 'ccxt';
import type { FundingPayment } from '../connector';
import type { KeyVerdict } from '../key-rights';
import { judgeBinanceKey, judgeBybitKey, judgeGateKey } from '../key-rights';
import type { CcxtExchangeId } from './ccxt-exchange';
import { type CcxtFundingEntry, toFundingPayment } from './ccxt-mapping';

/**
 * The few calls where the three exchanges differ beyond what ccxt unifies: reading a key's rights, finding
 * an order by our client id, switching margin mode, and learning a perpetual's leverage limit. Each uses
 * ccxt's implicit API methods, so signing and error handling stay ccxt's.
 */

// ccxt types its implicit methods on the concrete classes only.
type Implicit = Record<string, (params?: Record<string, unknown>) => Promise<unknown>>;
const implicit = (exchange: Exchange) => exchange as unknown as Implicit;

export async function readKeyRights(id: CcxtExchangeId, exchange: Exchange): Promise<KeyVerdict> {
  const api = implicit(exchange);
  if (id === 'binance') return judgeBinanceKey(await api.sapiGetAccountApiRestrictions!());
  if (id === 'bybit') {
    const answer = (await api.privateGetV5UserQueryApi!()) as { result?: unknown };
    return judgeBybitKey(answer.result);
  }
  return judgeGateKey(await api.privateAccountGetDetail!());
}

/** The order the exchange holds under our client order id, or null when it has none. */
export async function fetchByClientOrderId(
  id: CcxtExchangeId,
  exchange: Exchange,
  market: CcxtMarket,
  clientOrderId: string,
): Promise<CcxtOrder | null> {
  try {
    if (id === 'bybit') {
      // ccxt's bybit fetchOrder needs the exchange id; the realtime list also answers by orderLinkId.
      const answer = (await implicit(exchange).privateGetV5OrderRealtime!({
        category: market.spot ? 'spot' : 'linear',
        symbol: market.id,
        orderLinkId: clientOrderId,
      })) as { result?: { list?: unknown[] } };
      const found = answer.result?.list?.[0];
      return found ? exchange.parseOrder(found as Record<string, unknown>, market) : null;
    }
    if (id === 'binance') {
      return await exchange.fetchOrder('', market.symbol, { origClientOrderId: clientOrderId });
    }
    return await exchange.fetchOrder('', market.symbol, { clientOrderId });
  } catch (error) {
    if (error instanceof ccxt.OrderNotFound) return null;
    throw error;
  }
}

/** Binance's futures userTrades, asked without a time range, answers the last 7 days only. */
const BINANCE_TRADES_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Slack for the clocks of the exchange's order and trade records. */
const CLOCK_SLACK_MS = 60 * 1000;

/** When an order was placed and last changed (its last fill, once filled), epoch ms, as the exchange says. */
export interface OrderTimes {
  placedAt?: number;
  updatedAt?: number;
}

/**
 * Where binance's trade history should start for one order's fills. An order placed within the default window
 * has all its fills in it: no start. An older one gets a 7-day window that ends after its last fill and starts
 * at its placement where it can (ccxt sends the end, a week after the start); an order whose fills span more
 * than 7 days cannot be read in one window, and its fee stays null rather than partial (see trade-fees).
 */
export function binanceTradesSince(order: OrderTimes, now: number): number | undefined {
  const { placedAt } = order;
  if (placedAt === undefined || now - placedAt < BINANCE_TRADES_WINDOW_MS - CLOCK_SLACK_MS) return undefined;
  const lastFill = order.updatedAt ?? placedAt;
  return Math.max(placedAt - CLOCK_SLACK_MS, lastFill - BINANCE_TRADES_WINDOW_MS + CLOCK_SLACK_MS);
}

/**
 * The trades (fills) of one order, for its fee. ccxt's fetchOrderTrades is spot-only on binance, and on gate
 * futures it asks my_trades_timerange, which has no order filter; so binance futures ask userTrades with the
 * order id, and gate futures my_trades with `order`. Binance keeps to the last 7 days unless given a start:
 * an older order's trades are asked in a window around them (binanceTradesSince).
 */
export async function fetchOrderTrades(
  id: CcxtExchangeId,
  exchange: Exchange,
  market: CcxtMarket,
  orderId: string,
  times: OrderTimes = {},
): Promise<Trade[]> {
  if (id === 'binance' && market.swap) {
    const since = binanceTradesSince(times, exchange.milliseconds());
    return exchange.fetchMyTrades(market.symbol, since, undefined, { orderId });
  }
  if (id === 'gate' && market.swap) {
    const rows = await implicit(exchange).privateFuturesGetSettleMyTrades!({
      settle: 'usdt',
      contract: market.id,
      order: orderId,
    });
    return exchange.parseTrades(rows as Record<string, unknown>[], market);
  }
  return exchange.fetchOrderTrades(orderId, market.symbol);
}

export async function switchMarginMode(
  id: CcxtExchangeId,
  exchange: Exchange,
  market: CcxtMarket,
  mode: 'cross' | 'isolated',
): Promise<void> {
  if (id === 'gate') {
    // ccxt has no setMarginMode for gate; its futures API switches with positions/cross_mode.
    await implicit(exchange).privateFuturesPostSettlePositionsCrossMode!({
      settle: 'usdt',
      contract: market.id,
      mode: mode === 'cross' ? 'CROSS' : 'ISOLATED',
    });
    return;
  }
  try {
    await exchange.setMarginMode(mode, market.symbol);
  } catch (error) {
    // Asking for the mode already set is success, not a failure to show the member.
    if (!(error instanceof ccxt.MarginModeAlreadySet)) throw error;
  }
}

/**
 * A perpetual's leverage limit. Bybit and gate state it with the market; binance only in the (private)
 * leverage brackets, so it is read from there when a key is present.
 */
export async function maxLeverage(exchange: Exchange, market: CcxtMarket): Promise<number | null> {
  const stated = market.limits.leverage?.max;
  if (stated) return stated;
  if (!exchange.apiKey || !exchange.has.fetchMarketLeverageTiers) return null;
  const tiers = await exchange.fetchMarketLeverageTiers(market.symbol);
  const highest = Math.max(...tiers.map((t) => Number(t.maxLeverage ?? 0)));
  return highest > 0 ? highest : null;
}

/**
 * The margin mode a position is in when the position itself does not say: a bybit unified account has one
 * mode for all its perpetuals, stated by /v5/account/info.
 */
export async function accountMarginMode(
  id: CcxtExchangeId,
  exchange: Exchange,
): Promise<'cross' | 'isolated' | undefined> {
  if (id !== 'bybit') return undefined;
  const answer = (await implicit(exchange).privateGetV5AccountInfo!()) as {
    result?: { marginMode?: string };
  };
  return answer.result?.marginMode === 'ISOLATED_MARGIN' ? 'isolated' : 'cross';
}

/**
 * Adds margin to or removes it from an isolated USDT perpetual position (amount in USDT). Binance and gate
 * through ccxt's addMargin / reduceMargin; ccxt has neither for bybit, whose v5 add-margin takes a signed
 * amount.
 */
export async function changeIsolatedMargin(
  id: CcxtExchangeId,
  exchange: Exchange,
  market: CcxtMarket,
  change: { direction: 'add' | 'reduce'; amount: string },
): Promise<void> {
  const adding = change.direction === 'add';
  if (id === 'bybit') {
    await implicit(exchange).privatePostV5PositionAddMargin!({
      category: 'linear',
      symbol: market.id,
      margin: adding ? change.amount : `-${change.amount}`,
      positionIdx: 0,
    });
    return;
  }
  const amount = Number(change.amount);
  if (adding) await exchange.addMargin(market.symbol, amount);
  else await exchange.reduceMargin(market.symbol, amount);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The funding the account's position in a perpetual paid or received from `since` to `until` (epoch ms,
 * inclusive), oldest first, through ccxt's fetchFundingHistory: binance's USD-M income history
 * (GET /fapi/v1/income, incomeType FUNDING_FEE), bybit's executions of type Funding (GET /v5/execution/list)
 * and gate's futures account book of type fund (GET /api/v4/futures/usdt/account_book).
 *
 * Asked one week at a time, since bybit answers at most 7 days per request (and binance and gate then
 * answer the same way). A week that fills a whole page is asked again in halves rather than paged by
 * cursor: bybit and gate list newest first and binance oldest first, and halving works for all three.
 * Each entry is kept only in the window that holds its time, so windows that overlap at the exchange's
 * one-second granularity (gate) cannot count one twice.
 */
export async function fetchFundingPayments(
  id: CcxtExchangeId,
  exchange: Exchange,
  market: CcxtMarket,
  since: number,
  until: number,
): Promise<FundingPayment[]> {
  // ccxt's bybit sends its limit as `size`, which bybit does not read (its parameter is `limit`).
  const pageSize = id === 'bybit' ? 100 : 1000;
  const found: FundingPayment[] = [];
  const ask = async (from: number, to: number): Promise<void> => {
    const params =
      id === 'gate'
        ? { to: Math.ceil(to / 1000) }
        : { until: to, ...(id === 'bybit' ? { limit: pageSize } : {}) };
    const entries = (await exchange.fetchFundingHistory(
      market.symbol,
      from,
      pageSize,
      params,
    )) as unknown as CcxtFundingEntry[];
    if (entries.length >= pageSize && to - from >= 2000) {
      const middle = from + Math.floor((to - from) / 2);
      await ask(from, middle);
      await ask(middle + 1, to);
      return;
    }
    for (const entry of entries) {
      const payment = toFundingPayment(id, exchange, entry);
      const at = payment?.at.getTime();
      if (payment && at !== undefined && at >= from && at <= to) found.push(payment);
    }
  };
  for (let from = since; from <= until; from += WEEK_MS) await ask(from, Math.min(from + WEEK_MS - 1, until));
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}
