import { type Decimal, div, format, isMultipleOf, mul, parse, ZERO } from '@app/money/decimal';

/**
 * The trading state every mock exchange shares: markets, prices, balances, orders and perpetual positions,
 * in exact decimals. Each mock (binance, bybit, gate) only translates its own REST dialect to these calls,
 * so an order behaves the same on all three and the tests compare like with like.
 */

export interface MockMarket {
  /** Unified symbol: BTC/USDT or BTC/USDT:USDT. */
  symbol: string;
  base: string;
  quote: string;
  perpetual: boolean;
  tick: string;
  step: string;
  minAmount: string;
  minNotional: string;
  /** Base units per contract (gate's quanto multiplier); 1 elsewhere. */
  contractSize: string;
  maxLeverage: number;
}

export interface MockOrder {
  id: string;
  clientId: string;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  amount: string;
  filled: string;
  averagePrice: string | null;
  status: 'open' | 'filled' | 'canceled';
  reduceOnly: boolean;
  /**
   * Taker fee charged on the fill, in feeAsset: spot buys pay in the coin received (base), spot sells in
   * the quote, perpetuals in the settle coin (USDT), as binance, bybit and gate do without fee discounts.
   */
  fee: string;
  feeAsset: string;
  /** Gate's spot market buy states what to spend in the quote coin, and reports it back as the amount. */
  quoteAmount?: string;
  createdAt: number;
  updatedAt: number;
}

export interface MockPosition {
  symbol: string;
  /** Signed, in contracts: positive long, negative short. */
  size: string;
  entryPrice: string;
  leverage: number;
  marginMode: 'cross' | 'isolated';
  /** Isolated margin added by amount on top of the initial margin (adjust margin); absent is none. */
  addedMargin?: string;
}

/** One funding settlement on a position, as the exchanges record it for the account. */
export interface MockFunding {
  id: string;
  symbol: string;
  /** Epoch milliseconds. */
  at: number;
  rate: string;
  /** The position's signed size in contracts and the mark price it was charged at. */
  size: string;
  markPrice: string;
  /** From the account's side: negative when it paid, positive when it received. */
  amount: string;
  /** The perpetual wallet after it (gate's account book states it). */
  walletAfter: string;
}

export interface KeyRights {
  withdraw: boolean;
  internalTransfer: boolean;
  universalTransfer: boolean;
  spotTrade: boolean;
  futuresTrade: boolean;
  ipWhitelist: string[];
  /** ISO time; Bybit reports it. */
  expiresAt: string | null;
}

export type OrderRefusal = 'UNKNOWN_SYMBOL' | 'INSUFFICIENT_BALANCE' | 'DUPLICATE_CLIENT_ID' | 'REDUCE_ONLY';

export class MockRefusal extends Error {
  constructor(readonly kind: OrderRefusal) {
    super(kind);
  }
}

export interface PlaceInput {
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  amount: string;
  price?: string | null;
  clientId?: string;
  reduceOnly?: boolean;
  quoteAmount?: string;
}

const defaultMarkets = (contractSize: (base: string) => string, maxLeverage: number): MockMarket[] => {
  const spot = (base: string, tick: string, step: string): MockMarket => ({
    symbol: `${base}/USDT`,
    base,
    quote: 'USDT',
    perpetual: false,
    tick,
    step,
    minAmount: step,
    minNotional: '5',
    contractSize: '1',
    maxLeverage: 1,
  });
  const perp = (base: string, tick: string, step: string): MockMarket => ({
    ...spot(base, tick, step),
    symbol: `${base}/USDT:USDT`,
    perpetual: true,
    contractSize: contractSize(base),
    maxLeverage,
  });
  return [
    spot('BTC', '0.01', '0.00001'),
    spot('ETH', '0.01', '0.0001'),
    perp('BTC', '0.1', '0.001'),
    perp('ETH', '0.01', '0.01'),
  ];
};

export interface EngineOptions {
  /** Gate counts perpetual amounts in whole contracts of a fraction of a coin. */
  contractSize?: (base: string) => string;
  /** Amount step of the perpetuals (gate: "1" contract). */
  perpetualStep?: string;
  maxLeverage?: number;
  /** Taker fee rates; default 0.1% on spot and 0.05% on perpetuals. */
  takerFee?: { spot: string; perpetual: string };
}

