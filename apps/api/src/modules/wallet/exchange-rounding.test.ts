import { describe, expect, it } from 'vitest';
import { convert, marketRate, parseRate, rateText, usdMicrosOf } from './rates';

describe('exchange rounding', () => {
  it('converts between currencies of different decimals, rounding the received amount down', () => {
    // 1 MCOIN (8 decimals) at 0.25 USD into USDT (6 decimals) at 1 USD
    const rate = marketRate(250_000n, 1_000_000n)!;
    expect(convert(100_000_000n, rate, 8, 6)).toBe(250_000n);
    // 0.00000003 MCOIN is worth 0.0000000075 USDT: less than one minor unit, so nothing
    expect(convert(3n, rate, 8, 6)).toBe(0n);
    // 0.00000399 MCOIN -> 0.0000009975 USDT -> 0.000000 (never rounded up to 0.000001)
    expect(convert(399n, rate, 8, 6)).toBe(0n);
    expect(convert(400n, rate, 8, 6)).toBe(1n);
  });

  it('reads an admin fixed rate exactly, and shows it without float noise', () => {
    expect(parseRate('0.98')).toEqual({ num: 98n, den: 100n });
    expect(rateText(parseRate('0.98'))).toBe('0.98');
    expect(rateText({ num: 1n, den: 3n })).toBe('0.333333333333');
    expect(convert(10_000_000n, parseRate('0.98'), 6, 6)).toBe(9_800_000n);
    expect(() => parseRate('0')).toThrow();
  });

  it('has no market rate while a price is missing', () => {
    expect(marketRate(0n, 1_000_000n)).toBeNull();
  });

  it('values balances in USD rounded down', () => {
    expect(usdMicrosOf(1n, 8, 250_000n)).toBe(0n);
    expect(usdMicrosOf(800_00000000n, 8, 250_000n)).toBe(200_000_000n);
  });
});
