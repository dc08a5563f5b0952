import type {
  TClosePositionRequest,
  TLeverageRequest,
  TMarketType,
  TPage,
  TPlaceOrderRequest,
  TPositionMarginRequest,
  TTradeOrder,
  TTradeOrdersQuery,
  TTradingAccount,
  TTradingExchange,
} from '@app/contracts';
import type { Selectable } from 'kysely';
import type { TradeOrdersTable } from '../../db/schema';
import { type AnyDb, own } from '../../db/tables';
import { AppError } from '../../platform/errors';
import { derivedUuid } from '../../platform/idempotency';
import { clientOrderId } from '../exchanges/client-order-id';
import type { Connector, Order, OrderRequest } from '../exchanges/connector';

/** Where a member can trade and with which connector: paper always, the others through their bound key. */
export interface TradingVenues {
  available(memberId: string): Promise<TTradingExchange[]>;
  /** Throws KEY_NOT_BOUND (or the key's suspension code) when the member cannot trade there now. */
  connectorFor(memberId: string, exchange: TTradingExchange): Promise<Connector>;
}

type OrderRow = Selectable<TradeOrdersTable>;

/** A pending order older than this that the exchange does not know never reached it. */
const LOST_AFTER_MS = 60_000;

/**
 * How long a done order with fills but no fee is read again for it: the exchange's trade history (where
 * binance futures, binance spot read back, and gate futures state fees) answers for the last 7 days.
 */
const FEE_LOOKUP_MS = 7 * 86_400_000;

const isZero = (decimal: string) => /^0*\.?0*$/.test(decimal);

/** A done order that filled but whose fee was not read yet (the trade history failed or lagged then). */
function missesFee(row: OrderRow): boolean {
  return (
    (row.status === 'closed' || row.status === 'canceled') &&
    row.fee_amount === null &&
    !isZero(row.filled) &&
    Date.now() - row.created_at.getTime() < FEE_LOOKUP_MS
  );
}

/** Refusals that prove the exchange did not take the order; any other failure leaves the outcome open. */
function isRefusal(error: unknown): error is AppError {
  return error instanceof AppError && error.status >= 400 && error.status < 500;
}

