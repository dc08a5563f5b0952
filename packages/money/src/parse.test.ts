import { describe, expect, it } from 'vitest';
import { parseAmount } from './parse';

const ok = (value: bigint) => ({ ok: true, value });
const refused = (error: string) => ({ ok: false, error });

describe('parseAmount: decimal text straight into minor units', () => {
  it('reads whole and fractional amounts exactly', () => {
    expect(parseAmount('20.5', 6)).toEqual(ok(20_500_000n));
    expect(parseAmount('20', 6)).toEqual(ok(20_000_000n));
    expect(parseAmount('0.000001', 6)).toEqual(ok(1n));
    expect(parseAmount(' 7.25 ', 2)).toEqual(ok(725n));
    expect(parseAmount('0012.10', 6)).toEqual(ok(12_100_000n));
    expect(parseAmount('5', 0)).toEqual(ok(5n));
  });

  it('keeps values a float would round: 0.1 + 0.2 style and 18 decimals', () => {
    expect(parseAmount('0.3', 18)).toEqual(ok(300_000_000_000_000_000n));
    expect(parseAmount('9007199254740993.000001', 6)).toEqual(ok(9_007_199_254_740_993_000_001n));
  });

  it('refuses zero and negatives with AMOUNT_NOT_POSITIVE', () => {
    for (const text of ['0', '0.000000', '-1', '-0.5', '000']) {
      expect(parseAmount(text, 6)).toEqual(refused('AMOUNT_NOT_POSITIVE'));
    }
  });

  it('refuses more decimals than the currency has with AMOUNT_TOO_PRECISE', () => {
    expect(parseAmount('1.0000001', 6)).toEqual(refused('AMOUNT_TOO_PRECISE'));
    expect(parseAmount('1.5000000', 6)).toEqual(refused('AMOUNT_TOO_PRECISE'));
    expect(parseAmount('1.5', 0)).toEqual(refused('AMOUNT_TOO_PRECISE'));
  });

  it('refuses what is not plain decimal notation with AMOUNT_INVALID', () => {
    const bad = ['', '   ', 'abc', '1e5', '1E-6', '0x10', '+1', '.5', '5.', '1,000', '1 000', '١٢', 'NaN'];
    for (const text of [...bad, 'Infinity', '1.2.3', '--1', `${'1'.repeat(81)}`]) {
      expect([text, parseAmount(text, 6)]).toEqual([text, refused('AMOUNT_INVALID')]);
    }
  });

  it('refuses more than 38 digits of minor units with AMOUNT_TOO_LARGE', () => {
    expect(parseAmount('9'.repeat(33), 6)).toEqual(refused('AMOUNT_TOO_LARGE'));
    expect(parseAmount(`1${'0'.repeat(32)}`, 6)).toEqual(refused('AMOUNT_TOO_LARGE'));
    expect(parseAmount(`${'9'.repeat(32)}.999999`, 6)).toEqual(ok(10n ** 38n - 1n));
    expect(parseAmount(`000${'9'.repeat(20)}.${'9'.repeat(18)}`, 18)).toEqual(ok(10n ** 38n - 1n));
  });

  it('refuses a currency that cannot exist', () => {
    expect(() => parseAmount('1', 19)).toThrow(RangeError);
    expect(() => parseAmount('1', -1)).toThrow(RangeError);
  });
});
