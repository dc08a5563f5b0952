import { describe, expect, it } from 'vitest';
import { judgeBinanceKey, judgeBybitKey, judgeGateKey } from './key-rights';

const now = new Date('2026-11-23T00:00:00Z');

// Shapes as the exchanges document them (Binance apiRestrictions, Bybit v5 query-api result, Gate detail).
const binanceSafe = {
  ipRestrict: true,
  createTime: 1698645219000,
  enableReading: true,
  enableWithdrawals: false,
  enableInternalTransfer: false,
  enableMargin: false,
  enableFutures: true,
  permitsUniversalTransfer: false,
  enableVanillaOptions: false,
  enableSpotAndMarginTrading: true,
  enablePortfolioMarginTrading: false,
};
const bybitSafe = {
  id: '13770661',
  readOnly: 0,
  ips: ['203.0.113.7'],
  permissions: {
    ContractTrade: ['Order', 'Position'],
    Spot: ['SpotTrade'],
    Wallet: ['AccountTransfer'],
    Options: [],
    Derivatives: [],
  },
  expiredAt: '2027-03-01T00:00:00Z',
};

describe('Binance key rights', () => {
  it('keeps a trading key restricted to our IPs, with nothing to warn', () => {
    const v = judgeBinanceKey(binanceSafe, now);
    expect(v).toMatchObject({ refusals: [], warnings: [], canTradeSpot: true, canTradePerpetual: true });
  });

  it('refuses withdrawal, internal transfer and universal transfer rights, each by name', () => {
    const v = judgeBinanceKey(
      {
        ...binanceSafe,
        enableWithdrawals: true,
        enableInternalTransfer: true,
        permitsUniversalTransfer: true,
      },
      now,
    );
    expect(v.refusals).toEqual([
      'KEY_CAN_WITHDRAW',
      'KEY_CAN_TRANSFER_INTERNAL',
      'KEY_CAN_UNIVERSAL_TRANSFER',
    ]);
  });

  it('warns without an IP restriction, and treats a missing withdrawal flag as granted', () => {
    expect(judgeBinanceKey({ ...binanceSafe, ipRestrict: false }, now).warnings).toEqual([
      'KEY_NO_IP_RESTRICTION',
    ]);
    const { enableWithdrawals: _, ...withoutFlag } = binanceSafe;
    expect(judgeBinanceKey(withoutFlag, now).refusals).toContain('KEY_CAN_WITHDRAW');
  });

  it('refuses a read-only key and an expired trading authority; warns a week before expiry', () => {
    expect(
      judgeBinanceKey({ ...binanceSafe, enableSpotAndMarginTrading: false, enableFutures: false }, now)
        .refusals,
    ).toEqual(['KEY_CANNOT_TRADE']);
    const past = now.getTime() - 1000;
    expect(judgeBinanceKey({ ...binanceSafe, tradingAuthorityExpirationTime: past }, now).refusals).toEqual([
      'KEY_EXPIRED',
    ]);
    const inThreeDays = now.getTime() + 3 * 24 * 3600 * 1000;
    expect(
      judgeBinanceKey({ ...binanceSafe, tradingAuthorityExpirationTime: inThreeDays }, now).warnings,
    ).toEqual(['KEY_EXPIRES_SOON']);
  });
});

describe('Bybit key rights', () => {
  it('keeps a trading key bound to an IP and shows its expiry', () => {
    const v = judgeBybitKey(bybitSafe, now);
    expect(v).toMatchObject({ refusals: [], warnings: [], ipWhitelist: ['203.0.113.7'] });
    expect(v.expiresAt?.toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('refuses a key with the Withdraw permission', () => {
    const v = judgeBybitKey(
      { ...bybitSafe, permissions: { ...bybitSafe.permissions, Wallet: ['Withdraw'] } },
      now,
    );
    expect(v.refusals).toEqual(['KEY_CAN_WITHDRAW']);
  });

  it('warns when no IP is bound ("*" counts as none) and refuses a read-only key', () => {
    expect(judgeBybitKey({ ...bybitSafe, ips: ['*'] }, now).warnings).toEqual(['KEY_NO_IP_RESTRICTION']);
    expect(judgeBybitKey({ ...bybitSafe, readOnly: 1 }, now).refusals).toEqual(['KEY_CANNOT_TRADE']);
  });
});

describe('Gate key rights', () => {
  it('shows the IP whitelist and says that withdrawal rights cannot be checked', () => {
    const v = judgeGateKey(
      { user_id: 1667201533, ip_whitelist: ['203.0.113.7'], currency_pairs: [], key: { mode: 1 } },
      now,
    );
    expect(v).toMatchObject({
      refusals: [],
      warnings: ['KEY_WITHDRAW_UNCHECKABLE'],
      ipWhitelist: ['203.0.113.7'],
    });
    expect(judgeGateKey({ ip_whitelist: [] }, now).warnings).toEqual([
      'KEY_WITHDRAW_UNCHECKABLE',
      'KEY_NO_IP_RESTRICTION',
    ]);
  });
});
