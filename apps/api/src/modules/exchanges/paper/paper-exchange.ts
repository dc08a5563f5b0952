import { div, divide, feeOf, format, max, min, mul, parse, toStep, tryParse } from '@app/money/decimal';
import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database, PaperOrdersTable, PaperPositionsTable } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type {
  Balance,
  Candle,
  Connector,
  FundingPayment,
  MarginChange,
  MarginMode,
  Market,
  MarketData,
  MarketType,
  Order,
  OrderRequest,
  Position,
} from '../connector';
import type { KeyVerdict } from '../key-rights';

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
 */

export interface PaperFees {
  /** Basis points of the traded value: 2 is 0.02 %. */
  makerBps: number;
  takerBps: number;
}

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

export const DEFAULT_PAPER_FEES: PaperFees = { makerBps: 2, takerBps: 5 };
/** A new member's paper account: this much USDT on spot and as much as perpetual margin. */
export const DEMO_BALANCE = '10000';
/** Maintenance margin rate of every paper perpetual: 0.5 % of the notional. */
export const MAINTENANCE_MARGIN_RATE = '0.005';
export const FUNDING_INTERVAL_MS = 8 * 3600_000;
/** After a long outage, funding is charged for at most this many missed periods (two weeks). */
const MAX_MISSED_FUNDINGS = 42;
const MAX_MATCH_CANDLES = 1000;
const MINUTE = 60_000;

type Trx = Transaction<Database>;
type OrderRow = Selectable<PaperOrdersTable>;
type PositionRow = Selectable<PaperPositionsTable>;

interface MarketRules {
  market: Market;
  tick: bigint;
  step: bigint;
  minAmount: bigint;
  minNotional: bigint;
  contractSize: bigint;
}

interface Prices {
  last: Map<string, bigint>;
  candles: Map<string, Candle[]>;
  funding: Map<string, bigint>;
}

const ZERO = 0n;
/** PnL rounds toward minus infinity: the exchange's favour, never visible at 18 places. */
const pnlRounding = (move: bigint): 'down' | 'up' => (move >= ZERO ? 'down' : 'up');
const isPg = (e: unknown): e is { code: string; table?: string; constraint?: string } =>
  typeof e === 'object' && e !== null && 'code' in e && typeof (e as { code: unknown }).code === 'string';

