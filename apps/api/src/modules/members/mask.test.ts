import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile, maskName } from './mask';

describe('masking what a stranger may see', () => {
  it('keeps the ends of a name', () => {
    expect(maskName('Alice Demo')).toBe('Al******mo');
    expect(maskName('Bob')).toBe('B***b');
    expect(maskName('Al')).toBe('A*');
  });
  it('keeps the domain of an email and the ends of a mobile number', () => {
    expect(maskEmail('kevin01@demo.local')).toBe('k***1@demo.local');
    expect(maskMobile('+60123456789')).toBe('+60******789');
  });
});
