import { describe, expect, it } from 'vitest';
import { capitalText } from './display';

describe('capital shown to the member', () => {
  it('keeps short values and rounds longer ones up to the cent', () => {
    expect(capitalText('1000')).toBe('1000');
    expect(capitalText('19.5')).toBe('19.5');
    expect(capitalText('280.78984626075')).toBe('280.79');
    expect(capitalText('10.010000001')).toBe('10.02');
    expect(capitalText('0.999')).toBe('1.00');
  });
});
