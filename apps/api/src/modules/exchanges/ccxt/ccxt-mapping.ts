import { format, parse } from '@app/money/decimal';
import type {
  Balances,
  FundingRate as CcxtFundingRate,
  MarketInterface as CcxtMarket,
  Order as CcxtOrder,
  Position as CcxtPosition,
  Ticker as CcxtTicker,
  Exchange,
  OHLCV,
} from 'ccxt';
import type {
  Balance,
  Candle,
  FundingPayment,
  FundingRate,
  MarginMode,
  Market,
  Order,
  OrderFee,
  OrderStatus,
  Position,
  Ticker,
} from '../connector';

/**
 * ccxt's unified structures to the interface's. ccxt parses the exchange's decimal strings into JS numbers;
 * `numberToString` prints each back as its shortest exact decimal (1e-8 -> "0.00000001"), which is the
 * string the exchange sent, so no digit is invented or lost. No arithmetic happens here.
 */

type Num = number | string | undefined | null;

export function decimalText(exchange: Exchange, value: Num, fallback = '0'): string {
  if (value === undefined || value === null || value === '') return fallback;
  return exchange.numberToString(value as number) ?? fallback;
}

const nullableText = (exchange: Exchange, value: Num) =>
  value === undefined || value === null ? null : decimalText(exchange, value);

/** Spot and linear USDT perpetuals are ours; every other market (inverse, futures, options) is not. */
export function marketType(m: CcxtMarket): Market['type'] | null {
  if (m.spot) return 'spot';
  if (m.swap && m.linear && m.settle === 'USDT') return 'perpetual';
  return null;
}

export function toMarket(exchange: Exchange, m: CcxtMarket): Market | null {
  const type = marketType(m);
  if (!type) return null;
  const amountStep = decimalText(exchange, m.precision.amount, '1');
  return {
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    type,
    tickSize: decimalText(exchange, m.precision.price, '0.00000001'),
    amountStep,
    minAmount: decimalText(exchange, m.limits.amount?.min, amountStep),
    minNotional: decimalText(exchange, m.limits.cost?.min, '0'),
    contractSize: type === 'perpetual' ? decimalText(exchange, m.contractSize, '1') : '1',
    maxLeverage: type === 'perpetual' ? (m.limits.leverage?.max ?? null) : null,
  };
}

export function toTicker(exchange: Exchange, t: CcxtTicker): Ticker {
  return {
    symbol: t.symbol ?? '',
    last: decimalText(exchange, t.last ?? t.close),
    change24hPercent: decimalText(exchange, t.percentage),
    high24h: decimalText(exchange, t.high),
    low24h: decimalText(exchange, t.low),
    quoteVolume24h: decimalText(exchange, t.quoteVolume),
    at: new Date(t.timestamp ?? Date.now()),
  };
}

export function toCandle(exchange: Exchange, c: OHLCV): Candle {
  const [openTime, open, high, low, close, volume] = c;
  return {
    openTime: Number(openTime),
    open: decimalText(exchange, open),
    high: decimalText(exchange, high),
    low: decimalText(exchange, low),
    close: decimalText(exchange, close),
    volume: decimalText(exchange, volume),
  };
}

export function toFundingRate(exchange: Exchange, f: CcxtFundingRate): FundingRate {
  return {
    symbol: f.symbol ?? '',
    rate: decimalText(exchange, f.fundingRate),
    nextFundingAt: f.fundingTimestamp ? new Date(f.fundingTimestamp) : null,
  };
}

/** One entry of ccxt's fetchFundingHistory (its FundingHistory structure) as ccxt types it. */
export interface CcxtFundingEntry {
  info: Record<string, unknown>;
  code?: string;
  timestamp?: number;
  amount?: number;
}

/**
 * A funding entry as ours, its amount read from the exchange's own text (never the float ccxt made of it)
 * and signed from the account's side. Binance's `income` and Gate's `change` are what the account received
 * (negative when it paid); Bybit states funding as the execution's `execFee`, a fee, positive when the
 * account paid, and ccxt passes that sign on unchanged, so it is turned round here. Null for an entry
 * without a time or an amount.
 */
export function toFundingPayment(
  id: 'binance' | 'bybit' | 'gate',
  exchange: Exchange,
  entry: CcxtFundingEntry,
): FundingPayment | null {
  const field = { binance: 'income', bybit: 'execFee', gate: 'change' }[id];
  const raw = entry.info[field];
  const text = typeof raw === 'string' && raw !== '' ? raw : decimalText(exchange, entry.amount, '');
  if (entry.timestamp === undefined || text === '') return null;
  const signed = id === 'bybit' ? format(-parse(text)) : format(parse(text));
  return { at: new Date(entry.timestamp), asset: entry.code ?? 'USDT', amount: signed };
}

