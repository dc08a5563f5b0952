import { describe, expect, it } from 'vitest';
import { voucherDiscount } from './voucher-discount';

describe('voucher discount', () => {
  it('takes the rate of the price: 10% of 100 USDT is 10 USDT', () => {
    expect(voucherDiscount(100_000_000n, 1000, null)).toBe(10_000_000n);
  });

  it('rounds down, so a voucher never takes more than its rate', () => {
    // 10% of 15 minor units is 1.5 minor units
    expect(voucherDiscount(15n, 1000, null)).toBe(1n);
    // 33.33% of 1 USDT is 0.3333 USDT exactly; 33.33% of 0.000001 is nothing
    expect(voucherDiscount(1_000_000n, 3333, null)).toBe(333_300n);
    expect(voucherDiscount(1n, 3333, null)).toBe(0n);
  });

  it('stops at the cap', () => {
    expect(voucherDiscount(100_000_000n, 5000, 20_000_000n)).toBe(20_000_000n);
    expect(voucherDiscount(10_000_000n, 5000, 20_000_000n)).toBe(5_000_000n);
  });

  it('a 100% voucher pays the whole price and never more', () => {
    expect(voucherDiscount(123_456_789n, 10_000, null)).toBe(123_456_789n);
    expect(voucherDiscount(0n, 10_000, null)).toBe(0n);
  });
});
