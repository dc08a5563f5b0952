import { describe, expect, it } from 'vitest';
import { applyTick, changeText, fundingText, priceText, trendOf } from './market-format';

const hour = 3_600_000;
const candle = {
  openTime: 10 * hour,
  open: '100.00',
  high: '105.00',
  low: '99.00',
  close: '101.00',
  volume: '3',
};

describe('the live price on the chart', () => {
  it('closes the current candle at the new price and stretches its high or low', () => {
    expect(applyTick(candle, '107.50', 10 * hour + 60_000, hour)).toEqual({
      ...candle,
      close: '107.50',
      high: '107.50',
    });
    expect(applyTick(candle, '98.00', 10 * hour + 60_000, hour)).toMatchObject({
      low: '98.00',
      high: '105.00',
    });
  });

  it('opens the next candle at the previous close once the interval has rolled over', () => {
    expect(applyTick(candle, '102.00', 11 * hour + 5, hour)).toEqual({
      openTime: 11 * hour,
      open: '101.00',
      high: '102.00',
      low: '101.00',
      close: '102.00',
      volume: '0',
    });
  });

  it('ignores a price older than the newest candle', () => {
    expect(applyTick(candle, '1.00', 9 * hour, hour)).toBe(candle);
  });
});

describe('price texts', () => {
  it('keeps every digit the source gave, grouped for the language', () => {
    expect(priceText('90123.45', 'en-US')).toBe('90,123.45');
    expect(priceText('0.15120', 'en-US')).toBe('0.15120');
    expect(priceText('90123.45', 'de')).toBe('90.123,45');
    expect(priceText('12345678901234.123456789', 'en-US')).toBe('12,345,678,901,234.123456789');
  });

  it('always shows the sign of a change, and its trend', () => {
    expect(changeText('2.31', 'en-US')).toBe('+2.31%');
    expect(changeText('-1.4', 'en-US')).toBe('-1.40%');
    expect(changeText('0.00', 'en-US')).toBe('0.00%');
    expect([trendOf('2.31'), trendOf('-0.01'), trendOf('0.00')]).toEqual(['up', 'down', 'flat']);
  });

  it('shows a funding rate fraction as a percentage with four decimals', () => {
    expect(fundingText('0.0001', 'en-US')).toBe('0.0100%');
    expect(fundingText('-0.000035', 'en-US')).toBe('-0.0035%');
  });
});
