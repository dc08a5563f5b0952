import { format, mul, parse } from '@app/money/decimal';
import type { Db } from '../../../db/database';
import { AppError } from '../../../platform/errors';
import type {
  Balance,
  Connector,
  FundingPayment,
  MarketData,
  MarketType,
  Order,
  OrderRequest,
  Position,
} from '../connector';
import type { KeyVerdict } from '../key-rights';
import { createPaperAccount } from './paper-account';
import { createPaperFills } from './paper-fills';
import { createPaperFunding } from './paper-funding';
import { createPaperMargin } from './paper-margin';
import { createPaperMatching } from './paper-matching';
import { createPaperPerpetual, liquidationPrice } from './paper-perpetual';
import { amountOf, createPaperRules, priceOf } from './paper-rules';
import { createPaperSpot } from './paper-spot';
import { DEFAULT_PAPER_FEES, type PaperFees, pnlRounding, toOrder, ZERO } from './paper-types';

/**
 * The paper exchange: a member's demo account that behaves like a real exchange account, with its books in
 * PostgreSQL and its prices from any `MarketData` (the simulated market by default, or a real exchange's
 * public data). Market orders fill at once at the last price (taker fee); limit orders that do not cross
 * rest, holding their funds, and fill at their price when the market reaches it (maker fee).
 *
 * Every operation is one transaction that first locks the member's `paper_accounts` row, so operations of
 * one member run one after another: concurrent orders cannot spend the same balance twice. The balance
 * columns' CHECK (>= 0) stands behind that. Market data is fetched before the lock, never while holding it.
 *
 * Matching is lazy as well as ticked: every read first matches open orders and charges funding due up to
 * now, so the state is right after a restart even if no tick ran. A resting order crosses when the last
 * price reaches it or, for the whole minutes since the order was placed, a 1-minute candle's low (buy) or
 * high (sell) did.
 *
 * Perpetuals (linear, USDT-margined, one-way mode): the initial margin (notional / leverage, rounded up)
 * moves from the perpetual wallet's free to used and is held by the position; realised PnL and released
 * margin come back to free. Liquidation: an isolated position whose mark reaches its liquidation price is
 * closed there and loses its margin. Funding every 8 h (00, 08, 16 UTC) on open positions, at the feed's
 * current rate and the current mark, once per (position, funding time).
 *
 * The parts, each a small factory over explicit dependencies: paper-rules (market rules and prices),
 * paper-account (the lock, balances, positions), paper-spot and paper-perpetual (fills), paper-fills (an
 * order's fill, cancellation and reservation), paper-funding (funding and liquidation), paper-matching
 * (resting orders against prices). This file composes them into the `Connector`.
 */

export { liquidationPrice } from './paper-perpetual';
export {
  DEFAULT_PAPER_FEES,
  DEMO_BALANCE,
  FUNDING_INTERVAL_MS,
  MAINTENANCE_MARGIN_RATE,
  type PaperFees,
} from './paper-types';

export interface PaperConnectorOptions {
  db: Db;
  market: MarketData;
  memberId: string;
  fees?: PaperFees;
  /** Epoch milliseconds; give the market's own clock (tests drive both with one). */
  now?: () => number;
}

export interface PaperConnector extends Connector {
  /** Fills resting orders the market has crossed, liquidates, charges funding due. Idempotent. */
  matchOpenOrders(now?: number): Promise<void>;
}

