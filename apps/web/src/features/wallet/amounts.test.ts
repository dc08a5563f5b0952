import { describe, expect, it } from 'vitest';
import {
  amountText,
  checkAmount,
  decimalsIn,
  minorOf,
  percentText,
  usdText,
  withdrawalPreview,
} from './amounts';

describe('wallet amounts', () => {
  it('reads the server amounts, zero and negatives included, without a float', () => {
    expect(minorOf('20.500000', 6)).toBe(20_500_000n);
    expect(minorOf('0.000000', 6)).toBe(0n);
    expect(minorOf('-3.1', 6)).toBe(-3_100_000n);
    expect(minorOf('123456789012345678901234.123456', 6)).toBe(123456789012345678901234123456n);
    expect(minorOf('abc', 6)).toBeNull();
    expect(decimalsIn('800.00000000')).toBe(8);
    expect(decimalsIn('7')).toBe(0);
  });

  it('formats for the locale, cutting rather than rounding', () => {
    expect(amountText('1250.000000', 6)).toBe('1,250.00');
    expect(amountText('0.123456', 6)).toBe('0.123456');
    expect(usdText('1750.999999')).toBe('1,750.99');
    expect(percentText(500)).toBe('5');
    expect(percentText(50)).toBe('0.5');
  });

  it('checks a typed amount: format, precision, minimum, then the balance', () => {
    const limits = {
      minimum: { value: 20_000_000n, code: 'WITHDRAWAL_BELOW_MINIMUM' },
      available: '100.000000',
    };
    expect(checkAmount('', 6, limits)).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
    expect(checkAmount('1e3', 6, limits)).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
    expect(checkAmount('20.0000001', 6, limits)).toEqual({ ok: false, code: 'AMOUNT_TOO_PRECISE' });
    expect(checkAmount('0', 6, limits)).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    expect(checkAmount('19.999999', 6, limits)).toEqual({ ok: false, code: 'WITHDRAWAL_BELOW_MINIMUM' });
    expect(checkAmount('100.000001', 6, limits)).toEqual({ ok: false, code: 'LEDGER_INSUFFICIENT_FUNDS' });
    expect(checkAmount(' 100 ', 6, limits)).toEqual({ ok: true, value: 100_000_000n });
  });

  it('previews the withdrawal fee rounded up, and what arrives', () => {
    const usdt = { decimals: 6, feeBps: 500 };
    expect(withdrawalPreview('20', usdt)).toEqual({
      amount: 20_000_000n,
      fee: 1_000_000n,
      arrives: 19_000_000n,
    });
    // 5% of 20.000001 is 1.00000005: the fee is rounded up to 1.000001, so 19.000000 arrives.
    expect(withdrawalPreview('20.000001', usdt)).toEqual({
      amount: 20_000_001n,
      fee: 1_000_001n,
      arrives: 19_000_000n,
    });
    expect(withdrawalPreview('0.000001', usdt)).toEqual({ amount: 1n, fee: 1n, arrives: 0n });
    expect(withdrawalPreview('20.', usdt)).toBeNull();
    expect(withdrawalPreview('100', { decimals: 8, feeBps: 250 })?.fee).toBe(250_000_000n);
  });
});
