import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { div, feeOf, format, isMultipleOf, mul, ONE, parse, SCALE, toStep, tryParse } from './decimal';

/** A decimal value: up to 20 whole digits and the full 18 decimals, either sign. */
const value = fc.bigInt({ min: -(10n ** 38n), max: 10n ** 38n });
const positive = fc.bigInt({ min: 1n, max: 10n ** 30n });

describe('exchange decimals', () => {
  it('reads what it writes, and writes no trailing zeros', () => {
    fc.assert(
      fc.property(value, (x) => {
        const text = format(x);
        expect(parse(text)).toBe(x);
        expect(text).not.toMatch(/\.\d*0$/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('ignores trailing zeros and refuses what is not a plain decimal of at most 18 places', () => {
    expect(parse('0.0100')).toBe(ONE / 100n);
    expect(parse('-3.10')).toBe(-31n * (ONE / 10n));
    expect(parse('0.000000000000000001000')).toBe(1n);
    for (const bad of ['', '1e5', '.5', '5.', '+1', '1,5', '0.0000000000000000001']) {
      expect(tryParse(bad)).toBeNull();
    }
    expect(() => parse('abc')).toThrow(/not a decimal/);
  });

  it('agrees with exact rational arithmetic: mul and div bracket the true value within one unit', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        const cut = mul(a, b, 'down');
        const exact = a * b; // at scale 36
        const rest = exact - cut * ONE;
        expect(rest === 0n || rest > 0n === exact > 0n).toBe(true);
        expect((rest < 0n ? -rest : rest) < ONE).toBe(true);
        expect(mul(a, b, 'up') - cut).toBe(rest === 0n ? 0n : exact > 0n ? 1n : -1n);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(value, positive, (a, b) => {
        const q = div(a, b, 'floor');
        expect(q * b <= a * ONE && a * ONE < (q + 1n) * b).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a multiple of the step stays put on toStep and passes isMultipleOf; others move by less than a step', () => {
    fc.assert(
      fc.property(value, positive, fc.constantFrom('up', 'down', 'half-up' as const), (x, step, r) => {
        const rounded = toStep(x, step, r);
        expect(isMultipleOf(rounded, step)).toBe(true);
        expect(toStep(rounded, step, r)).toBe(rounded);
        const moved = rounded - x;
        expect((moved < 0n ? -moved : moved) < step).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a fee is never under the exact basis-point share, and at most one unit over it', () => {
    fc.assert(
      fc.property(positive, fc.bigInt({ min: 0n, max: 10_000n * ONE }), (x, bps) => {
        const fee = feeOf(x, bps);
        expect(fee * 10_000n * ONE >= x * bps).toBe(true);
        expect((fee - 1n) * 10_000n * ONE < x * bps).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    expect(SCALE).toBe(18);
  });
});
