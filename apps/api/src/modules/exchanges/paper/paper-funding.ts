import { format, min, mul, parse } from '@app/money/decimal';
import type { PaperAccount } from './paper-account';
import type { PaperFills } from './paper-fills';
import { liquidationPrice } from './paper-perpetual';
import type { PaperRules } from './paper-rules';
import {
  FUNDING_INTERVAL_MS,
  MAX_MISSED_FUNDINGS,
  type MarketRules,
  type PositionRow,
  type Prices,
  type Trx,
  ZERO,
} from './paper-types';

/**
 * Funding and liquidation of open perpetual positions: an isolated position whose mark reaches its
 * liquidation price is closed there and loses its margin; funding every 8 h (00, 08, 16 UTC) at the feed's
 * current rate and mark, once per (position, funding time).
 */
export function createPaperFunding(deps: {
  memberId: string;
  rules: PaperRules;
  account: PaperAccount;
  fills: PaperFills;
}) {
  const { memberId } = deps;
  const { rulesOf } = deps.rules;
  const { balanceOf, adjust, openPositions } = deps.account;
  const { fill } = deps.fills;

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

  return { liquidate, chargeFunding, applyFunding };
}

export type PaperFunding = ReturnType<typeof createPaperFunding>;
