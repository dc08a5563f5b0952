import { feeOf, format, mul, parse } from '@app/money/decimal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../../../test/fixtures';
import { createTestDb } from '../../../../test/test-db';
import type { Db } from '../../../db/database';
import { AppError } from '../../../platform/errors';
import type { Balance, MarketType } from '../connector';
import { createPaperConnector, type PaperConnector } from './paper-exchange';
import { createSimulatedMarket } from './simulated-market';

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
});
afterAll(() => drop());

const SEED = 42;
const HOUR = 3600_000;
/** 07:30 UTC: half an hour before a funding time. */
const T0 = Date.UTC(2026, 0, 15, 7, 30, 0);

/** One clock drives both the market and the exchange, as in production (both read Date.now). */
function setup(memberId: string, start = T0) {
  const clock = { t: start };
  const now = () => clock.t;
  const market = createSimulatedMarket({ seed: SEED, now });
  const make = () => createPaperConnector({ db, market, memberId, now, fees: { makerBps: 2, takerBps: 5 } });
  return { clock, market, make, paper: make() };
}

async function last(paper: PaperConnector, symbol: string): Promise<bigint> {
  const type: MarketType = symbol.includes(':') ? 'perpetual' : 'spot';
  const [ticker] = await paper.tickers(type, [symbol]);
  return parse(ticker!.last);
}

async function balance(paper: PaperConnector, type: MarketType, asset: string): Promise<Balance> {
  const found = (await paper.balances(type)).find((b) => b.asset === asset);
  return found ?? { asset, free: '0', used: '0', total: '0' };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected a refusal');
}

const TEN_K = parse('10000');

/** The funding charges of a member's position, in time order. */
function fundingOf(memberId: string, symbol: string) {
  return db
    .selectFrom('paper_funding')
    .innerJoin('paper_positions', 'paper_positions.id', 'paper_funding.position_id')
    .selectAll('paper_funding')
    .where('paper_positions.member_id', '=', memberId)
    .where('paper_positions.symbol', '=', symbol)
    .orderBy('paper_funding.funding_time')
    .execute();
}
const bps = (n: string) => parse(n);

