import type { ExchangeId } from './client-order-id';
import type { KeyVerdict } from './key-rights';

/**
 * One interface for every exchange the platform trades on: the ccxt connectors (binance, bybit, gate) and
 * the paper exchange. Bots, manual trading, the markets page and key binding only ever see this.
 *
 * Prices and amounts are decimal strings, exactly as the exchange states them ("0.001", "64250.5"): they
 * are not our money (that is the ledger's integer minor units), and a string never loses a digit on the
 * way through. Symbols are ccxt's unified ones: `BTC/USDT` on spot, `BTC/USDT:USDT` for the USDT perpetual.
 *
 * Failures are `AppError`s with the exchange error codes of `@app/contracts` (EXCHANGE_AUTH_FAILED,
 * EXCHANGE_INSUFFICIENT_BALANCE, EXCHANGE_RATE_LIMITED, EXCHANGE_UNAVAILABLE, EXCHANGE_SYMBOL_UNKNOWN,
 * EXCHANGE_AMOUNT_TOO_SMALL, EXCHANGE_AMOUNT_TOO_PRECISE, EXCHANGE_PRICE_INVALID,
 * EXCHANGE_LEVERAGE_TOO_HIGH, EXCHANGE_ORDER_NOT_FOUND, EXCHANGE_ORDER_REJECTED,
 * EXCHANGE_MARKET_TYPE_UNSUPPORTED, POSITION_NOT_FOUND): an exchange's error never becomes a 500.
 */

export type { ExchangeId } from './client-order-id';
export type MarketType = 'spot' | 'perpetual';
export type OrderSide = 'buy' | 'sell';
export type OrderType = 'market' | 'limit';
export type OrderStatus = 'open' | 'closed' | 'canceled' | 'rejected';
export type MarginMode = 'isolated' | 'cross';
export type PositionSide = 'long' | 'short';
export const CandleIntervals = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CandleIntervals)[number];

export interface Market {
  symbol: string;
  base: string;
  quote: string;
  type: MarketType;
  /** The smallest price step ("0.01"). */
  tickSize: string;
  /** The smallest amount step, in base units on spot and in contracts on perpetuals ("0.001"). */
  amountStep: string;
  minAmount: string;
  /** The smallest order value in the quote currency ("5"); "0" when the exchange sets none. */
  minNotional: string;
  /** Base units per contract on perpetuals ("1" on spot). */
  contractSize: string;
  /** Perpetuals only; null on spot. */
  maxLeverage: number | null;
}

export interface Ticker {
  symbol: string;
  last: string;
  /** Change over 24 h in percent, e.g. "-2.31". */
  change24hPercent: string;
  high24h: string;
  low24h: string;
  /** Traded value over 24 h in the quote currency. */
  quoteVolume24h: string;
  at: Date;
}

