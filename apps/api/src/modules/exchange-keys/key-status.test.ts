import { describe, expect, it } from 'vitest';
import { judgeBinanceKey, judgeBybitKey, type KeyVerdict } from '../exchanges/key-rights';
import { maskApiKey, standingOf } from './key-status';

const now = new Date('2026-11-23T12:00:00Z');
const day = 24 * 3600 * 1000;
const bybit = (over: Record<string, unknown> = {}): KeyVerdict =>
  judgeBybitKey({ readOnly: 0, ips: ['203.0.113.7'], permissions: { Spot: ['SpotTrade'] }, ...over }, now);

describe('the standing a rights check gives a bound key', () => {
  it('is active for a trade-only key, with or without an IP restriction chosen at binding', () => {
    expect(standingOf(bybit(), false)).toEqual({ status: 'active', reason: null, ipRestricted: true });
    expect(standingOf(bybit({ ips: ['*'] }), false)).toEqual({
      status: 'active',
      reason: null,
      ipRestricted: false,
    });
  });

  it('suspends a key that gained a right we refuse, naming the first one', () => {
    const verdict = judgeBinanceKey({
      ipRestrict: true,
      enableWithdrawals: true,
      enableInternalTransfer: true,
      permitsUniversalTransfer: false,
      enableSpotAndMarginTrading: true,
    });
    expect(standingOf(verdict, true)).toMatchObject({ status: 'suspended', reason: 'KEY_CAN_WITHDRAW' });
  });

  it('suspends a key that lost the IP restriction it had, and keeps remembering it had one', () => {
    expect(standingOf(bybit({ ips: [] }), true)).toEqual({
      status: 'suspended',
      reason: 'KEY_IP_RESTRICTION_REMOVED',
      ipRestricted: true,
    });
  });

  it('suspends a key within the expiry warning window, and an expired one', () => {
    const soon = new Date(now.getTime() + 3 * day).toISOString();
    const later = new Date(now.getTime() + 30 * day).toISOString();
    const past = new Date(now.getTime() - day).toISOString();
    expect(standingOf(bybit({ expiredAt: later }), true).status).toBe('active');
    expect(standingOf(bybit({ expiredAt: soon }), true)).toMatchObject({ reason: 'KEY_EXPIRES_SOON' });
    expect(standingOf(bybit({ expiredAt: past }), true)).toMatchObject({ reason: 'KEY_EXPIRED' });
  });
});

describe('a masked API key', () => {
  it('shows the first and last four characters only', () => {
    expect(maskApiKey('vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A')).toBe(
      'vmPU****Eh8A',
    );
    expect(maskApiKey('abcdefgh')).toBe('ab****');
  });
});
