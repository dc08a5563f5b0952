import { parse } from '@app/money/decimal';
import type { Db } from '../../../db/database';
import { AppError } from '../../../platform/errors';
import type { MarketData } from '../connector';
import type { PaperAccount } from './paper-account';
import type { PaperFills } from './paper-fills';
import type { PaperFunding } from './paper-funding';
import type { PaperRules } from './paper-rules';
import { FUNDING_INTERVAL_MS, MAX_MATCH_CANDLES, MINUTE, type OrderRow, type Prices } from './paper-types';

/**
 * Matching, lazy as well as ticked: open orders that the last price or, for the whole minutes since they
 * were placed, a 1-minute candle crossed are filled at their price; then liquidations and funding due.
 */
export function createPaperMatching(deps: {
  db: Db;
  market: MarketData;
  memberId: string;
  clock: () => number;
  rules: PaperRules;
  account: PaperAccount;
  fills: PaperFills;
  funding: PaperFunding;
}) {
  const { db, market, memberId, clock } = deps;
  const { rulesOf, lastPrices } = deps.rules;
  const { withAccount } = deps.account;
  const { fill, releaseAndCancel } = deps.fills;
  const { liquidate, chargeFunding } = deps.funding;

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

  return { matchOpenOrders };
}

export type PaperMatching = ReturnType<typeof createPaperMatching>;

export function crossed(order: OrderRow, limit: bigint, prices: Prices): boolean {
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
