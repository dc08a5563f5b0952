import { describe, expect, it } from 'vitest';
import { amountText, durationParts, signOf } from './record-format';

describe('record figures', () => {
  it('shows two decimals, rounded half away from zero, and keeps small fees visible', () => {
    expect(amountText('5.546')).toBe('5.55');
    expect(amountText('-1.25')).toBe('-1.25');
    expect(amountText('-0.004')).toBe('-0.0040');
    expect(amountText('0.0005')).toBe('0.0005');
    expect(amountText('6112')).toBe('6,112.00');
    expect(amountText('0')).toBe('0.00');
    expect(amountText('-0.001')).toBe('-0.0010');
    expect(amountText('1.999')).toBe('2.00');
    expect(amountText('90913.42651162790697', 4)).toBe('90,913.4265');
  });

  it("writes them in the member's locale, as the wallet does", () => {
    expect(amountText('-6112.546', 2, 'de-DE')).toBe('-6.112,55');
    expect(amountText('0.0005', 2, 'fr-FR')).toBe('0,0005');
    expect(amountText('1234.5', 2, 'fr-FR')).toBe('1\u202f234,50');
  });

  it('tells gains from losses', () => {
    expect(signOf('3.7')).toBe('up');
    expect(signOf('-0.1')).toBe('down');
    expect(signOf('0')).toBe('flat');
  });

  it('splits a duration', () => {
    expect(durationParts(5407)).toEqual({ long: false, d: 0, h: 1, m: 30, s: 7 });
    expect(durationParts(90_061)).toEqual({ long: true, d: 1, h: 1, m: 1, s: 1 });
  });
});
