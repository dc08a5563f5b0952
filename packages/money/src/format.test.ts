import { describe, expect, it } from 'vitest';
import { formatAmount, toDecimalString } from './format';

describe('toDecimalString: the JSON form', () => {
  it('writes every decimal of the currency', () => {
    expect(toDecimalString(20_500_000n, 6)).toBe('20.500000');
    expect(toDecimalString(1n, 6)).toBe('0.000001');
    expect(toDecimalString(0n, 6)).toBe('0.000000');
    expect(toDecimalString(42n, 0)).toBe('42');
    expect(toDecimalString(-1_500_000n, 6)).toBe('-1.500000');
    expect(toDecimalString(10n ** 38n - 1n, 18)).toBe('99999999999999999999.999999999999999999');
  });
});

describe('formatAmount: for display', () => {
  it('groups and separates as the locale does', () => {
    expect(formatAmount(1_234_567_500_000n, 6)).toBe('1,234,567.50');
    expect(formatAmount(1_234_567_500_000n, 6, 'de')).toBe('1.234.567,50');
    expect(formatAmount(1_234_567_500_000n, 6, 'fr')).toBe(`1${'\u202f'}234${'\u202f'}567,50`);
    expect(formatAmount(1_234_567_500_000n, 6, 'zh-CN')).toBe('1,234,567.50');
  });

  it('shows every significant decimal, at least two', () => {
    expect(formatAmount(20_000_001n, 6)).toBe('20.000001');
    expect(formatAmount(20_000_000n, 6)).toBe('20.00');
    expect(formatAmount(5n, 0)).toBe('5');
  });

  it('cuts extra digits rather than rounding up (a balance never shows more than it is)', () => {
    expect(formatAmount(999_999n, 6, 'en-US', { maximumFractionDigits: 2 })).toBe('0.99');
    expect(formatAmount(-999_999n, 6, 'en-US', { maximumFractionDigits: 2 })).toBe('-0.99');
    expect(formatAmount(-1n, 6, 'en-US', { maximumFractionDigits: 2 })).toBe('0.00');
  });

  it('keeps digits beyond a float: 38 digits survive', () => {
    expect(formatAmount(10n ** 38n - 1n, 18, 'en-US')).toBe('99,999,999,999,999,999,999.999999999999999999');
  });

  it('uses the locale digits where it has its own', () => {
    expect(formatAmount(1_234_500_001n, 6, 'ar-EG')).toBe('١٬٢٣٤٫٥٠٠٠٠١');
  });
});
