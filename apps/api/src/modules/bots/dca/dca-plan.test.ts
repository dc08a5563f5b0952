import { parse } from '@app/money/decimal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DcaSettings, type MarketAssumptions, planDca, trailingExitPrice } from './dca-plan';

const spotMarket: MarketAssumptions = {
  tickSize: '0.01',
  amountStep: '0.001',
  minAmount: '0.001',
  minNotional: '5',
  contractSize: '1',
  takerFeeRate: '0.001',
  maintenanceMarginRate: '0',
};

const perpMarket: MarketAssumptions = {
  ...spotMarket,
  amountStep: '0.01',
  minAmount: '0.01',
  takerFeeRate: '0.0005',
  maintenanceMarginRate: '0.005',
};

const longSpot: DcaSettings = {
  direction: 'long',
  marketType: 'spot',
  baseOrder: '10',
  safetyOrder: '20',
  safetyOrderCount: 3,
  priceDeviation: '1',
  volumeScale: '2',
  stepScale: '1.5',
  takeProfit: '1.5',
  trailingDeviation: null,
  stopLoss: null,
  leverage: 1,
  marginMode: 'isolated',
};

const shortPerp: DcaSettings = {
  ...longSpot,
  direction: 'short',
  marketType: 'perpetual',
  baseOrder: '100',
  safetyOrder: '100',
  safetyOrderCount: 2,
  priceDeviation: '2',
  volumeScale: '1',
  stepScale: '1',
  leverage: 10,
};

describe('a long spot ladder with volume and step scale', () => {
  const plan = planDca(longSpot, spotMarket, '100');

  it('places each safety order at the cumulative deviation, the steps growing by the step scale', () => {
    expect(plan.orders.map((o) => [o.kind, o.deviation, o.price])).toEqual([
      ['base', '0', '100'],
      ['safety', '1', '99'],
      ['safety', '2.5', '97.5'],
      ['safety', '4.75', '95.25'],
    ]);
  });

  it('sizes each order by its value, rounded down to the amount step so it never costs more', () => {
    expect(plan.orders.map((o) => [o.amount, o.value])).toEqual([
      ['0.1', '10'],
      ['0.202', '19.998'],
      ['0.41', '39.975'],
      ['0.839', '79.91475'],
    ]);
  });

  it('states the average entry and the take-profit price after each fill (take profit rounded up)', () => {
    expect(plan.orders.map((o) => [o.totalAmount, o.averageEntry, o.takeProfitPrice])).toEqual([
      ['0.1', '100', '101.5'],
      ['0.302', '99.33', '100.83'],
      ['0.712', '98.28', '99.76'],
      ['1.551', '96.64', '98.09'],
    ]);
  });

  it('adds the cost and the taker fee of every order to the capital needed', () => {
    expect(plan.orders.map((o) => o.capital)).toEqual(['10.01', '30.027998', '70.042973', '150.03763775']);
    expect(plan.capitalRequired).toBe('150.03763775');
    expect(plan.orders.every((o) => o.liquidationPrice === null)).toBe(true);
    expect(plan.problem).toBeNull();
  });

  it('refuses the configuration when the capital needed exceeds the rental limit', () => {
    expect(planDca(longSpot, spotMarket, '100', '150').problem).toBe('BOT_CAPITAL_EXCEEDS_LIMIT');
    expect(planDca(longSpot, spotMarket, '100', '150.04').problem).toBeNull();
  });
});

describe('a short perpetual ladder at 10x isolated', () => {
  const plan = planDca(shortPerp, perpMarket, '100');

  it('places safety orders above the base price and counts initial margin, not notional, as capital', () => {
    expect(plan.orders.map((o) => [o.price, o.amount, o.value])).toEqual([
      ['100', '1', '100'],
      ['102', '0.98', '99.96'],
      ['104', '0.96', '99.84'],
    ]);
    // 10 + 0.05 fee, then 9.996 + 0.04998, then 9.984 + 0.04992.
    expect(plan.orders.map((o) => o.capital)).toEqual(['10.05', '20.09598', '30.1299']);
  });

  it('estimates the liquidation price after each fill, rounded down so it is shown nearer', () => {
    // (100 + 10) / 1.005 = 109.4527... -> 109.45
    expect(plan.orders[0]!.liquidationPrice).toBe('109.45');
    const prices = plan.orders.map((o) => parse(o.liquidationPrice!));
    expect(prices.every((p, i) => i === 0 || p > parse(plan.orders[i]!.price))).toBe(true);
    expect(plan.problem).toBeNull();
  });

  it('refuses a ladder whose next safety order lies beyond the liquidation of the position before it', () => {
    // At 50x the base position is liquidated at (100 + 2) / 1.005 = 101.49, before the order at 102.
    const refused = planDca({ ...shortPerp, leverage: 50 }, perpMarket, '100');
    expect(refused.orders[0]!.liquidationPrice).toBe('101.49');
    expect(refused.problem).toBe('BOT_BEYOND_LIQUIDATION');
  });

  it('on cross margin counts the capital limit as the margin behind the position', () => {
    const cross = planDca({ ...shortPerp, leverage: 50, marginMode: 'cross' }, perpMarket, '100', '1000');
    expect(cross.problem).toBeNull();
    expect(parse(cross.orders[0]!.liquidationPrice!)).toBeGreaterThan(parse('1000'));
  });

  it('refuses a stop loss the liquidation comes before', () => {
    const refused = planDca({ ...shortPerp, stopLoss: '15' }, perpMarket, '100');
    expect(refused.stopLossPrice).toBe('115');
    expect(refused.problem).toBe('BOT_BEYOND_LIQUIDATION');
  });
});

