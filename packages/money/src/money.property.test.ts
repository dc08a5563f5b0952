import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MINOR } from './currency';
import { formatAmount, toDecimalString } from './format';
import { parseAmount } from './parse';
import { divide, percentOf } from './rounding';

const decimals = fc.integer({ min: 0, max: 18 });
const positive = fc.bigInt({ min: 1n, max: MAX_MINOR });

describe('money properties', () => {
  it('parse(toDecimalString(x)) === x for every positive amount and currency', () => {
    fc.assert(
      fc.property(positive, decimals, (x, d) => {
        expect(parseAmount(toDecimalString(x, d), d)).toEqual({ ok: true, value: x });
      }),
      { numRuns: 2_000 },
    );
  });

  it('formatAmount agrees with the engine formatting the exact decimal string (cut, not rounded)', () => {
    const locales = fc.constantFrom('en-US', 'zh-CN', 'ms-MY', 'de', 'fr');
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_MINOR, max: MAX_MINOR }), decimals, locales, (x, d, locale) => {
        const max = Math.min(d, 6);
        const expected = new Intl.NumberFormat(locale, {
          minimumFractionDigits: Math.min(2, max),
          maximumFractionDigits: max,
          roundingMode: 'trunc',
        } as Intl.NumberFormatOptions).format(toDecimalString(x, d) as `${number}`);
        // Node formats decimal strings exactly; the engine writes "-0" where we write "0".
        expect(formatAmount(x, d, locale, { maximumFractionDigits: max })).toBe(
          expected.replace(/^-(0[.,]?0*)$/, '$1'),
        );
      }),
      { numRuns: 1_000 },
    );
  });

  it('divide brackets the exact quotient: floor <= q <= ceiling, 1 apart, the others are one of them', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (n, d) => {
          const down = divide(n, d, 'floor');
          const up = divide(n, d, 'ceiling');
          const even = divide(n, d, 'half-even');
          expect(down * d <= n && n <= up * d).toBe(true);
          expect(up - down).toBe(n % d === 0n ? 0n : 1n);
          for (const r of ['up', 'down', 'half-up', 'half-even'] as const)
            expect([down, up]).toContain(divide(n, d, r));
          // up and down are the same magnitudes for -n as for n, with the sign turned
          expect(divide(-n, d, 'up')).toBe(-divide(n, d, 'up'));
          expect(divide(-n, d, 'down')).toBe(-divide(n, d, 'down'));
          // half-even is the nearest: its distance is at most half the denominator
          const distance = even * d - n;
          expect((distance < 0n ? -distance : distance) * 2n <= d).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('percentOf with 10000 bp is the amount itself, whatever the rounding', () => {
    fc.assert(
      fc.property(
        positive,
        fc.constantFrom('up', 'down', 'ceiling', 'floor', 'half-up', 'half-even' as const),
        (x, r) => {
          expect(percentOf(x, 10_000, r)).toBe(x);
        },
      ),
    );
  });
});