describe('paper exchange: accounts and validation', () => {
  it('opens a demo account on first use: 10,000 USDT on spot and as perpetual margin', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    expect(await paper.balances('spot')).toEqual([
      { asset: 'USDT', free: '10000', used: '0', total: '10000' },
    ]);
    expect(await paper.balances('perpetual')).toEqual([
      { asset: 'USDT', free: '10000', used: '0', total: '10000' },
    ]);
    expect(await paper.positions()).toEqual([]);
    const verdict = await paper.keyRights();
    expect(verdict.refusals).toEqual([]);
    expect(verdict.canTradeSpot && verdict.canTradePerpetual).toBe(true);
  });

  it('refuses orders a real exchange refuses, and stores none of them', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const order = { type: 'limit' as const, side: 'buy' as const, clientOrderId: 'v1' };
    expect(await refusal(paper.placeOrder({ ...order, symbol: 'PEPE/USDT', amount: '1', price: '1' }))).toBe(
      'EXCHANGE_SYMBOL_UNKNOWN',
    );
    // BTC/USDT: step 0.00001, tick 0.01, min notional 5.
    const btc = { ...order, symbol: 'BTC/USDT' };
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.000001', price: '50000' }))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.000015', price: '50000' }))).toBe(
      'EXCHANGE_AMOUNT_TOO_PRECISE',
    );
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.001', price: '50000.005' }))).toBe(
      'EXCHANGE_PRICE_INVALID',
    );
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.001' }))).toBe('EXCHANGE_PRICE_INVALID');
    // 0.00005 BTC at 50,000 is 2.5 USDT, below the 5 USDT minimum order value.
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.00005', price: '50000' }))).toBe(
      'EXCHANGE_AMOUNT_TOO_SMALL',
    );
    // 1 BTC costs far more than 10,000 USDT; 20,000 USDT at 50,000 is 0.4 BTC.
    expect(await refusal(paper.placeOrder({ ...btc, type: 'market', amount: '1' }))).toBe(
      'EXCHANGE_INSUFFICIENT_BALANCE',
    );
    expect(await refusal(paper.placeOrder({ ...btc, amount: '0.4', price: '50000' }))).toBe(
      'EXCHANGE_INSUFFICIENT_BALANCE',
    );
    expect(
      await refusal(paper.placeOrder({ ...btc, amount: '0.001', price: '50000', reduceOnly: true })),
    ).toBe('EXCHANGE_MARKET_TYPE_UNSUPPORTED');
    expect(await paper.openOrders()).toEqual([]);
    expect(await paper.fetchOrder('BTC/USDT', { clientOrderId: 'v1' })).toBeNull();
    expect(await balance(paper, 'spot', 'USDT')).toMatchObject({ free: '10000', used: '0' });
  });

  it('caps leverage at the market maximum and keeps spot out of perpetual settings', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const [btc] = (await paper.markets('perpetual')).filter((m) => m.symbol === 'BTC/USDT:USDT');
    await paper.setLeverage('BTC/USDT:USDT', btc!.maxLeverage!);
    expect(await refusal(paper.setLeverage('BTC/USDT:USDT', btc!.maxLeverage! + 1))).toBe(
      'EXCHANGE_LEVERAGE_TOO_HIGH',
    );
    expect(await refusal(paper.setLeverage('BTC/USDT', 5))).toBe('EXCHANGE_MARKET_TYPE_UNSUPPORTED');
    expect(await refusal(paper.setMarginMode('BTC/USDT', 'isolated'))).toBe(
      'EXCHANGE_MARKET_TYPE_UNSUPPORTED',
    );
    expect(await refusal(paper.setLeverage('NOPE/USDT:USDT', 5))).toBe('EXCHANGE_SYMBOL_UNKNOWN');
  });
});