function toOrder(row: OrderRow): Order {
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

/** Liquidation price of an isolated position: where margin + PnL equals the maintenance margin. */
export function liquidationPrice(p: {
  side: 'long' | 'short';
  entry: bigint;
  quantity: bigint;
  margin: bigint;
  tick: bigint;
}): bigint {
  const mmr = parse(MAINTENANCE_MARGIN_RATE);
  const notional = mul(p.entry, p.quantity);
  if (p.side === 'long') {
    // margin + (P - entry) q = mmr P q  =>  P = (entry q - margin) / (q (1 - mmr)); shown rounded up.
    const price = div(notional - p.margin, mul(p.quantity, parse('1') - mmr), 'up');
    return max(ZERO, toStep(price, p.tick, 'up'));
  }
  // margin + (entry - P) q = mmr P q  =>  P = (entry q + margin) / (q (1 + mmr)); shown rounded down.
  const price = div(notional + p.margin, mul(p.quantity, parse('1') + mmr), 'down');
  return toStep(price, p.tick, 'down');
}

export function createPaperConnector(options: PaperConnectorOptions): PaperConnector {
  const { db, market, memberId } = options;
  const clock = options.now ?? Date.now;
  const fees = options.fees ?? DEFAULT_PAPER_FEES;
  const makerBps = parse(String(fees.makerBps));
  const takerBps = parse(String(fees.takerBps));

  let rulesCache: Promise<Map<string, MarketRules>> | null = null;
  function allRules(): Promise<Map<string, MarketRules>> {
    rulesCache ??= (async () => {
      const lists = await Promise.all([market.markets('spot'), market.markets('perpetual')]);
      const map = new Map<string, MarketRules>();
      for (const m of lists.flat()) {
        map.set(m.symbol, {
          market: m,
          tick: parse(m.tickSize),
          step: parse(m.amountStep),
          minAmount: parse(m.minAmount),
          minNotional: parse(m.minNotional),
          contractSize: parse(m.contractSize),
        });
      }
      return map;
    })().catch((error) => {
      rulesCache = null;
      throw error;
    });
    return rulesCache;
  }

  async function rulesOf(symbol: string): Promise<MarketRules> {
    const rules = (await allRules()).get(symbol);
    if (!rules) throw new AppError('EXCHANGE_SYMBOL_UNKNOWN', `Unknown symbol ${symbol}`, { symbol });
    return rules;
  }

  async function perpetualRules(symbol: string): Promise<MarketRules> {
    const rules = await rulesOf(symbol);
    if (rules.market.type !== 'perpetual') {
      throw new AppError('EXCHANGE_MARKET_TYPE_UNSUPPORTED', `${symbol} is not a perpetual`, { symbol });
    }
    return rules;
  }

  async function lastPrices(symbols: string[]): Promise<Map<string, bigint>> {
    const out = new Map<string, bigint>();
    const rules = await allRules();
    for (const type of ['spot', 'perpetual'] as const) {
      const wanted = symbols.filter((s) => rules.get(s)?.market.type === type);
      if (wanted.length === 0) continue;
      for (const t of await market.tickers(type, wanted)) out.set(t.symbol, parse(t.last));
    }
    for (const s of symbols) {
      if (!out.has(s)) throw new AppError('EXCHANGE_UNAVAILABLE', `No price for ${s}`, { symbol: s });
    }
    return out;
  }

  // --- the account and its balances (always inside the member's lock) ---

  /** Creates the demo account on first use, then locks it: every operation of this member queues here. */
  async function lockAccount(trx: Trx): Promise<void> {
    // The account almost always exists: lock it in one statement, and only create it when it is missing.
    const existing = await trx
      .selectFrom('paper_accounts')
      .select('member_id')
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    if (existing) return;
    const created = await trx
      .insertInto('paper_accounts')
      .values({ member_id: memberId })
      .onConflict((oc) => oc.column('member_id').doNothing())
      .returning('member_id')
      .executeTakeFirst();
    if (created) {
      await trx
        .insertInto('paper_balances')
        .values([
          { member_id: memberId, wallet: 'spot', asset: 'USDT', free: DEMO_BALANCE },
          { member_id: memberId, wallet: 'perpetual', asset: 'USDT', free: DEMO_BALANCE },
        ])
        .execute();
    }
    await trx
      .selectFrom('paper_accounts')
      .select('member_id')
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  async function withAccount<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(async (trx) => {
        await lockAccount(trx);
        return work(trx);
      });
    } catch (error) {
      // The CHECK behind the code's own checks: a balance would have gone below zero.
      if (isPg(error) && error.code === '23514' && error.table === 'paper_balances') {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE');
      }
      throw error;
    }
  }

  async function balanceOf(trx: Trx, wallet: MarketType, asset: string) {
    const row = await trx
      .selectFrom('paper_balances')
      .select(['free', 'used'])
      .where('member_id', '=', memberId)
      .where('wallet', '=', wallet)
      .where('asset', '=', asset)
      .executeTakeFirst();
    return { free: row ? parse(row.free) : ZERO, used: row ? parse(row.used) : ZERO };
  }

  async function adjust(trx: Trx, wallet: MarketType, asset: string, dFree: bigint, dUsed: bigint) {
    await adjustAll(trx, wallet, [{ asset, dFree, dUsed }]);
  }

  /**
   * Moves several assets' balances of one wallet in one UPDATE (a spot fill moves two: one round trip less
   * per order), then inserts the rows that did not exist yet.
   */
  async function adjustAll(
    trx: Trx,
    wallet: MarketType,
    changes: { asset: string; dFree: bigint; dUsed: bigint }[],
  ) {
    const moved = changes.filter((c) => c.dFree !== ZERO || c.dUsed !== ZERO);
    if (moved.length === 0) return;
    // Update, then insert: an upsert would check its proposed (negative delta) row against the CHECK first.
    // No race between the two: the member's account lock is held.
    const deltas = sql.join(
      moved.map((c) => sql`(${c.asset}::text, ${format(c.dFree)}::numeric, ${format(c.dUsed)}::numeric)`),
    );
    const updated = await sql<{ asset: string }>`
      UPDATE paper_balances b
      SET free = b.free + d.free, used = b.used + d.used, updated_at = now()
      FROM (VALUES ${deltas}) AS d(asset, free, used)
      WHERE b.member_id = ${memberId} AND b.wallet = ${wallet} AND b.asset = d.asset
      RETURNING b.asset`.execute(trx);
    const found = new Set(updated.rows.map((r) => r.asset));
    const missing = moved.filter((c) => !found.has(c.asset));
    if (missing.length > 0) {
      await trx
        .insertInto('paper_balances')
        .values(
          missing.map((c) => ({
            member_id: memberId,
            wallet,
            asset: c.asset,
            free: format(c.dFree),
            used: format(c.dUsed),
          })),
        )
        .execute();
    }
  }

  async function requireFree(trx: Trx, wallet: MarketType, asset: string, needed: bigint) {
    const { free } = await balanceOf(trx, wallet, asset);
    if (free < needed) {
      throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${asset}`, {
        asset,
        needed: format(needed),
        free: format(free),
      });
    }
  }

  async function positionRow(trx: Trx, symbol: string): Promise<PositionRow> {
    await trx
      .insertInto('paper_positions')
      .values({ member_id: memberId, symbol })
      .onConflict((oc) => oc.columns(['member_id', 'symbol']).doNothing())
      .execute();
    return trx
      .selectFrom('paper_positions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('symbol', '=', symbol)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  // --- fills ---

  interface FillResult {
    filled: bigint;
    fee: bigint;
    feeAsset: string;
    realizedPnl: bigint;
  }

  /** A spot fill; the order's reservation (if any) is released first. Checks before it writes. */
  async function fillSpot(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    bps: bigint,
  ): Promise<FillResult> {
    const { base, quote } = rules.market;
    const amount = parse(order.amount);
    const reserved = parse(order.reserved);
    if (order.side === 'buy') {
      const cost = mul(amount, price, 'up');
      const fee = feeOf(amount, bps);
      const { free } = await balanceOf(trx, 'spot', quote);
      if (free + reserved < cost) {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${quote}`, {
          asset: quote,
          needed: format(cost),
          free: format(free),
        });
      }
      await adjustAll(trx, 'spot', [
        { asset: quote, dFree: reserved - cost, dUsed: -reserved },
        { asset: base, dFree: amount - fee, dUsed: ZERO },
      ]);
      return { filled: amount, fee, feeAsset: base, realizedPnl: ZERO };
    }
    const { free } = await balanceOf(trx, 'spot', base);
    if (free + reserved < amount) {
      throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', `Insufficient ${base}`, {
        asset: base,
        needed: format(amount),
        free: format(free),
      });
    }
    const proceeds = mul(amount, price, 'down');
    const fee = feeOf(proceeds, bps);
    await adjustAll(trx, 'spot', [
      { asset: base, dFree: reserved - amount, dUsed: -reserved },
      { asset: quote, dFree: proceeds - fee, dUsed: ZERO },
    ]);
    return { filled: amount, fee, feeAsset: quote, realizedPnl: ZERO };
  }

  /**
   * A perpetual fill in one-way mode: the part against the position closes it (realising PnL and releasing
   * margin pro rata), the rest opens or grows a position on the order's side. Computes everything first,
   * refuses (insufficient margin, nothing to reduce) before any write. A liquidation takes what is left of
   * the margin as its fee, so the member loses exactly the isolated margin.
   */
  async function fillPerpetual(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    bps: bigint,
    at: Date,
    liquidation = false,
  ): Promise<FillResult> {
    const pos = await positionRow(trx, order.symbol);
    const direction = order.side === 'buy' ? 'long' : 'short';
    const contracts = parse(pos.contracts);
    const opposite = pos.side !== null && pos.side !== direction;
    let quantity = parse(order.amount);
    if (order.reduce_only) {
      if (!opposite) {
        throw new AppError('EXCHANGE_ORDER_REJECTED', 'Reduce-only order with no position to reduce', {
          symbol: order.symbol,
        });
      }
      quantity = min(quantity, contracts);
    }
    const closeQty = opposite ? min(quantity, contracts) : ZERO;
    const openQty = quantity - closeQty;
    const cs = rules.contractSize;
    const margin = parse(pos.margin);
    const entry = pos.entry_price === null ? ZERO : parse(pos.entry_price);

    let released = ZERO;
    let pnl = ZERO;
    if (closeQty > ZERO) {
      released = closeQty === contracts ? margin : divide(margin * closeQty, contracts, 'down');
      const move = pos.side === 'long' ? price - entry : entry - price;
      pnl = mul(move, mul(closeQty, cs), pnlRounding(move));
    }
    const openNotional = mul(mul(openQty, cs), price, 'up');
    const initialMargin = openQty > ZERO ? divide(openNotional, BigInt(pos.leverage), 'up') : ZERO;
    let fee = feeOf(mul(mul(quantity, cs), price, 'up'), bps);
    if (liquidation) fee = max(ZERO, released + pnl);

    const { free } = await balanceOf(trx, 'perpetual', rules.market.quote);
    const reserved = parse(order.reserved);
    const available = free + reserved;
    let freeAfter = available + released + pnl - initialMargin - fee;
    if (freeAfter < ZERO) {
      if (openQty > ZERO) {
        throw new AppError('EXCHANGE_INSUFFICIENT_BALANCE', 'Insufficient margin', {
          asset: rules.market.quote,
          needed: format(initialMargin + fee),
          free: format(available + released + pnl),
        });
      }
      // A closing fill can lose more than there is (cross, gapped market): the account stops at zero.
      freeAfter = ZERO;
    }
    await adjust(trx, 'perpetual', rules.market.quote, freeAfter - free, initialMargin - released - reserved);

    let next: { side: 'long' | 'short' | null; contracts: bigint; entry: bigint | null; margin: bigint };
    let openedAt = pos.opened_at;
    if (opposite && contracts > closeQty) {
      // Reduced: the entry price stays, the margin shrinks pro rata.
      next = { side: pos.side, contracts: contracts - closeQty, entry, margin: margin - released };
    } else if (opposite && openQty === ZERO) {
      next = { side: null, contracts: ZERO, entry: null, margin: ZERO };
      openedAt = null;
    } else if (opposite) {
      // Flipped: the old position is closed, the rest of the order opens the other side at this price.
      next = { side: direction, contracts: openQty, entry: price, margin: initialMargin };
      openedAt = at;
    } else if (contracts > ZERO) {
      const total = contracts + openQty;
      const averaged = div(mul(entry, contracts) + mul(price, openQty), total);
      next = { side: direction, contracts: total, entry: averaged, margin: margin + initialMargin };
    } else {
      next = { side: direction, contracts: openQty, entry: price, margin: initialMargin };
      openedAt = at;
    }
    await trx
      .updateTable('paper_positions')
      .set({
        side: next.side,
        contracts: format(next.contracts),
        entry_price: next.entry === null ? null : format(next.entry),
        margin: format(next.margin),
        realized_pnl: format(parse(pos.realized_pnl) + pnl),
        opened_at: openedAt,
        updated_at: at,
      })
      .where('id', '=', pos.id)
      .execute();
    return { filled: quantity, fee, feeAsset: rules.market.quote, realizedPnl: pnl };
  }

  /** Fills an order entirely at one price and records the fill. */
  async function fill(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    price: bigint,
    liquidity: 'maker' | 'taker',
    at: Date,
    liquidation = false,
  ): Promise<OrderRow> {
    const bps = liquidity === 'maker' ? makerBps : takerBps;
    const result =
      rules.market.type === 'spot'
        ? await fillSpot(trx, order, rules, price, bps)
        : await fillPerpetual(trx, order, rules, price, bps, at, liquidation);
    if (result.filled === ZERO) return order;
    // The fill and the order's new state in one statement (a data-modifying CTE): one round trip less.
    return trx
      .with('fill', (q) =>
        q.insertInto('paper_fills').values({
          order_id: order.id,
          member_id: memberId,
          symbol: order.symbol,
          side: order.side,
          price: format(price),
          amount: format(result.filled),
          fee_asset: result.feeAsset,
          fee: format(result.fee),
          liquidity,
          realized_pnl: format(result.realizedPnl),
          created_at: at,
        }),
      )
      .updateTable('paper_orders')
      .set({
        filled: format(result.filled),
        average_price: format(price),
        status: 'closed',
        fee_asset: result.feeAsset,
        fee: format(result.fee),
        reserved_asset: null,
        reserved: '0',
        updated_at: at,
      })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function releaseAndCancel(trx: Trx, order: OrderRow, at: Date): Promise<OrderRow> {
    const reserved = parse(order.reserved);
    if (reserved > ZERO && order.reserved_asset) {
      await adjust(trx, order.market_type, order.reserved_asset, reserved, -reserved);
    }
    return trx
      .updateTable('paper_orders')
      .set({ status: 'canceled', reserved_asset: null, reserved: '0', updated_at: at })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // --- validation ---

  function amountOf(text: string, rules: MarketRules): bigint {
    const amount = tryParse(text);
    if (amount === null) {
      const code = /^\d+\.\d+$/.test(text) ? 'EXCHANGE_AMOUNT_TOO_PRECISE' : 'VALIDATION_FAILED';
      throw new AppError(code, `Invalid amount ${text}`, { amount: text });
    }
    if (amount <= ZERO || amount < rules.minAmount) {
      throw new AppError('EXCHANGE_AMOUNT_TOO_SMALL', `Below the minimum amount ${rules.market.minAmount}`, {
        minAmount: rules.market.minAmount,
      });
    }
    if (amount % rules.step !== ZERO) {
      throw new AppError('EXCHANGE_AMOUNT_TOO_PRECISE', `Amount step is ${rules.market.amountStep}`, {
        amountStep: rules.market.amountStep,
      });
    }
    return amount;
  }

  function priceOf(text: string | undefined, rules: MarketRules): bigint {
    const price = text === undefined ? null : tryParse(text);
    if (price === null || price <= ZERO || price % rules.tick !== ZERO) {
      throw new AppError('EXCHANGE_PRICE_INVALID', `Price must be a multiple of ${rules.market.tickSize}`, {
        tickSize: rules.market.tickSize,
      });
    }
    return price;
  }

  async function findByClientId(trx: Db | Trx, clientOrderId: string): Promise<OrderRow | undefined> {
    return trx
      .selectFrom('paper_orders')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
  }

  // --- matching ---

  async function matchOpenOrders(nowMs?: number): Promise<void> {
    const now = nowMs ?? clock();
    const at = new Date(now);
    const [open, positions] = await Promise.all([
      db
        .selectFrom('paper_orders')
        .select(['id', 'symbol', 'created_at'])
        .where('member_id', '=', memberId)
        .where('status', '=', 'open')
        .execute(),
      db
        .selectFrom('paper_positions')
        .select(['id', 'symbol', 'opened_at', 'margin_mode'])
        .where('member_id', '=', memberId)
        .where('contracts', '>', '0')
        .execute(),
    ]);
    if (open.length === 0 && positions.length === 0) return;

    // Market data first, outside the lock.
    const symbols = [...new Set([...open.map((o) => o.symbol), ...positions.map((p) => p.symbol)])];
    const prices: Prices = { last: await lastPrices(symbols), candles: new Map(), funding: new Map() };
    const oldest = new Map<string, number>();
    for (const o of open) {
      const t = o.created_at.getTime();
      oldest.set(o.symbol, Math.min(oldest.get(o.symbol) ?? t, t));
    }
    for (const [symbol, since] of oldest) {
      const minutes = Math.floor(now / MINUTE) - Math.floor(since / MINUTE);
      if (minutes < 1) continue;
      const limit = Math.min(MAX_MATCH_CANDLES, minutes + 1);
      prices.candles.set(symbol, await market.candles(symbol, '1m', limit));
    }
    const lastFunding = Math.floor(now / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS;
    for (const p of positions) {
      if (p.opened_at && p.opened_at.getTime() < lastFunding && !prices.funding.has(p.symbol)) {
        prices.funding.set(p.symbol, parse((await market.fundingRate(p.symbol)).rate));
      }
    }

    await withAccount(async (trx) => {
      const rows = await trx
        .selectFrom('paper_orders')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'open')
        .where('id', 'in', open.length ? open.map((o) => o.id) : ['0'])
        .orderBy('created_at')
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const order of rows) {
        if (order.price === null) continue;
        const rules = await rulesOf(order.symbol);
        const limit = parse(order.price);
        if (!crossed(order, limit, prices)) continue;
        try {
          await fill(trx, order, rules, limit, 'maker', at);
        } catch (error) {
          // The position changed under a resting order (nothing left to reduce, margin used elsewhere):
          // it is cancelled, as an exchange expires it.
          if (error instanceof AppError) await releaseAndCancel(trx, order, at);
          else throw error;
        }
      }
      await liquidate(trx, prices, at);
      await chargeFunding(trx, prices, now);
    });
  }

  function crossed(order: OrderRow, limit: bigint, prices: Prices): boolean {
    const last = prices.last.get(order.symbol);
    if (last !== undefined && (order.side === 'buy' ? last <= limit : last >= limit)) return true;
    // Whole minutes after the one the order was placed in: their extremes happened while it rested.
    const after = (Math.floor(order.created_at.getTime() / MINUTE) + 1) * MINUTE;
    for (const c of prices.candles.get(order.symbol) ?? []) {
      if (c.openTime < after) continue;
      if (order.side === 'buy' ? parse(c.low) <= limit : parse(c.high) >= limit) return true;
    }
    return false;
  }

  async function openPositions(trx: Trx | Db): Promise<PositionRow[]> {
    return trx
      .selectFrom('paper_positions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('contracts', '>', '0')
      .orderBy('symbol')
      .execute();
  }

  async function liquidate(trx: Trx, prices: Prices, at: Date): Promise<void> {
    for (const pos of await openPositions(trx)) {
      if (pos.margin_mode !== 'isolated' || !pos.side || !pos.entry_price) continue;
      const mark = prices.last.get(pos.symbol);
      if (mark === undefined) continue;
      const rules = await rulesOf(pos.symbol);
      const contracts = parse(pos.contracts);
      const liq = liquidationPrice({
        side: pos.side,
        entry: parse(pos.entry_price),
        quantity: mul(contracts, rules.contractSize),
        margin: parse(pos.margin),
        tick: rules.tick,
      });
      if (pos.side === 'long' ? mark > liq : mark < liq) continue;
      const order = await trx
        .insertInto('paper_orders')
        .values({
          member_id: memberId,
          client_order_id: `liquidation-${pos.id}-${at.getTime()}`,
          symbol: pos.symbol,
          market_type: 'perpetual',
          type: 'market',
          side: pos.side === 'long' ? 'sell' : 'buy',
          price: null,
          amount: format(contracts),
          filled: '0',
          average_price: null,
          status: 'open',
          fee_asset: null,
          fee: '0',
          reduce_only: true,
          reserved_asset: null,
          reserved: '0',
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await fill(trx, order, rules, liq > ZERO ? liq : rules.tick, 'taker', at, true);
    }
  }

  async function chargeFunding(trx: Trx, prices: Prices, now: number): Promise<void> {
    for (const pos of await openPositions(trx)) {
      const rate = prices.funding.get(pos.symbol);
      const mark = prices.last.get(pos.symbol);
      if (rate === undefined || mark === undefined || !pos.opened_at || !pos.side) continue;
      const rules = await rulesOf(pos.symbol);
      const opened = pos.opened_at.getTime();
      const first = Math.max(
        Math.floor(opened / FUNDING_INTERVAL_MS) + 1,
        Math.floor(now / FUNDING_INTERVAL_MS) - MAX_MISSED_FUNDINGS + 1,
      );
      const contracts = parse(pos.contracts);
      const notional = mul(mul(contracts, rules.contractSize), mark);
      // Longs pay shorts when the rate is positive. Rounded in the exchange's favour.
      const signed = pos.side === 'long' ? rate : -rate;
      const amount = mul(notional, signed, signed >= ZERO ? 'up' : 'down');
      for (let k = first; k * FUNDING_INTERVAL_MS <= now; k++) {
        const fundingTime = new Date(k * FUNDING_INTERVAL_MS);
        const inserted = await trx
          .insertInto('paper_funding')
          .values({
            position_id: pos.id,
            funding_time: fundingTime,
            rate: format(rate),
            mark_price: format(mark),
            contracts: format(contracts),
            amount: format(amount),
          })
          .onConflict((oc) => oc.columns(['position_id', 'funding_time']).doNothing())
          .returning('position_id')
          .executeTakeFirst();
        if (inserted) await applyFunding(trx, pos, rules, amount);
      }
    }
  }

  /** Isolated positions pay and receive funding in their own margin, cross ones in the wallet's free. */
  async function applyFunding(trx: Trx, pos: PositionRow, rules: MarketRules, amount: bigint) {
    const asset = rules.market.quote;
    const current = await trx
      .selectFrom('paper_positions')
      .select('margin')
      .where('id', '=', pos.id)
      .executeTakeFirstOrThrow();
    const margin = parse(current.margin);
    const { free } = await balanceOf(trx, 'perpetual', asset);
    let fromMargin: bigint;
    let fromFree: bigint;
    if (amount < ZERO) {
      fromMargin = pos.margin_mode === 'isolated' ? amount : ZERO;
      fromFree = amount - fromMargin;
    } else if (pos.margin_mode === 'isolated') {
      fromMargin = min(amount, margin);
      fromFree = min(amount - fromMargin, free);
    } else {
      fromFree = min(amount, free);
      fromMargin = min(amount - fromFree, margin);
    }
    await adjust(trx, 'perpetual', asset, -fromFree, -fromMargin);
    if (fromMargin !== ZERO) {
      await trx
        .updateTable('paper_positions')
        .set({ margin: format(margin - fromMargin) })
        .where('id', '=', pos.id)
        .execute();
    }
  }

  // --- the connector ---

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

    async setLeverage(symbol: string, leverage: number): Promise<void> {
      const rules = await perpetualRules(symbol);
      if (!Number.isInteger(leverage) || leverage < 1) {
        throw new AppError('VALIDATION_FAILED', 'Leverage is a whole number from 1');
      }
      const cap = rules.market.maxLeverage ?? 1;
      if (leverage > cap) {
        throw new AppError('EXCHANGE_LEVERAGE_TOO_HIGH', `At most ${cap}x on ${symbol}`, {
          maxLeverage: cap,
        });
      }
      await withAccount(async (trx) => {
        await positionRow(trx, symbol);
        await trx
          .updateTable('paper_positions')
          .set({ leverage, updated_at: new Date(clock()) })
          .where('member_id', '=', memberId)
          .where('symbol', '=', symbol)
          .execute();
      });
    },

    async setMarginMode(symbol: string, mode: MarginMode): Promise<void> {
      await perpetualRules(symbol);
      if (mode !== 'isolated' && mode !== 'cross') {
        throw new AppError('VALIDATION_FAILED', 'Margin mode is isolated or cross');
      }
      await withAccount(async (trx) => {
        const pos = await positionRow(trx, symbol);
        if (pos.margin_mode === mode) return;
        const busy = await trx
          .selectFrom('paper_orders')
          .select('id')
          .where('member_id', '=', memberId)
          .where('symbol', '=', symbol)
          .where('status', '=', 'open')
          .executeTakeFirst();
        // As on Binance: the margin mode cannot change under an open position or open orders.
        if (parse(pos.contracts) > ZERO || busy) {
          throw new AppError('EXCHANGE_ORDER_REJECTED', 'Close the position and its orders first', {
            symbol,
          });
        }
        await trx
          .updateTable('paper_positions')
          .set({ margin_mode: mode, updated_at: new Date(clock()) })
          .where('id', '=', pos.id)
          .execute();
      });
    },

    /**
     * Moves the amount between the free quote balance and the position's isolated margin; the liquidation
     * price follows, since it is computed from the margin. A reduction must leave at least the initial
     * margin at the entry price (notional / leverage), as a fresh position of this size would need.
     */
    async adjustMargin(symbol: string, change: MarginChange): Promise<void> {
      const rules = await perpetualRules(symbol);
      const amount = tryParse(change.amount);
      if (amount === null || amount <= ZERO) {
        throw new AppError('AMOUNT_NOT_POSITIVE', 'The amount is a positive decimal');
      }
      await withAccount(async (trx) => {
        const pos = await positionRow(trx, symbol);
        if (!pos.side || !pos.entry_price || parse(pos.contracts) === ZERO) {
          throw new AppError('POSITION_NOT_FOUND', `No ${symbol} position`, { symbol });
        }
        if (pos.margin_mode !== 'isolated') throw new AppError('MARGIN_CROSS_NOT_ADJUSTABLE');
        const margin = parse(pos.margin);
        const quote = rules.market.quote;
        if (change.direction === 'add') {
          await requireFree(trx, 'perpetual', quote, amount);
        } else {
          const notional = mul(mul(parse(pos.contracts), rules.contractSize), parse(pos.entry_price), 'up');
          const required = divide(notional, BigInt(pos.leverage), 'up');
          if (margin - amount < required) {
            throw new AppError('MARGIN_REDUCE_TOO_MUCH', `At most ${format(max(ZERO, margin - required))}`, {
              symbol,
              maxReduce: format(max(ZERO, margin - required)),
            });
          }
        }
        const delta = change.direction === 'add' ? amount : -amount;
        await adjust(trx, 'perpetual', quote, -delta, delta);
        await trx
          .updateTable('paper_positions')
          .set({ margin: format(margin + delta), updated_at: new Date(clock()) })
          .where('id', '=', pos.id)
          .execute();
      });
    },

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

  /**
   * What a resting order holds: a spot buy its cost in quote at the limit price, a spot sell its base; a
   * perpetual order the initial margin and maker fee of the part that would open a position (a reduce-only
   * order holds nothing, and needs a position to reduce).
   */
  async function reservationFor(
    trx: Trx,
    order: OrderRow,
    rules: MarketRules,
    amount: bigint,
    limit: bigint,
  ): Promise<{ asset: string; amount: bigint }> {
    const { base, quote } = rules.market;
    if (rules.market.type === 'spot') {
      return order.side === 'buy'
        ? { asset: quote, amount: mul(amount, limit, 'up') }
        : { asset: base, amount };
    }
    const pos = await positionRow(trx, order.symbol);
    const direction: 'long' | 'short' = order.side === 'buy' ? 'long' : 'short';
    const opposite = pos.side !== null && pos.side !== direction ? parse(pos.contracts) : ZERO;
    if (order.reduce_only) {
      if (opposite === ZERO) {
        throw new AppError('EXCHANGE_ORDER_REJECTED', 'Reduce-only order with no position to reduce', {
          symbol: order.symbol,
        });
      }
      return { asset: quote, amount: ZERO };
    }
    const opening = max(ZERO, amount - opposite);
    const notional = mul(mul(opening, rules.contractSize), limit, 'up');
    const margin = divide(notional, BigInt(pos.leverage), 'up');
    return { asset: quote, amount: margin + feeOf(notional, makerBps) };
  }
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
