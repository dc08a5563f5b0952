import { describe, expect, it } from 'vitest';
import { capitalText, decimalText } from './display';

describe('capital shown to the member', () => {
  it('keeps short values and rounds longer ones up to the cent', () => {
    expect(capitalText('1000')).toBe('1,000');
    expect(capitalText('19.5')).toBe('19.5');
    expect(capitalText('280.78984626075')).toBe('280.79');
    expect(capitalText('10.010000001')).toBe('10.02');
    expect(capitalText('0.999')).toBe('1.00');
  });
});

describe('prices and profits shown in a receipt', () => {
  it('cuts to two decimals and keeps the sign', () => {
    expect(decimalText('90123.456')).toBe('90,123.45');
    expect(decimalText('-1.2399')).toBe('-1.23');
    expect(decimalText('-0.001')).toBe('0');
    expect(decimalText('12')).toBe('12');
    expect(decimalText('0.0012', 4)).toBe('0.0012');
  });

  it("writes both in the member's locale", () => {
    expect(capitalText('1280.781', 'de-DE')).toBe('1.280,79');
    expect(decimalText('-90123.456', 2, 'fr-FR')).toBe('-90\u202f123,45');
  });

  it('leaves a text that is not a plain decimal as it is', () => {
    expect(decimalText('1e-7')).toBe('1e-7');
    expect(capitalText('')).toBe('');
  });
});