export function createPaperConnector(options: PaperConnectorOptions): PaperConnector {
  const { db, market, memberId } = options;
  const clock = options.now ?? Date.now;
  const fees = options.fees ?? DEFAULT_PAPER_FEES;
  const makerBps = parse(String(fees.makerBps));
  const takerBps = parse(String(fees.takerBps));

  const rules = createPaperRules(market);
  const account = createPaperAccount({ db, memberId });
  const spot = createPaperSpot(account);
  const perpetual = createPaperPerpetual(account);
  const fills = createPaperFills({ memberId, makerBps, takerBps, account, spot, perpetual });
  const funding = createPaperFunding({ memberId, rules, account, fills });
  const { matchOpenOrders } = createPaperMatching({
    db,
    market,
    memberId,
    clock,
    rules,
    account,
    fills,
    funding,
  });
  const { rulesOf, perpetualRules, lastPrices } = rules;
  const { withAccount, adjust, requireFree, findByClientId, openPositions } = account;
  const { fill, releaseAndCancel, reservationFor } = fills;
  const margin = createPaperMargin({ memberId, clock, rules, account });

  return {
    exchange: 'paper',
    markets: (type) => market.markets(type),
    tickers: (type, symbols) => market.tickers(type, symbols),
    candles: (symbol, interval, limit) => market.candles(symbol, interval, limit),
    fundingRate: (symbol) => market.fundingRate(symbol),

    matchOpenOrders,

    async keyRights(): Promise<KeyVerdict> {
      // A paper account has no key: it can trade both markets and can never withdraw.
      return {
        refusals: [],
        warnings: [],
        canTradeSpot: true,
        canTradePerpetual: true,
        ipWhitelist: [],
        expiresAt: null,
      };
    },

    async balances(type: MarketType): Promise<Balance[]> {
      await matchOpenOrders();
      const rows = await withAccount((trx) =>
        trx
          .selectFrom('paper_balances')
          .select(['asset', 'free', 'used'])
          .where('member_id', '=', memberId)
          .where('wallet', '=', type)
          .orderBy('asset')
          .execute(),
      );
      return rows
        .map((r) => ({ asset: r.asset, free: parse(r.free), used: parse(r.used) }))
        .filter((r) => r.asset === 'USDT' || r.free + r.used > ZERO)
        .map((r) => ({
          asset: r.asset,
          free: format(r.free),
          used: format(r.used),
          total: format(r.free + r.used),
        }));
    },

    async positions(symbols?: string[]): Promise<Position[]> {
      await matchOpenOrders();
      let rows = await openPositions(db);
      if (symbols) rows = rows.filter((r) => symbols.includes(r.symbol));
      if (rows.length === 0) return [];
      const marks = await lastPrices(rows.map((r) => r.symbol));
      const out: Position[] = [];
      for (const r of rows) {
        if (!r.side || !r.entry_price) continue;
        const rules = await rulesOf(r.symbol);
        const contracts = parse(r.contracts);
        const entry = parse(r.entry_price);
        const mark = marks.get(r.symbol)!;
        const quantity = mul(contracts, rules.contractSize);
        const move = r.side === 'long' ? mark - entry : entry - mark;
        out.push({
          symbol: r.symbol,
          side: r.side,
          contracts: format(contracts),
          entryPrice: format(entry),
          markPrice: format(mark),
          leverage: r.leverage,
          marginMode: r.margin_mode,
          unrealizedPnl: format(mul(move, quantity, pnlRounding(move))),
          // The paper exchange holds each position's margin itself, isolated or cross (see fill).
          margin: format(parse(r.margin)),
          liquidationPrice:
            r.margin_mode === 'isolated'
              ? format(
                  liquidationPrice({
                    side: r.side,
                    entry,
                    quantity,
                    margin: parse(r.margin),
                    tick: rules.tick,
                  }),
                )
              : null,
        });
      }
      return out;
    },

    async placeOrder(request: OrderRequest): Promise<Order> {
      if (!request.clientOrderId || request.clientOrderId.length > 64) {
        throw new AppError('VALIDATION_FAILED', 'clientOrderId must have 1 to 64 characters');
      }
      // A retry returns the first order as it is now, even if the market moved since.
      const earlier = await findByClientId(db, request.clientOrderId);
      if (earlier) return toOrder(earlier);

      const rules = await rulesOf(request.symbol);
      const perpetual = rules.market.type === 'perpetual';
      if (request.side !== 'buy' && request.side !== 'sell') {
        throw new AppError('VALIDATION_FAILED', 'side must be buy or sell');
      }
      if (request.type !== 'market' && request.type !== 'limit') {
        throw new AppError('VALIDATION_FAILED', 'type must be market or limit');
      }
      if (request.reduceOnly && !perpetual) {
        throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', 'Reduce-only is for perpetuals');
      }
      const amount = amountOf(request.amount, rules);
      const limit = request.type === 'limit' ? priceOf(request.price, rules) : null;
      await matchOpenOrders();
      const last = (await lastPrices([request.symbol])).get(request.symbol)!;
      const reduceOnly = perpetual && request.reduceOnly === true;
      const notional = mul(mul(amount, rules.contractSize), limit ?? last);
      if (!reduceOnly && notional < rules.minNotional) {
        throw new AppError(
          'EXCHANGE_AMOUNT_TOO_SMALL',
          `Below the minimum order value ${rules.market.minNotional}`,
          {
            minNotional: rules.market.minNotional,
          },
        );
      }
      const now = clock();
      const at = new Date(now);
      const marketable = limit === null || (request.side === 'buy' ? limit >= last : limit <= last);

      return withAccount(async (trx) => {
        const inserted = await trx
          .insertInto('paper_orders')
          .values({
            member_id: memberId,
            client_order_id: request.clientOrderId,
            symbol: request.symbol,
            market_type: rules.market.type,
            type: request.type,
            side: request.side,
            price: limit === null ? null : format(limit),
            amount: format(amount),
            filled: '0',
            average_price: null,
            status: 'open',
            fee_asset: null,
            fee: '0',
            reduce_only: reduceOnly,
            reserved_asset: null,
            reserved: '0',
            created_at: at,
            updated_at: at,
          })
          // The UNIQUE (member, client order id) decides between concurrent duplicates.
          .onConflict((oc) => oc.columns(['member_id', 'client_order_id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return toOrder((await findByClientId(trx, request.clientOrderId))!);

        // Marketable orders fill now at the last price (a limit order at a price at least as good).
        if (marketable) return toOrder(await fill(trx, inserted, rules, last, 'taker', at));

        const reservation = await reservationFor(trx, inserted, rules, amount, limit!);
        if (reservation.amount > ZERO) {
          await requireFree(trx, rules.market.type, reservation.asset, reservation.amount);
          await adjust(trx, rules.market.type, reservation.asset, -reservation.amount, reservation.amount);
        }
        const resting = await trx
          .updateTable('paper_orders')
          .set({ reserved_asset: reservation.asset, reserved: format(reservation.amount) })
          .where('id', '=', inserted.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toOrder(resting);
      });
    },

    async cancelOrder(symbol: string, orderId: string): Promise<Order> {
      await matchOpenOrders();
      if (!/^\d{1,18}$/.test(orderId)) throw new AppError('EXCHANGE_ORDER_NOT_FOUND');
      return withAccount(async (trx) => {
        const order = await trx
          .selectFrom('paper_orders')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('id', '=', orderId)
          .where('symbol', '=', symbol)
          .forUpdate()
          .executeTakeFirst();
        if (!order) throw new AppError('EXCHANGE_ORDER_NOT_FOUND');
        // Already filled or cancelled: the order as it is, so a repeated cancel is harmless.
        if (order.status !== 'open') return toOrder(order);
        return toOrder(await releaseAndCancel(trx, order, new Date(clock())));
      });
    },

    async fetchOrder(symbol, ref): Promise<Order | null> {
      await matchOpenOrders();
      let q = db
        .selectFrom('paper_orders')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('symbol', '=', symbol);
      if ('id' in ref) {
        if (!/^\d{1,18}$/.test(ref.id)) return null;
        q = q.where('id', '=', ref.id);
      } else q = q.where('client_order_id', '=', ref.clientOrderId);
      const row = await q.executeTakeFirst();
      return row ? toOrder(row) : null;
    },

    async openOrders(symbol?: string): Promise<Order[]> {
      await matchOpenOrders();
      let q = db
        .selectFrom('paper_orders')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'open');
      if (symbol) q = q.where('symbol', '=', symbol);
      return (await q.orderBy('created_at').orderBy('id').execute()).map(toOrder);
    },

    ...margin,

    /** The member's paper_funding charges on the symbol, whose sign (positive: paid) is turned round. */
    async fundingPayments(symbol: string, since: Date, until?: Date): Promise<FundingPayment[]> {
      const rules = await perpetualRules(symbol);
      await matchOpenOrders();
      const rows = await db
        .selectFrom('paper_funding as pf')
        .innerJoin('paper_positions as pp', 'pp.id', 'pf.position_id')
        .select(['pf.funding_time', 'pf.amount'])
        .where('pp.member_id', '=', memberId)
        .where('pp.symbol', '=', symbol)
        .where('pf.funding_time', '>=', since)
        .where('pf.funding_time', '<=', until ?? new Date(clock()))
        .orderBy('pf.funding_time')
        .execute();
      return rows.map((r) => ({
        at: r.funding_time,
        asset: rules.market.quote,
        amount: format(-parse(r.amount)),
      }));
    },
  };
}

/**
 * For the tick worker: matches every paper account with open orders or positions. One account's failure
 * does not stop the others.
 */
export async function matchAllPaperAccounts(
  options: Omit<PaperConnectorOptions, 'memberId'>,
): Promise<number> {
  const members = await options.db
    .selectFrom('paper_accounts')
    .select('member_id')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('paper_orders')
            .select('id')
            .whereRef('paper_orders.member_id', '=', 'paper_accounts.member_id')
            .where('paper_orders.status', '=', 'open'),
        ),
        eb.exists(
          eb
            .selectFrom('paper_positions')
            .select('id')
            .whereRef('paper_positions.member_id', '=', 'paper_accounts.member_id')
            .where('paper_positions.contracts', '>', '0'),
        ),
      ]),
    )
    .execute();
  let matched = 0;
  for (const { member_id } of members) {
    try {
      await createPaperConnector({ ...options, memberId: member_id }).matchOpenOrders();
      matched++;
    } catch {
      // Left for the next tick (or the member's next read, which matches lazily).
    }
  }
  return matched;
}