describe('paper exchange: spot', () => {
  it('a market buy and a market sell fill at the last price with the taker fee', async () => {
    const { paper, clock } = setup(await makeMember(db, 'paper'));
    const p1 = await last(paper, 'BTC/USDT');
    const bought = await paper.placeOrder({
      symbol: 'BTC/USDT',
      type: 'market',
      side: 'buy',
      amount: '0.01',
      clientOrderId: 'buy-1',
    });
    // Buying, the fee is taken from what is received: 5 bps of 0.01 BTC is 0.000005 BTC.
    expect(bought).toMatchObject({
      status: 'closed',
      filled: '0.01',
      averagePrice: format(p1),
      price: null,
      fee: { asset: 'BTC', amount: '0.000005' },
    });
    const cost = mul(parse('0.01'), p1);
    expect(await balance(paper, 'spot', 'USDT')).toMatchObject({ free: format(TEN_K - cost), used: '0' });
    expect(await balance(paper, 'spot', 'BTC')).toMatchObject({ free: '0.009995', used: '0' });

    clock.t += HOUR;
    const p2 = await last(paper, 'BTC/USDT');
    expect(p2).not.toBe(p1);
    const sold = await paper.placeOrder({
      symbol: 'BTC/USDT',
      type: 'market',
      side: 'sell',
      amount: '0.00999',
      clientOrderId: 'sell-1',
    });
    // Selling, the fee is in USDT: 5 bps of the proceeds, rounded up.
    const proceeds = mul(parse('0.00999'), p2, 'down');
    const fee = feeOf(proceeds, bps('5'));
    expect(sold).toMatchObject({ status: 'closed', averagePrice: format(p2), fee: { asset: 'USDT' } });
    expect(sold.fee!.amount).toBe(format(fee));
    expect(await balance(paper, 'spot', 'USDT')).toMatchObject({
      free: format(TEN_K - cost + proceeds - fee),
      used: '0',
    });
    expect(await balance(paper, 'spot', 'BTC')).toMatchObject({ free: '0.000005', used: '0' });
    // Selling more than is held is refused.
    expect(
      await refusal(
        paper.placeOrder({
          symbol: 'BTC/USDT',
          type: 'market',
          side: 'sell',
          amount: '0.001',
          clientOrderId: 's2',
        }),
      ),
    ).toBe('EXCHANGE_INSUFFICIENT_BALANCE');
  });

  it('a limit buy rests holding its cost, fills at its price (maker) when the market crosses it; another is cancelled', async () => {
    const { paper, clock } = setup(await makeMember(db, 'paper'));
    const now = await last(paper, 'ETH/USDT');
    // Where will ETH go in the next two hours? The market is deterministic: look ahead with a second instance.
    const ahead = createSimulatedMarket({ seed: SEED, now: () => T0 + 2 * HOUR });
    const minutes = await ahead.candles('ETH/USDT', '1m', 119);
    const lowest = minutes.reduce((m, c) => (parse(c.low) < m ? parse(c.low) : m), now);
    expect(lowest).toBeLessThan(now);
    const limit = lowest + parse('0.01'); // one tick above the low: reached, but below the price now
    const resting = await paper.placeOrder({
      symbol: 'ETH/USDT',
      type: 'limit',
      side: 'buy',
      amount: '0.5',
      price: format(limit),
      clientOrderId: 'limit-1',
    });
    expect(resting).toMatchObject({ status: 'open', filled: '0', averagePrice: null, fee: null });
    const far = await paper.placeOrder({
      symbol: 'ETH/USDT',
      type: 'limit',
      side: 'buy',
      amount: '0.5',
      price: '1000',
      clientOrderId: 'limit-far',
    });
    const held = mul(parse('0.5'), limit) + parse('500');
    expect(await balance(paper, 'spot', 'USDT')).toMatchObject({
      free: format(TEN_K - held),
      used: format(held),
    });
    expect((await paper.openOrders('ETH/USDT')).map((o) => o.clientOrderId)).toEqual([
      'limit-1',
      'limit-far',
    ]);

    clock.t = T0 + 2 * HOUR;
    await paper.matchOpenOrders();
    const filled = await paper.fetchOrder('ETH/USDT', { id: resting.id });
    // Maker fee: 2 bps of 0.5 ETH is 0.0001 ETH.
    expect(filled).toMatchObject({
      status: 'closed',
      filled: '0.5',
      averagePrice: format(limit),
      fee: { asset: 'ETH', amount: '0.0001' },
    });
    expect(await balance(paper, 'spot', 'ETH')).toMatchObject({ free: '0.4999' });
    expect(await paper.openOrders()).toHaveLength(1);

    const cancelled = await paper.cancelOrder('ETH/USDT', far.id);
    expect(cancelled).toMatchObject({ status: 'canceled', filled: '0' });
    // Cancelling again changes nothing; an unknown id is not found.
    expect(await paper.cancelOrder('ETH/USDT', far.id)).toMatchObject({ status: 'canceled' });
    expect(await refusal(paper.cancelOrder('ETH/USDT', '999999'))).toBe('EXCHANGE_ORDER_NOT_FOUND');
    const spent = mul(parse('0.5'), limit);
    expect(await balance(paper, 'spot', 'USDT')).toMatchObject({ free: format(TEN_K - spent), used: '0' });
    expect(await paper.openOrders()).toEqual([]);
  });

  it('a limit order at or through the market fills at once as a taker, at the better market price', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const now = await last(paper, 'SOL/USDT');
    const order = await paper.placeOrder({
      symbol: 'SOL/USDT',
      type: 'limit',
      side: 'buy',
      amount: '1',
      price: format(now + parse('5')),
      clientOrderId: 'through',
    });
    expect(order).toMatchObject({ status: 'closed', averagePrice: format(now), fee: { amount: '0.0005' } });
  });
});

