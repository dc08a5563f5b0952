import { format, parse } from '@app/money/decimal';
import type { Selectable, Transaction } from 'kysely';
import type { Database, PaperOrdersTable, PaperPositionsTable } from '../../../db/schema';
import type { Candle, Market, Order } from '../connector';

/** The rows, rules and constants the paper exchange's parts (account, spot, perpetual, matching) share. */

export interface PaperFees {
  /** Basis points of the traded value: 2 is 0.02 %. */
  makerBps: number;
  takerBps: number;
}

export const DEFAULT_PAPER_FEES: PaperFees = { makerBps: 2, takerBps: 5 };
/** A new member's paper account: this much USDT on spot and as much as perpetual margin. */
export const DEMO_BALANCE = '10000';
/** Maintenance margin rate of every paper perpetual: 0.5 % of the notional. */
export const MAINTENANCE_MARGIN_RATE = '0.005';
export const FUNDING_INTERVAL_MS = 8 * 3600_000;
/** After a long outage, funding is charged for at most this many missed periods (two weeks). */
export const MAX_MISSED_FUNDINGS = 42;
export const MAX_MATCH_CANDLES = 1000;
export const MINUTE = 60_000;

export type Trx = Transaction<Database>;
export type OrderRow = Selectable<PaperOrdersTable>;
export type PositionRow = Selectable<PaperPositionsTable>;

export interface MarketRules {
  market: Market;
  tick: bigint;
  step: bigint;
  minAmount: bigint;
  minNotional: bigint;
  contractSize: bigint;
}

export interface Prices {
  last: Map<string, bigint>;
  candles: Map<string, Candle[]>;
  funding: Map<string, bigint>;
}

export const ZERO = 0n;
/** PnL rounds toward minus infinity: the exchange's favour, never visible at 18 places. */
export const pnlRounding = (move: bigint): 'down' | 'up' => (move >= ZERO ? 'down' : 'up');
export const isPg = (e: unknown): e is { code: string; table?: string; constraint?: string } =>
  typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string';

export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    clientOrderId: row.client_order_id,
    symbol: row.symbol,
    type: row.type,
    side: row.side,
    price: row.price === null ? null : format(parse(row.price)),
    amount: format(parse(row.amount)),
    filled: format(parse(row.filled)),
    averagePrice: row.average_price === null ? null : format(parse(row.average_price)),
    status: row.status,
    fee: row.fee_asset ? { asset: row.fee_asset, amount: format(parse(row.fee)) } : null,
    reduceOnly: row.reduce_only,
    createdAt: row.created_at,
  };
}

export interface FillResult {
  filled: bigint;
  fee: bigint;
  feeAsset: string;
  realizedPnl: bigint;
}
