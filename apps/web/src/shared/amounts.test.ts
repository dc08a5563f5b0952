import { describe, expect, it } from 'vitest';
import {
  amountText,
  assetAmountText,
  checkAmount,
  decimalsIn,
  decimalText,
  decimalValueText,
  minorOf,
  percentText,
  productOf,
  signOf,
  usdText,
  withdrawalPreview,
  writtenPlaces,
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

describe('exchange decimals on screen', () => {
  it('writes them in the locale with the decimals they came with', () => {
    expect(decimalText('64250.5')).toBe('64,250.5');
    expect(decimalText('0.00012345')).toBe('0.00012345');
    expect(decimalText('3.10', 2)).toBe('3.10');
    expect(decimalText('3', 2)).toBe('3');
    expect(decimalText('1e5')).toBe('1e5');
    expect(decimalText(null)).toBe('—');
  });

  it('multiplies amount by price exactly and cuts the value to cents, never rounding up', () => {
    expect(decimalValueText(productOf('0.01', '64250.5'))).toBe('642.50');
    // 0.1 x 3 is 0.30000000000000004 in floating point.
    expect(decimalValueText(productOf('0.1', '3'), 18)).toBe('0.30');
    expect(decimalValueText(productOf('0.123456789012345678', '0.999999999999999999'))).toBe('0.12');
    expect(decimalValueText(productOf('2', '0.999'))).toBe('1.99');
    expect(decimalValueText(productOf('-2', '0.999'))).toBe('-1.99');
    expect(productOf('', '1')).toBeNull();
    expect(decimalValueText(null)).toBe('—');
  });

  it('counts the places as written and knows the sign of a PnL', () => {
    expect([writtenPlaces('3.10'), writtenPlaces('64250'), writtenPlaces(' 0.5 ')]).toEqual([2, 0, 1]);
    expect([signOf('-120.75'), signOf('0.00'), signOf('630.05'), signOf('x')]).toEqual([-1, 0, 1, 0]);
  });

  it('shows an exchange asset at its places: a stablecoin at 6, another coin at 8, cut, two at least', () => {
    expect(assetAmountText('9979.67030325745', 'USDT', 'en-US')).toBe('9,979.670303');
    expect(assetAmountText('0.01884384255', 'USDT', 'en-US')).toBe('0.018843');
    expect(assetAmountText('10', 'usdc', 'en-US')).toBe('10.00');
    expect(assetAmountText('0.123456789', 'BTC', 'en-US')).toBe('0.12345678');
    expect(assetAmountText('-1.9999999', 'USDT', 'en-US')).toBe('-1.999999');
    expect(assetAmountText('9979.67030325745', 'USDT', 'de-DE')).toBe('9.979,670303');
    expect(assetAmountText(null, 'USDT')).toBe('—');
    expect(assetAmountText('', 'USDT')).toBe('—');
  });
});