describe('paper exchange: perpetuals', () => {
  it('a long opened with leverage on isolated margin, closed reduce-only with its PnL', async () => {
    const memberId = await makeMember(db, 'paper');
    const { paper, clock } = setup(memberId);
    const symbol = 'BTC/USDT:USDT';
    await paper.setMarginMode(symbol, 'isolated');
    await paper.setLeverage(symbol, 10);
    expect(
      await refusal(
        paper.placeOrder({
          symbol,
          type: 'market',
          side: 'sell',
          amount: '0.01',
          reduceOnly: true,
          clientOrderId: 'r0',
        }),
      ),
    ).toBe('EXCHANGE_ORDER_REJECTED');

    const p1 = await last(paper, symbol);
    const open = await paper.placeOrder({
      symbol,
      type: 'market',
      side: 'buy',
      amount: '0.05',
      clientOrderId: 'open',
    });
    const notional1 = mul(parse('0.05'), p1);
    const margin = notional1 / 10n; // 10x: a tenth of the notional is held
    const fee1 = feeOf(notional1, bps('5'));
    expect(open).toMatchObject({
      status: 'closed',
      averagePrice: format(p1),
      fee: { asset: 'USDT', amount: format(fee1) },
    });
    expect(await balance(paper, 'perpetual', 'USDT')).toMatchObject({
      free: format(TEN_K - margin - fee1),
      used: format(margin),
      total: format(TEN_K - fee1),
    });
    const [position] = await paper.positions();
    expect(position).toMatchObject({
      symbol,
      side: 'long',
      contracts: '0.05',
      entryPrice: format(p1),
      leverage: 10,
      marginMode: 'isolated',
      // The isolated margin it holds: what left free for it.
      margin: format(margin),
    });
    // 10x isolated: liquidated about 9.5 % below entry (10 % margin, less the 0.5 % maintenance margin).
    const liq = Number(position!.liquidationPrice);
    expect(liq).toBeGreaterThan(Number(p1 / 10n ** 18n) * 0.9);
    expect(liq).toBeLessThan(Number(p1 / 10n ** 18n) * 0.91);
    // The margin mode cannot change under an open position.
    expect(await refusal(paper.setMarginMode(symbol, 'cross'))).toBe('EXCHANGE_ORDER_REJECTED');

    clock.t += 3 * HOUR; // 10:30: the 08:00 funding happened meanwhile
    const p2 = await last(paper, symbol);
    const [before] = await paper.positions();
    expect(before!.markPrice).toBe(format(p2));
    expect(before!.unrealizedPnl).toBe(format(mul(p2 - p1, parse('0.05'), p2 >= p1 ? 'down' : 'up')));
    const funding = await fundingOf(memberId, symbol);
    expect(funding.map((f) => f.funding_time.toISOString())).toEqual(['2026-01-15T08:00:00.000Z']);

    // Reduce-only: asking to sell more than the position closes just the position.
    const close = await paper.placeOrder({
      symbol,
      type: 'market',
      side: 'sell',
      amount: '0.08',
      reduceOnly: true,
      clientOrderId: 'close',
    });
    expect(close).toMatchObject({
      status: 'closed',
      filled: '0.05',
      reduceOnly: true,
      averagePrice: format(p2),
    });
    const pnl = mul(p2 - p1, parse('0.05'), p2 >= p1 ? 'down' : 'up');
    const fee2 = feeOf(mul(parse('0.05'), p2, 'up'), bps('5'));
    const fill = await db
      .selectFrom('paper_fills')
      .selectAll()
      .where('order_id', '=', close.id)
      .executeTakeFirstOrThrow();
    expect(format(parse(fill.realized_pnl))).toBe(format(pnl));
    // Isolated: the funding was paid out of the position's margin, which came back less that.
    const fundingPaid = parse(funding[0]!.amount);
    expect(await balance(paper, 'perpetual', 'USDT')).toEqual({
      asset: 'USDT',
      free: format(TEN_K - fee1 + pnl - fee2 - fundingPaid),
      used: '0',
      total: format(TEN_K - fee1 + pnl - fee2 - fundingPaid),
    });
    expect(await paper.positions()).toEqual([]);
  });

  it('a short on cross margin gains when the price falls and loses when it rises, both by the same rule', async () => {
    const { paper, clock } = setup(await makeMember(db, 'paper'), T0 + 10 * 60_000);
    const symbol = 'ETH/USDT:USDT';
    await paper.setLeverage(symbol, 5);
    const p1 = await last(paper, symbol);
    await paper.placeOrder({ symbol, type: 'market', side: 'sell', amount: '1', clientOrderId: 'short' });
    const [short] = await paper.positions([symbol]);
    expect(short).toMatchObject({
      side: 'short',
      contracts: '1',
      entryPrice: format(p1),
      marginMode: 'cross',
    });
    expect(short!.liquidationPrice).toBeNull();
    const notional1 = p1; // 1 contract of 1 ETH
    const margin = notional1 / 5n;
    expect(await balance(paper, 'perpetual', 'USDT')).toMatchObject({ used: format(margin) });
    // On cross, the initial margin held for it.
    expect(short!.margin).toBe(format(margin));

    clock.t += 15 * 60_000; // 07:55, still before the funding time
    const p2 = await last(paper, symbol);
    await paper.placeOrder({
      symbol,
      type: 'market',
      side: 'buy',
      amount: '0.4',
      clientOrderId: 'cover-part',
    });
    const [rest] = await paper.positions([symbol]);
    // Partly covered: the entry price stays, the margin shrinks pro rata.
    expect(rest).toMatchObject({ side: 'short', contracts: '0.6', entryPrice: format(p1) });
    expect(await balance(paper, 'perpetual', 'USDT')).toMatchObject({
      used: format(margin - (margin * 4n) / 10n),
    });
    await paper.placeOrder({
      symbol,
      type: 'market',
      side: 'buy',
      amount: '0.6',
      clientOrderId: 'cover-rest',
    });
    const fills = await db
      .selectFrom('paper_fills')
      .innerJoin('paper_orders', 'paper_orders.id', 'paper_fills.order_id')
      .select(['paper_fills.realized_pnl', 'paper_fills.fee'])
      .where('paper_orders.client_order_id', 'in', ['short', 'cover-part', 'cover-rest'])
      .where('paper_fills.symbol', '=', symbol)
      .orderBy('paper_fills.id')
      .execute();
    const pnl = fills.reduce((s, f) => s + parse(f.realized_pnl), 0n);
    const fees = fills.reduce((s, f) => s + parse(f.fee), 0n);
    expect(pnl).toBe(p1 - p2); // a short earns entry - exit per unit
    expect(await balance(paper, 'perpetual', 'USDT')).toMatchObject({
      free: format(TEN_K + pnl - fees),
      used: '0',
    });
    expect(await paper.positions()).toEqual([]);
  });

  it('charges funding once per period, however often it is matched', async () => {
    const memberId = await makeMember(db, 'paper');
    const { paper, clock } = setup(memberId, T0 + 20 * 60_000); // 07:50
    const symbol = 'SOL/USDT:USDT';
    await paper.placeOrder({ symbol, type: 'market', side: 'buy', amount: '10', clientOrderId: 'fund' });
    const afterOpen = parse((await balance(paper, 'perpetual', 'USDT')).free);
    await paper.matchOpenOrders();
    expect(await fundingOf(memberId, symbol)).toHaveLength(0);

    clock.t = Date.UTC(2026, 0, 15, 8, 5); // past the 08:00 funding time
    const rate = parse((await paper.fundingRate(symbol)).rate);
    const mark = await last(paper, symbol);
    await paper.matchOpenOrders();
    await paper.matchOpenOrders();
    await paper.positions();
    await Promise.all([paper.matchOpenOrders(), paper.matchOpenOrders(), paper.balances('perpetual')]);
    const charges = await fundingOf(memberId, symbol);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.funding_time.toISOString()).toBe('2026-01-15T08:00:00.000Z');
    // A long pays notional x rate when the rate is positive (and receives it when negative).
    const expected = mul(mul(parse('10'), mark), rate, rate >= 0n ? 'up' : 'down');
    expect(format(parse(charges[0]!.amount))).toBe(format(expected));
    expect((await balance(paper, 'perpetual', 'USDT')).free).toBe(format(afterOpen - expected));

    clock.t = Date.UTC(2026, 0, 15, 16, 1);
    await paper.matchOpenOrders();
    await paper.matchOpenOrders();
    const later = await fundingOf(memberId, symbol);
    expect(later.map((r) => r.funding_time.toISOString())).toEqual([
      '2026-01-15T08:00:00.000Z',
      '2026-01-15T16:00:00.000Z',
    ]);
  });

  it('lists the funding of a position as payments signed from the account, and refuses spot', async () => {
    const memberId = await makeMember(db, 'paper');
    const { paper, clock } = setup(memberId, T0 + 20 * 60_000); // 07:50
    const symbol = 'SOL/USDT:USDT';
    await paper.placeOrder({ symbol, type: 'market', side: 'buy', amount: '10', clientOrderId: 'fundlist' });
    clock.t = Date.UTC(2026, 0, 15, 16, 1); // past the 08:00 and 16:00 funding times
    const payments = await paper.fundingPayments(symbol, new Date(T0));
    const charges = await fundingOf(memberId, symbol);
    expect(payments).toEqual(
      charges.map((c) => ({ at: c.funding_time, asset: 'USDT', amount: format(-parse(c.amount)) })),
    );
    expect(payments).toHaveLength(2);
    // A window ending before 16:00 holds the 08:00 payment only.
    expect(
      await paper.fundingPayments(symbol, new Date(T0), new Date(Date.UTC(2026, 0, 15, 9))),
    ).toHaveLength(1);
    await expect(paper.fundingPayments('SOL/USDT', new Date(T0))).rejects.toMatchObject({
      code: 'EXCHANGE_MARKET_TYPE_UNSUPPORTED',
    });
  });

  it('liquidates an isolated position whose mark reaches its liquidation price, losing its margin only', async () => {
    const { paper, clock } = setup(await makeMember(db, 'paper'));
    const symbol = 'DOGE/USDT:USDT';
    await paper.setMarginMode(symbol, 'isolated');
    await paper.setLeverage(symbol, 50);
    // Find within the next day a moment the price is 2 % or more below now, or above: go long or short to match.
    const p1 = await last(paper, symbol);
    let side: 'buy' | 'sell' | null = null;
    let when = 0;
    const ahead = createSimulatedMarket({ seed: SEED, now: () => T0 + 1000 * 60_000 });
    for (const c of await ahead.candles(symbol, '1m', 999)) {
      // At the end of a minute the mark is that minute's close.
      const p = parse(c.close);
      if (p * 100n <= p1 * 98n) side = 'buy';
      else if (p * 100n >= p1 * 102n) side = 'sell';
      when = c.openTime + 60_000;
      if (side) break;
    }
    expect(side).not.toBeNull();
    await paper.placeOrder({ symbol, type: 'market', side: side!, amount: '2000', clientOrderId: 'doomed' });
    const before = parse((await balance(paper, 'perpetual', 'USDT')).free);
    clock.t = when;
    expect(await paper.positions()).toEqual([]);
    const liquidation = await db
      .selectFrom('paper_orders')
      .selectAll()
      .where('client_order_id', 'like', 'liquidation-%')
      .where('symbol', '=', symbol)
      .executeTakeFirstOrThrow();
    expect(liquidation).toMatchObject({ status: 'closed', reduce_only: true });
    // The whole margin is gone, nothing more: free is what it was after opening.
    expect(await balance(paper, 'perpetual', 'USDT')).toMatchObject({ free: format(before), used: '0' });
  });
});

