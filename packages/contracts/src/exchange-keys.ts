import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZSealed } from './crypto';

/** The exchanges a member can connect with an API key (the paper exchange needs none). */
export const KeyExchanges = ['binance', 'bybit', 'gate'] as const;
export const ZKeyExchange = z.enum(KeyExchanges);
export type TKeyExchange = z.infer<typeof ZKeyExchange>;

/**
 * Exchanges whose API keys come with a passphrase. None of ours today (Binance, Bybit and Gate have none);
 * the request keeps the field so an exchange that has one (OKX, KuCoin) needs no new contract.
 */
export const PassphraseExchanges: readonly TKeyExchange[] = [];
export const needsPassphrase = (exchange: TKeyExchange) => PassphraseExchanges.includes(exchange);

/** What the member should fix, though the key is kept. */
export const KeyWarnings = ['KEY_NO_IP_RESTRICTION', 'KEY_EXPIRES_SOON', 'KEY_WITHDRAW_UNCHECKABLE'] as const;
export const ZKeyWarning = z.enum(KeyWarnings);
export type TKeyWarning = z.infer<typeof ZKeyWarning>;

/**
 * Why a key is suspended (its bots pause): rights it must not have, an expiry passed or close, the IP
 * restriction it was bound with removed, or the exchange no longer accepting it.
 */
export const KeySuspensionReasons = [
  'KEY_CAN_WITHDRAW',
  'KEY_CAN_TRANSFER_INTERNAL',
  'KEY_CAN_UNIVERSAL_TRANSFER',
  'KEY_CANNOT_TRADE',
  'KEY_EXPIRED',
  'KEY_EXPIRES_SOON',
  'KEY_IP_RESTRICTION_REMOVED',
  'EXCHANGE_AUTH_FAILED',
] as const;
export const ZKeySuspensionReason = z.enum(KeySuspensionReasons);
export type TKeySuspensionReason = z.infer<typeof ZKeySuspensionReason>;

export const ZKeyStatus = z.enum(['active', 'suspended']);
export type TKeyStatus = z.infer<typeof ZKeyStatus>;

/** A bound key as the member sees it: never the secret, the API key only masked. */
export const ZExchangeKey = z.object({
  id: z.uuid(),
  exchange: ZKeyExchange,
  /** First 4 and last 4 characters of the API key. */
  apiKeyMasked: z.string(),
  status: ZKeyStatus,
  /** Set when suspended. */
  statusReason: ZKeySuspensionReason.nullable(),
  warnings: z.array(ZKeyWarning),
  /** The IPs the exchange says the key is bound to; empty when unrestricted or not reported. */
  ipWhitelist: z.array(z.string()),
  /** True when the key was bound with an IP restriction (removing it later suspends the key). */
  ipRestricted: z.boolean(),
  canTradeSpot: z.boolean(),
  canTradePerpetual: z.boolean(),
  expiresAt: ZTimestamp.nullable(),
  lastCheckedAt: ZTimestamp,
  createdAt: ZTimestamp,
});
export type TExchangeKey = z.infer<typeof ZExchangeKey>;

export const ZExchangeKeys = z.object({ items: z.array(ZExchangeKey) });
export type TExchangeKeys = z.infer<typeof ZExchangeKeys>;

/** The platform's outgoing IPs, to whitelist on the exchange. Empty when none is configured. */
export const ZEgressIps = z.object({ ips: z.array(z.string()) });
export type TEgressIps = z.infer<typeof ZEgressIps>;

/** Exchange API keys are printable ASCII without spaces (Binance 64, Bybit 18, Gate 32 characters). */
export const ZApiKey = z
  .string()
  .trim()
  .min(8, { message: 'API_KEY_INVALID' })
  .max(256, { message: 'API_KEY_INVALID' })
  .regex(/^[\x21-\x7e]+$/, { message: 'API_KEY_INVALID' });

/** Binds a key (savemaster, checkapi1): the secret and passphrase sealed like the transaction password. */
export const ZBindKeyRequest = z.object({
  exchange: ZKeyExchange,
  apiKey: ZApiKey,
  secret: ZSealed,
  passphrase: ZSealed.optional(),
  password: ZSealed,
});
export type TBindKeyRequest = z.infer<typeof ZBindKeyRequest>;

/** Unbinds a key (unbindapi): confirmed with the transaction password. */
export const ZUnbindKeyRequest = z.object({ password: ZSealed });
export type TUnbindKeyRequest = z.infer<typeof ZUnbindKeyRequest>;

export const ZUnbindKeyResult = z.object({
  id: z.uuid(),
  exchange: ZKeyExchange,
  /** Always true: unbinding never touches orders or positions on the exchange. */
  positionsUntouched: z.literal(true),
});
export type TUnbindKeyResult = z.infer<typeof ZUnbindKeyResult>;