export function toBalances(exchange: Exchange, b: Balances): Balance[] {
  return Object.entries(b)
    .filter(([asset]) => !['info', 'free', 'used', 'total', 'debt', 'timestamp', 'datetime'].includes(asset))
    .map(([asset, entry]) => {
      const e = entry as { free?: Num; used?: Num; total?: Num };
      return {
        asset,
        free: decimalText(exchange, e.free),
        used: decimalText(exchange, e.used),
        total: decimalText(exchange, e.total),
      };
    })
    .filter((x) => x.total !== '0' || x.used !== '0');
}

const statuses: Record<string, OrderStatus> = {
  open: 'open',
  closed: 'closed',
  canceled: 'canceled',
  cancelled: 'canceled',
  expired: 'canceled',
  rejected: 'rejected',
};

/**
 * The order's fee. Gate states its fee next to a GT-point fee and a rebate, usually both zero; ccxt then
 * lists all three under `fees` and leaves `fee` empty, so the one entry that is not zero is the fee.
 */
function orderFee(exchange: Exchange, o: CcxtOrder): OrderFee | null {
  const charged = o.fee?.currency
    ? o.fee
    : (() => {
        // ccxt fills `fees` on parsed orders but leaves it out of its Order type.
        const fees = (o as CcxtOrder & { fees?: CcxtOrder['fee'][] }).fees ?? [];
        const nonZero = fees.filter((f) => f?.currency && decimalText(exchange, f.cost) !== '0');
        return nonZero.length === 1 ? nonZero[0] : undefined;
      })();
  return charged?.currency ? { asset: charged.currency, amount: decimalText(exchange, charged.cost) } : null;
}

export function toOrder(exchange: Exchange, o: CcxtOrder, fallbackClientOrderId = ''): Order {
  const type = o.type === 'market' ? 'market' : 'limit';
  const filled = decimalText(exchange, o.filled);
  return {
    id: String(o.id),
    clientOrderId: o.clientOrderId ?? fallbackClientOrderId,
    symbol: o.symbol ?? '',
    type,
    side: o.side === 'sell' ? 'sell' : 'buy',
    price: type === 'limit' ? nullableText(exchange, o.price) : null,
    amount: decimalText(exchange, o.amount),
    filled,
    averagePrice: filled === '0' ? null : nullableText(exchange, o.average ?? o.price),
    status: statuses[o.status ?? ''] ?? 'open',
    fee: orderFee(exchange, o),
    reduceOnly: o.reduceOnly === true,
    createdAt: new Date(o.timestamp ?? Date.now()),
  };
}

/**
 * Exchanges whose collateral ccxt states with the unrealised PnL in it: binance's isolatedMargin is the
 * isolated wallet plus the PnL, and ccxt adds gate's unrealised_pnl to its `margin`. Bybit's positionBalance
 * is the margin alone.
 */
const collateralWithPnl = new Set(['binance', 'gate']);

/**
 * The collateral held for the position, without the PnL (so adding margin raises it by exactly the amount):
 * ccxt's `collateral` on isolated positions, its `initialMargin` on cross ones (whose collateral is the
 * whole wallet, or on binance a figure ccxt derives from the liquidation price). Exact: the PnL is taken off
 * in decimals, not in floats.
 */
function positionMargin(exchange: Exchange, p: CcxtPosition, mode: MarginMode): string | null {
  if (mode === 'cross') return nullableText(exchange, p.initialMargin);
  const collateral = nullableText(exchange, p.collateral);
  if (collateral === null || !collateralWithPnl.has(exchange.id)) return collateral;
  return format(parse(collateral) - parse(decimalText(exchange, p.unrealizedPnl)));
}

export function toPosition(exchange: Exchange, p: CcxtPosition, fallbackMode?: MarginMode): Position | null {
  const contracts = decimalText(exchange, p.contracts);
  if (contracts === '0' || !p.side) return null;
  const marginMode: MarginMode = (p.marginMode ?? fallbackMode) === 'isolated' ? 'isolated' : 'cross';
  return {
    symbol: p.symbol ?? '',
    side: p.side === 'short' ? 'short' : 'long',
    contracts,
    entryPrice: decimalText(exchange, p.entryPrice),
    markPrice: decimalText(exchange, p.markPrice),
    // Gate reports cross mode as leverage 0, with the leverage in cross_leverage_limit.
    leverage: Number(p.leverage) || Number((p.info as Record<string, unknown>)?.cross_leverage_limit) || 1,
    marginMode,
    unrealizedPnl: decimalText(exchange, p.unrealizedPnl),
    liquidationPrice: p.liquidationPrice ? decimalText(exchange, p.liquidationPrice) : null,
    margin: positionMargin(exchange, p, marginMode),
  };
}