describe('exit prices', () => {
  it('puts the stop loss below the last safety order of a long, or refuses it', () => {
    expect(planDca({ ...longSpot, stopLoss: '8' }, spotMarket, '100')).toMatchObject({
      stopLossPrice: '92',
      problem: null,
    });
    expect(planDca({ ...longSpot, stopLoss: '4' }, spotMarket, '100').problem).toBe(
      'BOT_STOP_LOSS_INSIDE_SAFETY_ORDERS',
    );
  });

  it('refuses a trailing deviation as wide as the take profit (it could exit at a loss)', () => {
    expect(planDca({ ...longSpot, trailingDeviation: '1.5' }, spotMarket, '100').problem).toBe(
      'BOT_TRAILING_TOO_WIDE',
    );
    expect(planDca({ ...longSpot, trailingDeviation: '0.5' }, spotMarket, '100').problem).toBeNull();
  });

  it('exits a trailing long when the price falls the trailing deviation from its best, on the tick', () => {
    expect(trailingExitPrice('long', parse('102'), '0.5', parse('0.01'))).toBe(parse('101.49'));
    expect(trailingExitPrice('short', parse('98'), '0.5', parse('0.01'))).toBe(parse('98.49'));
  });

  it('refuses orders below the market minimum and deviations that reach zero', () => {
    expect(planDca({ ...longSpot, baseOrder: '4' }, spotMarket, '100').problem).toBe('BOT_ORDER_TOO_SMALL');
    expect(planDca({ ...longSpot, priceDeviation: '40', stepScale: '2' }, spotMarket, '100').problem).toBe(
      'BOT_DEVIATION_TOO_LARGE',
    );
  });
});

describe('properties of every ladder', () => {
  const settings = fc.record({
    direction: fc.constantFrom('long' as const, 'short' as const),
    count: fc.integer({ min: 0, max: 12 }),
    deviation: fc.integer({ min: 1, max: 300 }).map((n) => (n / 100).toFixed(2)),
    volumeScale: fc.integer({ min: 100, max: 250 }).map((n) => (n / 100).toFixed(2)),
    stepScale: fc.integer({ min: 100, max: 200 }).map((n) => (n / 100).toFixed(2)),
    leverage: fc.integer({ min: 1, max: 50 }),
    price: fc.integer({ min: 1_000, max: 10_000_000 }).map((n) => (n / 100).toFixed(2)),
  });

  it('steps against the position, never overspends an order, and grows capital with every fill', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const plan = planDca(
          {
            ...shortPerp,
            direction: s.direction,
            safetyOrderCount: s.count,
            priceDeviation: s.deviation,
            volumeScale: s.volumeScale,
            stepScale: s.stepScale,
            leverage: s.leverage,
          },
          perpMarket,
          s.price,
        );
        // Amounts are rounded down: no order's value exceeds what was configured for it (100 x scale^k).
        expect(parse(plan.orders[0]!.value)).toBeLessThanOrEqual(parse('100'));
        const sign = s.direction === 'long' ? -1n : 1n;
        for (let i = 1; i < plan.orders.length; i++) {
          const [prev, cur] = [plan.orders[i - 1]!, plan.orders[i]!];
          if (plan.problem === 'BOT_DEVIATION_TOO_LARGE') break;
          expect(sign * (parse(cur.price) - parse(prev.price))).toBeGreaterThanOrEqual(0n);
          // An order too small to place (refused anyway) adds nothing.
          if (parse(cur.amount) > 0n) expect(parse(cur.capital)).toBeGreaterThan(parse(prev.capital));
          else expect(plan.problem).not.toBeNull();
          // The average entry moves toward the new fill and stays between the first and latest prices.
          const avg = parse(cur.averageEntry);
          const [lo, hi] = [plan.orders[0]!.price, cur.price].map(parse).sort((a, b) => (a < b ? -1 : 1));
          expect(avg >= lo! - parse('0.01') && avg <= hi! + parse('0.01')).toBe(true);
        }
        if (plan.problem === null) {
          // An accepted ladder: every safety order lies before the liquidation of the position before it.
          for (let i = 1; i < plan.orders.length; i++) {
            const liq = parse(plan.orders[i - 1]!.liquidationPrice!);
            const price = parse(plan.orders[i]!.price);
            expect(s.direction === 'long' ? liq < price : liq > price).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
