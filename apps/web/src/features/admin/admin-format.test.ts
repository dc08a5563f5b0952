import { describe, expect, it } from 'vitest';
import {
  amountIssue,
  compactJson,
  displayAmount,
  displayTyped,
  shortText,
  splitUsernames,
} from './admin-format';

describe('admin formatting', () => {
  it('shows server amounts exactly, grouped, trailing zeros cut to two', () => {
    expect(displayAmount('1234.500000', 'en-US')).toBe('1,234.50');
    expect(displayAmount('0.000000', 'en-US')).toBe('0.00');
    expect(displayAmount('-20.125000', 'en-US')).toBe('-20.125');
    // Beyond a float's precision: still every digit.
    expect(displayAmount('12345678901234567.123456789012345678', 'en-US')).toBe(
      '12,345,678,901,234,567.123456789012345678',
    );
    expect(displayAmount('1234.500000', 'de')).toBe('1.234,50');
    expect(displayAmount('not a number', 'en-US')).toBe('not a number');
  });

  it('checks typed amounts with the currency decimals, as the server does', () => {
    expect(amountIssue('10.5', 6)).toBeNull();
    expect(amountIssue('10.1234567', 6)).toBe('AMOUNT_TOO_PRECISE');
    expect(amountIssue('0', 6)).toBe('AMOUNT_NOT_POSITIVE');
    expect(amountIssue('1e3', 6)).toBe('AMOUNT_INVALID');
    expect(amountIssue('anything', undefined)).toBeNull();
    expect(displayTyped('1000.5', 6, 'en-US')).toBe('1,000.50');
  });

  it('reads usernames one a line or comma-separated, each once', () => {
    expect(splitUsernames('alice01\nbob01, carol01;  Alice01\n\n')).toEqual(['alice01', 'bob01', 'carol01']);
    expect(splitUsernames('  ')).toEqual([]);
  });

  it('shortens long hashes in the middle and writes audit detail on one line', () => {
    expect(shortText(`0x${'a'.repeat(64)}`, 6, 4)).toBe('0xaaaa…aaaa');
    expect(shortText('TXYZ')).toBe('TXYZ');
    expect(compactJson({ reason: 'x', amount: '5' })).toBe('{"reason":"x","amount":"5"}');
    expect(compactJson({})).toBe('');
  });
});
