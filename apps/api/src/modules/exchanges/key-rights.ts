import { z } from 'zod';

/**
 * What an exchange says about an API key, turned into one verdict: refusals (the key must not be kept),
 * warnings (the member should fix something) and facts to show (IP whitelist, expiry). Pure: the
 * connectors fetch the answers, this decides. A key that could move funds off the exchange is refused,
 * because we hold it: a leak of it must never be able to empty the member's account.
 */

export type KeyRefusal =
  | 'KEY_CAN_WITHDRAW'
  | 'KEY_CAN_TRANSFER_INTERNAL'
  | 'KEY_CAN_UNIVERSAL_TRANSFER'
  | 'KEY_CANNOT_TRADE'
  | 'KEY_EXPIRED';
export type KeyWarning = 'KEY_NO_IP_RESTRICTION' | 'KEY_EXPIRES_SOON' | 'KEY_WITHDRAW_UNCHECKABLE';

export interface KeyVerdict {
  refusals: KeyRefusal[];
  warnings: KeyWarning[];
  canTradeSpot: boolean;
  canTradePerpetual: boolean;
  /** The IPs the key is bound to, as the exchange reports them; empty when unrestricted or unknown. */
  ipWhitelist: string[];
  expiresAt: Date | null;
}

/** A key expiring within this many days is flagged, so the member renews it before bots stop. */
export const EXPIRY_WARNING_DAYS = 7;

/** Binance `GET /sapi/v1/account/apiRestrictions`. Missing flags count as granted where that is safer. */
export const ZBinanceRestrictions = z.object({
  ipRestrict: z.boolean().default(false),
  enableWithdrawals: z.boolean().default(true),
  enableInternalTransfer: z.boolean().default(true),
  permitsUniversalTransfer: z.boolean().default(true),
  enableSpotAndMarginTrading: z.boolean().default(false),
  enableFutures: z.boolean().default(false),
  tradingAuthorityExpirationTime: z.number().optional(),
});

/** Bybit `GET /v5/user/query-api`, its `result`. */
export const ZBybitApiKeyInfo = z.object({
  readOnly: z.number().default(0),
  ips: z.array(z.string()).default([]),
  expiredAt: z.string().optional(),
  permissions: z.record(z.string(), z.array(z.string())).default({}),
});

/** Gate `GET /api/v4/account/detail`. Gate reports no withdrawal right of a key. */
export const ZGateAccountDetail = z.object({
  ip_whitelist: z.array(z.string()).default([]),
  key: z.object({ mode: z.number().optional() }).optional(),
});

function expiryFindings(
  expiresAt: Date | null,
  now: Date,
): { refusals: KeyRefusal[]; warnings: KeyWarning[] } {
  if (!expiresAt || Number.isNaN(expiresAt.getTime())) return { refusals: [], warnings: [] };
  if (expiresAt <= now) return { refusals: ['KEY_EXPIRED'], warnings: [] };
  const soon = now.getTime() + EXPIRY_WARNING_DAYS * 24 * 3600 * 1000;
  return { refusals: [], warnings: expiresAt.getTime() <= soon ? ['KEY_EXPIRES_SOON'] : [] };
}

function verdict(parts: {
  refusals: Array<KeyRefusal | false>;
  warnings: Array<KeyWarning | false>;
  canTradeSpot: boolean;
  canTradePerpetual: boolean;
  ipWhitelist: string[];
  expiresAt: Date | null;
  now: Date;
}): KeyVerdict {
  const expiry = expiryFindings(parts.expiresAt, parts.now);
  const refusals = parts.refusals.filter((r): r is KeyRefusal => r !== false);
  if (!parts.canTradeSpot && !parts.canTradePerpetual) refusals.push('KEY_CANNOT_TRADE');
  return {
    refusals: [...refusals, ...expiry.refusals],
    warnings: [...parts.warnings.filter((w): w is KeyWarning => w !== false), ...expiry.warnings],
    canTradeSpot: parts.canTradeSpot,
    canTradePerpetual: parts.canTradePerpetual,
    ipWhitelist: parts.ipWhitelist,
    expiresAt: parts.expiresAt,
  };
}

export function judgeBinanceKey(answer: unknown, now = new Date()): KeyVerdict {
  const r = ZBinanceRestrictions.parse(answer);
  return verdict({
    refusals: [
      r.enableWithdrawals && 'KEY_CAN_WITHDRAW',
      r.enableInternalTransfer && 'KEY_CAN_TRANSFER_INTERNAL',
      r.permitsUniversalTransfer && 'KEY_CAN_UNIVERSAL_TRANSFER',
    ],
    warnings: [!r.ipRestrict && 'KEY_NO_IP_RESTRICTION'],
    canTradeSpot: r.enableSpotAndMarginTrading,
    canTradePerpetual: r.enableFutures,
    // Binance does not list the IPs here; `ipRestrict` says whether there are any.
    ipWhitelist: [],
    expiresAt: r.tradingAuthorityExpirationTime ? new Date(r.tradingAuthorityExpirationTime) : null,
    now,
  });
}

export function judgeBybitKey(answer: unknown, now = new Date()): KeyVerdict {
  const r = ZBybitApiKeyInfo.parse(answer);
  const has = (group: string, right: string) => (r.permissions[group] ?? []).includes(right);
  const writable = r.readOnly === 0;
  const boundIps = r.ips.filter((ip) => ip !== '*' && ip.trim() !== '');
  return verdict({
    refusals: [has('Wallet', 'Withdraw') && 'KEY_CAN_WITHDRAW'],
    warnings: [boundIps.length === 0 && 'KEY_NO_IP_RESTRICTION'],
    canTradeSpot: writable && has('Spot', 'SpotTrade'),
    canTradePerpetual:
      writable &&
      (has('ContractTrade', 'Order') ||
        has('ContractTrade', 'Position') ||
        has('Derivatives', 'DerivativesTrade')),
    ipWhitelist: boundIps,
    expiresAt: r.expiredAt ? new Date(r.expiredAt) : null,
    now,
  });
}

export function judgeGateKey(answer: unknown, now = new Date()): KeyVerdict {
  const r = ZGateAccountDetail.parse(answer);
  // Gate's answer says nothing of trading or withdrawal rights; trading is proven by the test order path.
  return verdict({
    refusals: [],
    warnings: ['KEY_WITHDRAW_UNCHECKABLE', r.ip_whitelist.length === 0 && 'KEY_NO_IP_RESTRICTION'],
    canTradeSpot: true,
    canTradePerpetual: true,
    ipWhitelist: r.ip_whitelist,
    expiresAt: null,
    now,
  });
}
