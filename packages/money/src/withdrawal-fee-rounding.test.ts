import { describe, expect, it } from 'vitest';
import { STABLECOIN_DECIMALS } from './currency';
import { toDecimalString } from './format';
import { parseAmountOrThrow } from './parse';
import { withdrawalFee } from './rounding';

const usdt = (text: string) => parseAmountOrThrow(text, STABLECOIN_DECIMALS);
const feeOf = (text: string) => toDecimalString(withdrawalFee(usdt(text)), STABLECOIN_DECIMALS);

describe('withdrawal fee: 5%, rounded up to the next minor unit', () => {
  it('20.000001 USDT pays 1.000001 (1.00000005 rounded up, never down)', () => {
    expect(feeOf('20.000001')).toBe('1.000001');
  });

  it('20 USDT pays exactly 1', () => {
    expect(feeOf('20')).toBe('1.000000');
  });

  it('0.000001 USDT (one minor unit) pays one minor unit', () => {
    expect(feeOf('0.000001')).toBe('0.000001');
  });

  it('an exact multiple is not rounded: 100.00002 USDT pays 5.000001', () => {
    expect(feeOf('100.00002')).toBe('5.000001');
  });

  it('the fee is never below 5% and less than one minor unit above it', () => {
    for (let minor = 1n; minor < 5_000n; minor += 7n) {
      const fee = withdrawalFee(minor);
      expect(fee * 10_000n >= minor * 500n).toBe(true);
      expect((fee - 1n) * 10_000n < minor * 500n).toBe(true);
    }
  });

  it('another coin may have its own rate: 2.5% (250 bp) of 1 unit of 8 decimals', () => {
    expect(withdrawalFee(100_000_001n, 250n)).toBe(2_500_001n);
  });
});