function toContract(row: OrderRow): TTradeOrder {
  return {
    id: row.id,
    exchange: row.exchange,
    marketType: row.market_type,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: row.price,
    amount: row.amount,
    filled: row.filled,
    averagePrice: row.average_price,
    status: row.status,
    fee: row.fee_asset && row.fee_amount ? { asset: row.fee_asset, amount: row.fee_amount } : null,
    reduceOnly: row.reduce_only,
    errorCode: row.error_code,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the exchange said about an order, as the columns that change. */
function fromExchange(order: Order) {
  return {
    exchange_order_id: order.id,
    status: order.status,
    filled: order.filled,
    average_price: order.averagePrice,
    fee_asset: order.fee?.asset ?? null,
    fee_amount: order.fee?.amount ?? null,
    updated_at: new Date(),
  };
}

export function createTradingService(deps: { db: AnyDb; venues: TradingVenues }) {
  const db = own<'trade_orders'>(deps.db);
  const { venues } = deps;
  async function ownOrder(memberId: string, id: string): Promise<OrderRow> {
    const row = await db
      .selectFrom('trade_orders')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    // Another member's order answers exactly as a missing one: ids tell strangers nothing.
    if (!row) throw new AppError('EXCHANGE_ORDER_NOT_FOUND');
    return row;
  }

  async function update(id: string, values: Partial<Omit<OrderRow, 'id' | 'member_id'>>): Promise<OrderRow> {
    return db
      .updateTable('trade_orders')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Records the order, then sends it. The row id and the client order id both derive from the request's
   * Idempotency-Key, so a request that runs again (a retry after a lost answer, or after a crash between
   * sending and recording) finds its row and sends the same client order id: the exchange never gets two.
   */
  async function submit(
    memberId: string,
    venue: { exchange: TTradingExchange; marketType: TMarketType },
    order: Omit<OrderRequest, 'clientOrderId'>,
    requestKey: string,
  ): Promise<TTradeOrder> {
    const connector = await venues.connectorFor(memberId, venue.exchange);
    const id = derivedUuid('trade-order', memberId, requestKey);
    const coid = clientOrderId(venue.exchange, ['manual', memberId, requestKey]);
    await db
      .insertInto('trade_orders')
      .values({
        id,
        member_id: memberId,
        exchange: venue.exchange,
        market_type: venue.marketType,
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        price: order.price ?? null,
        amount: order.amount,
        reduce_only: order.reduceOnly ?? false,
        client_order_id: coid,
        status: 'pending',
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await ownOrder(memberId, id);
    if (row.status !== 'pending') return toContract(row);
    try {
      const placed = await connector.placeOrder({ ...order, clientOrderId: coid });
      return toContract(await update(id, fromExchange(placed)));
    } catch (error) {
      if (isRefusal(error)) await update(id, { status: 'rejected', error_code: error.code });
      // Otherwise (exchange down, rate limited, timed out) it stays pending: a retry or a later read
      // looks it up by its client order id.
      throw error;
    }
  }

  /**
   * Brings a working order up to date from the exchange, and a done one that still lacks its fee; on
   * failure keeps what we knew.
   */
  async function refresh(memberId: string, row: OrderRow): Promise<OrderRow> {
    const working = row.status === 'pending' || row.status === 'open';
    if (!working && !missesFee(row)) return row;
    try {
      const connector = await venues.connectorFor(memberId, row.exchange);
      const found = await connector.fetchOrder(row.symbol, { clientOrderId: row.client_order_id });
      // A done order is only written again once its fee is known: nothing else of it changes.
      if (found && (working || found.fee)) return update(row.id, fromExchange(found));
      if (row.status === 'pending' && Date.now() - row.created_at.getTime() > LOST_AFTER_MS) {
        return update(row.id, { status: 'rejected', error_code: 'EXCHANGE_ORDER_NOT_FOUND' });
      }
      return row;
    } catch {
      return row;
    }
  }

  return {
    venues: (memberId: string) => venues.available(memberId),

    placeOrder(memberId: string, request: TPlaceOrderRequest, requestKey: string): Promise<TTradeOrder> {
      const { exchange, marketType, ...order } = request;
      return submit(memberId, { exchange, marketType }, order, requestKey);
    },

    /** CloseOrder: the whole position, by a reduce-only market order on the other side. */
    async closePosition(memberId: string, request: TClosePositionRequest, requestKey: string) {
      const connector = await venues.connectorFor(memberId, request.exchange);
      const position = (await connector.positions([request.symbol])).find((p) => p.symbol === request.symbol);
      if (!position || isZero(position.contracts)) throw new AppError('POSITION_NOT_FOUND');
      return submit(
        memberId,
        { exchange: request.exchange, marketType: 'perpetual' },
        {
          symbol: request.symbol,
          type: 'market',
          side: position.side === 'long' ? 'sell' : 'buy',
          amount: position.contracts,
          reduceOnly: true,
        },
        requestKey,
      );
    },

    async cancelOrder(memberId: string, id: string): Promise<TTradeOrder> {
      const row = await refresh(memberId, await ownOrder(memberId, id));
      if (row.status !== 'open' || !row.exchange_order_id) return toContract(row);
      const connector = await venues.connectorFor(memberId, row.exchange);
      const cancelled = await connector.cancelOrder(row.symbol, row.exchange_order_id);
      return toContract(await update(row.id, fromExchange(cancelled)));
    },

    async orders(memberId: string, query: TTradeOrdersQuery): Promise<TPage<TTradeOrder>> {
      let q = db.selectFrom('trade_orders').selectAll().where('member_id', '=', memberId);
      if (query.exchange) q = q.where('exchange', '=', query.exchange);
      if (query.status === 'open') q = q.where('status', 'in', ['pending', 'open']);
      if (query.status === 'done') q = q.where('status', 'in', ['closed', 'canceled', 'rejected']);
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      // Working orders are read again from the exchange, so fills show without a separate sync job.
      const fresh = await Promise.all(rows.map((row) => refresh(memberId, row)));
      return { items: fresh.map(toContract), page: query.page, pageSize: query.pageSize };
    },

    async account(
      memberId: string,
      exchange: TTradingExchange,
      marketType: TMarketType,
    ): Promise<TTradingAccount> {
      const connector = await venues.connectorFor(memberId, exchange);
      const [balances, positions] = await Promise.all([
        connector.balances(marketType),
        marketType === 'perpetual' ? connector.positions() : Promise.resolve([]),
      ]);
      return { exchange, marketType, balances, positions };
    },

    /** setmargin / adjmargin on one perpetual symbol. */
    async setLeverage(memberId: string, request: TLeverageRequest): Promise<void> {
      if (!request.symbol.includes(':')) throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED');
      const connector = await venues.connectorFor(memberId, request.exchange);
      await connector.setMarginMode(request.symbol, request.marginMode);
      await connector.setLeverage(request.symbol, request.leverage);
    },

    /** adjmargin by amount: into or out of the isolated margin of the member's own open position. */
    async adjustPositionMargin(memberId: string, request: TPositionMarginRequest): Promise<void> {
      const connector = await venues.connectorFor(memberId, request.exchange);
      await connector.adjustMargin(request.symbol, {
        direction: request.direction,
        amount: request.amount,
      });
    },
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