describe('paper exchange: idempotency, concurrency, restart', () => {
  it('the same clientOrderId returns the first order, also when sent concurrently', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const request = {
      symbol: 'BNB/USDT',
      type: 'market' as const,
      side: 'buy' as const,
      amount: '1',
      clientOrderId: 'same',
    };
    const first = await paper.placeOrder(request);
    const again = await paper.placeOrder({ ...request, amount: '2' });
    expect(again).toEqual(first);
    const concurrent = await Promise.all(
      Array.from({ length: 8 }, () => paper.placeOrder({ ...request, clientOrderId: 'same-concurrent' })),
    );
    expect(new Set(concurrent.map((o) => o.id)).size).toBe(1);
    // Two orders placed, not ten: 2 BNB bought, less the taker fee of 5 bps on each.
    expect(await balance(paper, 'spot', 'BNB')).toMatchObject({ free: '1.999' });
  });

  it('ten parallel buys, each affordable alone but not all together, cannot overspend', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const price = await last(paper, 'ETH/USDT');
    // Each buy costs about 1,500 USDT: six fit into 10,000, ten do not.
    const amount = format(((parse('1500') * 10n ** 18n) / price / 10n ** 14n) * 10n ** 14n);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        paper.placeOrder({
          symbol: 'ETH/USDT',
          type: 'market',
          side: 'buy',
          amount,
          clientOrderId: `par-${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(6);
    for (const r of refused) expect((r.reason as AppError).code).toBe('EXCHANGE_INSUFFICIENT_BALANCE');
    const usdt = await balance(paper, 'spot', 'USDT');
    expect(parse(usdt.free)).toBe(TEN_K - 6n * mul(parse(amount), price));
    expect(parse(usdt.free)).toBeGreaterThanOrEqual(0n);
    const orders = await db
      .selectFrom('paper_orders')
      .select('id')
      .where('client_order_id', 'like', 'par-%')
      .execute();
    expect(orders).toHaveLength(6);
  });

  it('survives a restart: a new connector on the same database sees the same state, and catches up on fills', async () => {
    const memberId = await makeMember(db, 'paper');
    const first = setup(memberId);
    const paper = first.paper;
    await paper.placeOrder({
      symbol: 'XRP/USDT',
      type: 'market',
      side: 'buy',
      amount: '100',
      clientOrderId: 'x1',
    });
    const xrp = await last(paper, 'XRP/USDT');
    const ahead = createSimulatedMarket({ seed: SEED, now: () => T0 + 6 * HOUR });
    const highs = await ahead.candles('XRP/USDT', '1m', 359);
    const highest = highs.reduce((m, c) => (parse(c.high) > m ? parse(c.high) : m), xrp);
    expect(highest).toBeGreaterThan(xrp + parse('0.0001'));
    const sell = await paper.placeOrder({
      symbol: 'XRP/USDT',
      type: 'limit',
      side: 'sell',
      amount: '50',
      price: format(highest - parse('0.0001')),
      clientOrderId: 'x2',
    });
    await paper.setLeverage('XRP/USDT:USDT', 20);
    await paper.placeOrder({
      symbol: 'XRP/USDT:USDT',
      type: 'market',
      side: 'sell',
      amount: '500',
      clientOrderId: 'x3',
    });
    const state = {
      spot: await paper.balances('spot'),
      perpetual: await paper.balances('perpetual'),
      positions: await paper.positions(),
      open: await paper.openOrders(),
    };
    expect(state.open.map((o) => o.id)).toEqual([sell.id]);

    // The process restarts: a new market and a new connector, same seed, same database.
    const restarted = setup(memberId);
    expect({
      spot: await restarted.paper.balances('spot'),
      perpetual: await restarted.paper.balances('perpetual'),
      positions: await restarted.paper.positions(),
      open: await restarted.paper.openOrders(),
    }).toEqual(state);
    expect(
      await restarted.paper.placeOrder({
        symbol: 'XRP/USDT',
        type: 'market',
        side: 'buy',
        amount: '100',
        clientOrderId: 'x1',
      }),
    ).toEqual(await paper.fetchOrder('XRP/USDT', { clientOrderId: 'x1' }));

    // Down for six hours, during which the price reached the resting sell: the first read fills it.
    const later = setup(memberId, T0 + 6 * HOUR);
    expect(await later.paper.openOrders()).toEqual([]);
    expect(await later.paper.fetchOrder('XRP/USDT', { id: sell.id })).toMatchObject({
      status: 'closed',
      filled: '50',
      averagePrice: format(highest - parse('0.0001')),
    });
  });
});

describe('paper exchange: isolated margin by amount (adjmargin)', () => {
  it('adds and reduces margin against free, moves the liquidation price, refuses too much and cross', async () => {
    const { paper } = setup(await makeMember(db, 'paper'));
    const symbol = 'BTC/USDT:USDT';
    const add = (amount: string) => paper.adjustMargin(symbol, { direction: 'add', amount });
    const reduce = (amount: string) => paper.adjustMargin(symbol, { direction: 'reduce', amount });
    expect(await refusal(add('10'))).toBe('POSITION_NOT_FOUND');
    await paper.setMarginMode(symbol, 'isolated');
    await paper.setLeverage(symbol, 10);
    await paper.placeOrder({ symbol, type: 'market', side: 'buy', amount: '0.05', clientOrderId: 'o' });
    const opened = await balance(paper, 'perpetual', 'USDT');
    const [first] = await paper.positions();
    const liq0 = parse(first!.liquidationPrice!);

    await add('100');
    const added = await balance(paper, 'perpetual', 'USDT');
    expect(added).toMatchObject({
      free: format(parse(opened.free) - parse('100')),
      used: format(parse(opened.used) + parse('100')),
      total: opened.total,
    });
    const [more] = await paper.positions();
    // The margin shown rises by exactly the amount added.
    expect(more!.margin).toBe(format(parse(first!.margin!) + parse('100')));
    // More margin: a long is liquidated further down.
    expect(parse(more!.liquidationPrice!)).toBeLessThan(liq0);

    await reduce('60');
    expect((await balance(paper, 'perpetual', 'USDT')).used).toBe(format(parse(opened.used) + parse('40')));
    const [less] = await paper.positions();
    expect(less!.margin).toBe(format(parse(first!.margin!) + parse('40')));
    expect(parse(less!.liquidationPrice!)).toBeGreaterThan(parse(more!.liquidationPrice!));
    expect(parse(less!.liquidationPrice!)).toBeLessThan(liq0);

    // Only the 40 added on top of the initial margin can come out; a refusal changes nothing.
    const beforeRefusal = await balance(paper, 'perpetual', 'USDT');
    expect(await refusal(reduce('40.01'))).toBe('MARGIN_REDUCE_TOO_MUCH');
    expect(await refusal(add('1000000'))).toBe('EXCHANGE_INSUFFICIENT_BALANCE');
    expect(await balance(paper, 'perpetual', 'USDT')).toEqual(beforeRefusal);
    await reduce('40');
    expect(await balance(paper, 'perpetual', 'USDT')).toEqual(opened);
    expect((await paper.positions())[0]!.liquidationPrice).toBe(first!.liquidationPrice);
    expect((await paper.positions())[0]!.margin).toBe(first!.margin);

    const cross = 'ETH/USDT:USDT';
    await paper.setMarginMode(cross, 'cross');
    await paper.placeOrder({
      symbol: cross,
      type: 'market',
      side: 'sell',
      amount: '0.1',
      clientOrderId: 'c',
    });
    expect(await refusal(paper.adjustMargin(cross, { direction: 'add', amount: '5' }))).toBe(
      'MARGIN_CROSS_NOT_ADJUSTABLE',
    );
    expect(await refusal(paper.adjustMargin('BTC/USDT', { direction: 'add', amount: '5' }))).toBe(
      'EXCHANGE_MARKET_TYPE_UNSUPPORTED',
    );
  });
});