export interface Candle {
  /** Start of the candle, epoch milliseconds. */
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface FundingRate {
  symbol: string;
  /** Per funding period, as a fraction: "0.0001" is 0.01 %. */
  rate: string;
  nextFundingAt: Date | null;
}

/** One funding payment settled on the account's perpetual position. */
export interface FundingPayment {
  at: Date;
  /** The settle asset it was paid in ("USDT"). */
  asset: string;
  /**
   * Signed decimal from the account's side: negative when the account paid, positive when it received
   * (whatever sign the exchange's own answer uses; Bybit states funding as a fee, positive when paid).
   */
  amount: string;
}

export interface Balance {
  asset: string;
  free: string;
  used: string;
  total: string;
}

export interface Position {
  symbol: string;
  side: PositionSide;
  /** In contracts (see Market.contractSize). */
  contracts: string;
  entryPrice: string;
  markPrice: string;
  leverage: number;
  marginMode: MarginMode;
  unrealizedPnl: string;
  liquidationPrice: string | null;
  /**
   * The collateral held for the position in the quote currency, without its unrealised PnL: the isolated
   * margin (initial margin plus what was added) of an isolated position, the initial margin of a cross one.
   * Adding margin raises it by exactly the amount. Null where the exchange does not state it.
   */
  margin: string | null;
}

export interface OrderRequest {
  symbol: string;
  type: OrderType;
  side: OrderSide;
  /** In base units on spot, in contracts on perpetuals. */
  amount: string;
  /** Limit orders only. */
  price?: string;
  /** Deterministic (see clientOrderId): placing the same id twice returns the first order. */
  clientOrderId: string;
  /** Perpetuals: the order may only shrink a position (closing orders). */
  reduceOnly?: boolean;
}

export interface MarginChange {
  direction: 'add' | 'reduce';
  /** A positive decimal in the quote currency. */
  amount: string;
}

export interface OrderFee {
  asset: string;
  amount: string;
}

export interface Order {
  /** The exchange's id. */
  id: string;
  clientOrderId: string;
  symbol: string;
  type: OrderType;
  side: OrderSide;
  /** The limit price; null for market orders. */
  price: string | null;
  amount: string;
  filled: string;
  /** The average fill price; null while nothing is filled. */
  averagePrice: string | null;
  status: OrderStatus;
  /** Null while nothing is filled, or while the exchange's trade history does not yet give it. */
  fee: OrderFee | null;
  reduceOnly: boolean;
  createdAt: Date;
}

/** What a member gives to connect an exchange account. Passphrase only where the exchange has one. */
export interface Credentials {
  apiKey: string;
  secret: string;
  passphrase?: string;
}

/** Public market data: needs no key. */
export interface MarketData {
  readonly exchange: ExchangeId;
  markets(type: MarketType): Promise<Market[]>;
  /** All tickers of the market type, or only the symbols given. */
  tickers(type: MarketType, symbols?: string[]): Promise<Ticker[]>;
  candles(symbol: string, interval: CandleInterval, limit: number): Promise<Candle[]>;
  /** Perpetuals only; EXCHANGE_MARKET_TYPE_UNSUPPORTED on a spot symbol. */
  fundingRate(symbol: string): Promise<FundingRate>;
}

/** A member's account on one exchange: market data plus what needs their key. */
export interface Connector extends MarketData {
  /** Proves the key works and reports its rights (see key-rights.ts). Refusals are in the verdict. */
  keyRights(): Promise<KeyVerdict>;
  balances(type: MarketType): Promise<Balance[]>;
  positions(symbols?: string[]): Promise<Position[]>;
  /** Idempotent by clientOrderId: a second call with the same id returns the first order. */
  placeOrder(request: OrderRequest): Promise<Order>;
  cancelOrder(symbol: string, orderId: string): Promise<Order>;
  /** By the exchange's id or by our client order id; null when the exchange has no such order. */
  fetchOrder(symbol: string, ref: { id: string } | { clientOrderId: string }): Promise<Order | null>;
  openOrders(symbol?: string): Promise<Order[]>;
  /** Perpetuals only. */
  setLeverage(symbol: string, leverage: number): Promise<void>;
  /** Perpetuals only. */
  setMarginMode(symbol: string, mode: MarginMode): Promise<void>;
  /**
   * Perpetuals only: moves `change.amount` (quote currency) from the free balance into the isolated margin of
   * the open position, or back out. MARGIN_CROSS_NOT_ADJUSTABLE on cross margin, POSITION_NOT_FOUND without
   * a position, MARGIN_REDUCE_TOO_MUCH when the rest would not cover the position's margin requirement.
   */
  adjustMargin(symbol: string, change: MarginChange): Promise<void>;
  /**
   * Perpetuals only (EXCHANGE_MARKET_TYPE_UNSUPPORTED on a spot symbol): the funding the account's position
   * in the symbol paid or received from `since` to `until` (now when absent), both inclusive, oldest first.
   */
  fundingPayments(symbol: string, since: Date, until?: Date): Promise<FundingPayment[]>;
}