export function createMockEngine(options: EngineOptions = {}) {
  const markets = defaultMarkets(options.contractSize ?? (() => '1'), options.maxLeverage ?? 100).map((m) =>
    m.perpetual && options.perpetualStep
      ? { ...m, step: options.perpetualStep, minAmount: options.perpetualStep }
      : m,
  );
  const prices = new Map<string, string>([
    ['BTC', '60000'],
    ['ETH', '3000'],
  ]);
  /** Spot wallet: free and locked per asset. */
  const spot = new Map<string, { free: Decimal; locked: Decimal }>([
    ['USDT', { free: parse('10000'), locked: ZERO }],
    ['BTC', { free: parse('1'), locked: ZERO }],
    ['ETH', { free: parse('10'), locked: ZERO }],
  ]);
  /** Perpetual (USDT-margined) wallet balance; margin in use is derived from positions and orders. */
  const futures = { wallet: parse('5000') };
  const orders: MockOrder[] = [];
  const positions = new Map<string, MockPosition>();
  const fundings: MockFunding[] = [];
  const leverage = new Map<string, { leverage: number; marginMode: 'cross' | 'isolated' }>();
  const keyRights: KeyRights = {
    withdraw: false,
    internalTransfer: false,
    universalTransfer: false,
    spotTrade: true,
    futuresTrade: true,
    ipWhitelist: ['127.0.0.1'],
    expiresAt: null,
  };
  let nextId = 1000;
  const takerFee = options.takerFee ?? { spot: '0.001', perpetual: '0.0005' };

  const market = (symbol: string) => markets.find((m) => m.symbol === symbol);
  const priceOf = (m: MockMarket) => prices.get(m.base) ?? '0';
  const wallet = (asset: string) => {
    let entry = spot.get(asset);
    if (!entry) {
      entry = { free: ZERO, locked: ZERO };
      spot.set(asset, entry);
    }
    return entry;
  };
  const settingsOf = (symbol: string) =>
    leverage.get(symbol) ?? { leverage: 10, marginMode: 'cross' as const };

  const notional = (m: MockMarket, amount: Decimal, price: Decimal) =>
    mul(mul(amount, parse(m.contractSize), 'down'), price, 'down');

  /** A position's initial margin: its notional at a price (the entry, unless given) over its leverage. */
  const initialMarginOf = (p: MockPosition, price = p.entryPrice) => {
    const size = parse(p.size);
    return div(
      notional(market(p.symbol)!, size < 0n ? -size : size, parse(price)),
      BigInt(p.leverage) * 10n ** 18n,
      'down',
    );
  };
  /** What a position holds: its initial margin at the entry, plus the isolated margin added to it. */
  const heldBy = (p: MockPosition) => initialMarginOf(p) + parse(p.addedMargin ?? '0');
  // Exchanges state margins to 8 decimals; the rest of an exact division would be noise.
  const toMarginUnit = (value: Decimal) => {
    const unit = 10n ** 10n;
    return ((value + unit - 1n) / unit) * unit;
  };

  /** Margin held by positions and open perpetual orders, at each one's own leverage. */
  const marginInUse = () => {
    let used = ZERO;
    for (const p of positions.values()) used += heldBy(p);
    for (const o of orders) {
      const m = market(o.symbol)!;
      if (!m.perpetual || o.status !== 'open' || o.reduceOnly) continue;
      const open = parse(o.amount) - parse(o.filled);
      used += div(
        notional(m, open, parse(o.price ?? priceOf(m))),
        BigInt(settingsOf(o.symbol).leverage) * 10n ** 18n,
        'down',
      );
    }
    return used;
  };

  const realisedPnl = { total: ZERO };

  function applyPerpetualFill(m: MockMarket, side: 'buy' | 'sell', amount: Decimal, price: Decimal) {
    const signed = side === 'buy' ? amount : -amount;
    const current = positions.get(m.symbol);
    const size = current ? parse(current.size) : ZERO;
    const next = size + signed;
    if (current && size !== 0n && size > 0n !== signed > 0n) {
      // Closing (part of) the position realises profit at the difference to the entry.
      const closed = (signed < 0n ? -signed : signed) < (size < 0n ? -size : size) ? signed : -size;
      const pnl = notional(m, -closed, price - parse(current.entryPrice));
      realisedPnl.total += pnl;
      futures.wallet += pnl;
    }
    if (next === 0n) {
      positions.delete(m.symbol);
      return;
    }
    const settings = settingsOf(m.symbol);
    const increases = size === 0n || size > 0n === signed > 0n;
    const flips = !increases && next > 0n !== size > 0n;
    const entry = increases
      ? div(
          mul(current ? parse(current.entryPrice) : ZERO, size, 'down') + mul(price, signed, 'down'),
          next,
          'down',
        )
      : flips
        ? price
        : parse(current!.entryPrice);
    positions.set(m.symbol, {
      symbol: m.symbol,
      size: format(next),
      entryPrice: format(entry),
      leverage: settings.leverage,
      marginMode: settings.marginMode,
      addedMargin: current?.addedMargin,
    });
  }

  function fill(order: MockOrder, price: string) {
    const m = market(order.symbol)!;
    const amount = parse(order.amount) - parse(order.filled);
    const p = parse(price);
    let fee: Decimal;
    if (m.perpetual) {
      applyPerpetualFill(m, order.side, amount, p);
      fee = mul(notional(m, amount, p), parse(takerFee.perpetual), 'down');
      futures.wallet -= fee;
    } else {
      const cost = mul(amount, p, 'down');
      const base = wallet(m.base);
      const quote = wallet(m.quote);
      if (order.side === 'buy') {
        // A limit buy locked amount x its limit; it fills at that limit, so the lock is exactly the cost.
        if (order.type === 'limit') quote.locked -= cost;
        else quote.free -= cost;
        fee = mul(amount, parse(takerFee.spot), 'down');
        base.free += amount - fee;
      } else {
        if (order.type === 'limit') base.locked -= amount;
        else base.free -= amount;
        fee = mul(cost, parse(takerFee.spot), 'down');
        quote.free += cost - fee;
      }
    }
    order.fee = format(parse(order.fee) + fee);
    order.filled = order.amount;
    order.averagePrice = price;
    order.status = 'filled';
    order.updatedAt = Date.now();
  }

  function release(order: MockOrder) {
    const m = market(order.symbol)!;
    if (m.perpetual) return;
    const open = parse(order.amount) - parse(order.filled);
    if (order.side === 'buy') {
      const q = wallet(m.quote);
      const held = mul(open, parse(order.price!), 'down');
      q.locked -= held;
      q.free += held;
    } else {
      const b = wallet(m.base);
      b.locked -= open;
      b.free += open;
    }
  }

  const crosses = (o: MockOrder, price: Decimal) =>
    o.side === 'buy' ? price <= parse(o.price!) : price >= parse(o.price!);

  return {
    markets,
    orders,
    positions,
    fundings,
    keyRights,
    futures,
    spot,
    market,
    priceOf: (symbol: string) => {
      const m = market(symbol);
      return m ? priceOf(m) : undefined;
    },
    settingsOf,
    setLeverage(symbol: string, value: number) {
      leverage.set(symbol, { ...settingsOf(symbol), leverage: value });
      const p = positions.get(symbol);
      if (p) p.leverage = value;
    },
    setMarginMode(symbol: string, mode: 'cross' | 'isolated') {
      leverage.set(symbol, { ...settingsOf(symbol), marginMode: mode });
      const p = positions.get(symbol);
      if (p) p.marginMode = mode;
    },
    /**
     * Moves a signed USDT amount into (positive) or out of an isolated position's margin. Only what was
     * added can come out again: the initial margin stays. Null when done, else why not.
     */
    adjustMargin(symbol: string, delta: string): 'NO_POSITION' | 'CROSS' | 'INSUFFICIENT' | null {
      const p = positions.get(symbol);
      if (!p) return 'NO_POSITION';
      if (p.marginMode !== 'isolated') return 'CROSS';
      const change = parse(delta);
      const added = parse(p.addedMargin ?? '0') + change;
      if (added < 0n || change > futures.wallet - marginInUse()) return 'INSUFFICIENT';
      p.addedMargin = format(added);
      return null;
    },
    balances() {
      return [...spot.entries()].map(([asset, b]) => ({
        asset,
        free: format(b.free),
        locked: format(b.locked),
      }));
    },
    /**
     * The margin figures of a position as the exchanges state them (8 decimals): `initial` at a price (the
     * entry, unless given), `held` the initial margin at entry plus what was added. Null without a position.
     */
    positionMargin(symbol: string, price?: string): { initial: string; held: string } | null {
      const p = positions.get(symbol);
      if (!p) return null;
      return {
        initial: format(toMarginUnit(initialMarginOf(p, price))),
        held: format(toMarginUnit(heldBy(p))),
      };
    },
    futuresBalance() {
      const used = toMarginUnit(marginInUse());
      return {
        asset: 'USDT',
        wallet: format(futures.wallet),
        used: format(used),
        free: format(futures.wallet - used),
      };
    },
    findOrder(symbol: string | undefined, ref: { id?: string; clientId?: string }) {
      return orders.find(
        (o) =>
          (symbol === undefined || o.symbol === symbol) &&
          (ref.id !== undefined ? o.id === ref.id : o.clientId === ref.clientId),
      );
    },
    /** Moves the price of a coin (spot and perpetual share it) and fills the limit orders it crosses. */
    setPrice(base: string, price: string) {
      prices.set(base, price);
      const p = parse(price);
      for (const o of orders) {
        const m = market(o.symbol)!;
        if (o.status === 'open' && m.base === base && crosses(o, p)) fill(o, o.price!);
      }
    },
    place(input: PlaceInput): MockOrder {
      const m = market(input.symbol);
      if (!m) throw new MockRefusal('UNKNOWN_SYMBOL');
      const clientId = input.clientId ?? `mock-${nextId}`;
      if (orders.some((o) => o.clientId === clientId)) throw new MockRefusal('DUPLICATE_CLIENT_ID');
      const amount = parse(input.amount);
      const current = parse(priceOf(m));
      const limit = input.type === 'limit' ? parse(input.price!) : current;
      if (m.perpetual) {
        const position = positions.get(m.symbol);
        const size = position ? parse(position.size) : ZERO;
        if (input.reduceOnly) {
          const shrinks = input.side === 'buy' ? size < 0n && amount <= -size : size > 0n && amount <= size;
          if (!shrinks) throw new MockRefusal('REDUCE_ONLY');
        } else {
          const needed = div(
            notional(m, amount, limit),
            BigInt(settingsOf(m.symbol).leverage) * 10n ** 18n,
            'down',
          );
          if (needed > futures.wallet - marginInUse()) throw new MockRefusal('INSUFFICIENT_BALANCE');
        }
      } else if (input.side === 'buy') {
        const cost = mul(amount, limit, 'down');
        const q = wallet(m.quote);
        if (cost > q.free) throw new MockRefusal('INSUFFICIENT_BALANCE');
        if (input.type === 'limit') {
          q.free -= cost;
          q.locked += cost;
        }
      } else {
        const b = wallet(m.base);
        if (amount > b.free) throw new MockRefusal('INSUFFICIENT_BALANCE');
        if (input.type === 'limit') {
          b.free -= amount;
          b.locked += amount;
        }
      }
      const now = Date.now();
      const order: MockOrder = {
        id: String(nextId++),
        clientId,
        symbol: m.symbol,
        side: input.side,
        type: input.type,
        price: input.type === 'limit' ? format(limit) : null,
        amount: format(amount),
        filled: '0',
        averagePrice: null,
        status: 'open',
        reduceOnly: input.reduceOnly ?? false,
        fee: '0',
        feeAsset: !m.perpetual && input.side === 'buy' ? m.base : m.quote,
        ...(input.quoteAmount ? { quoteAmount: input.quoteAmount } : {}),
        createdAt: now,
        updatedAt: now,
      };
      orders.push(order);
      if (input.type === 'market') fill(order, format(current));
      else if (crosses(order, current)) fill(order, order.price!);
      return order;
    },
    cancel(order: MockOrder) {
      if (order.status !== 'open') return false;
      release(order);
      order.status = 'canceled';
      order.updatedAt = Date.now();
      return true;
    },
    isMultipleOf: (value: string, step: string) => isMultipleOf(parse(value), parse(step)),
    /**
     * Settles funding at a rate on every open position at its coin's current price, as the exchanges do at
     * each funding time: longs pay shorts when the rate is positive. The wallet moves by each amount.
     */
    chargeFunding(rate: string, at = Date.now()): MockFunding[] {
      const charged: MockFunding[] = [];
      for (const p of positions.values()) {
        const m = market(p.symbol)!;
        const mark = priceOf(m);
        const amount = -mul(notional(m, parse(p.size), parse(mark)), parse(rate), 'down');
        futures.wallet += amount;
        const funding = {
          id: String(nextId++),
          symbol: p.symbol,
          at,
          rate,
          size: p.size,
          markPrice: mark,
          amount: format(amount),
          walletAfter: format(futures.wallet),
        };
        fundings.push(funding);
        charged.push(funding);
      }
      return charged;
    },
  };
}

export type MockEngine = ReturnType<typeof createMockEngine>;

/** Exact product of two decimal strings, for the answers' derived fields (quote filled, notional). */
export const times = (a: string, b: string) => format(mul(parse(a), parse(b), 'down'));

/** Unrealised profit of a signed position (in base units) at a mark price. */
export const pnl = (size: string, entry: string, mark: string) =>
  format(mul(parse(size), parse(mark) - parse(entry), 'down'));

/** Exact sum of decimal strings. */
export const sum = (...values: string[]) => format(values.reduce((total, v) => total + parse(v), ZERO));
