import { describe, expect, it } from 'vitest';
import { divide, percentOf } from './rounding';

describe('named roundings', () => {
  it('half-even sends ties to the even neighbour', () => {
    expect(divide(5n, 2n, 'half-even')).toBe(2n);
    expect(divide(7n, 2n, 'half-even')).toBe(4n);
    expect(divide(-5n, 2n, 'half-even')).toBe(-2n);
    expect(divide(26n, 10n, 'half-even')).toBe(3n);
  });

  it('up and down are away from and toward zero; ceiling and floor toward +/- infinity', () => {
    expect([divide(7n, 2n, 'up'), divide(7n, 2n, 'down')]).toEqual([4n, 3n]);
    expect([divide(-7n, 2n, 'up'), divide(-7n, 2n, 'down')]).toEqual([-4n, -3n]);
    expect([divide(-7n, 2n, 'ceiling'), divide(-7n, 2n, 'floor')]).toEqual([-3n, -4n]);
    expect([divide(7n, -2n, 'ceiling'), divide(7n, -2n, 'floor')]).toEqual([-3n, -4n]);
  });

  it('half-up takes ties away from zero', () => {
    expect([divide(5n, 2n, 'half-up'), divide(-5n, 2n, 'half-up'), divide(-6n, 4n, 'half-up')]).toEqual([
      3n,
      -3n,
      -2n,
    ]);
  });

  it('percentOf takes basis points: 2.5% of 1.000001 USDT', () => {
    expect(percentOf(1_000_001n, 250, 'down')).toBe(25_000n);
    expect(percentOf(1_000_001n, 250, 'up')).toBe(25_001n);
    expect(percentOf(1_000_001n, 250, 'half-even')).toBe(25_000n);
  });

  it('refuses a zero denominator and fractional basis points', () => {
    expect(() => divide(1n, 0n, 'up')).toThrow(RangeError);
    expect(() => percentOf(1n, 2.5, 'up')).toThrow(RangeError);
  });
});
