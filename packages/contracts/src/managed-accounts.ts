import { z } from 'zod';
import { ZMemberRef } from './auth';
import { ZPageQuery, ZTimestamp } from './common';
import { ZSealed } from './crypto';
import { needsPassphrase, ZApiKey, ZKeyExchange } from './exchange-keys';
import { ZTradingExchange } from './trading';

/**
 * The accounts the platform holds for members' managed-mode rentals (investsavecompany): a sub-account the
 * operator opened for the member on the exchange (with its key), or a paper account of the platform's.
 */
export const ZManagedAccountKind = z.enum(['sub_account', 'paper']);
export type TManagedAccountKind = z.infer<typeof ZManagedAccountKind>;

/** The admin's list: by member (username prefix or member id) and exchange. */
export const ZAdminManagedAccountsQuery = ZPageQuery.extend({
  member: z.string().trim().max(64).optional(),
  exchange: ZTradingExchange.optional(),
});
export type TAdminManagedAccountsQuery = z.infer<typeof ZAdminManagedAccountsQuery>;

/** One account as the admin sees it: never the secret, the API key only masked. */
export const ZAdminManagedAccount = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  exchange: ZTradingExchange,
  kind: ZManagedAccountKind,
  /** First 4 and last 4 characters of the sub-account's API key; null for a paper account. */
  apiKeyMasked: z.string().nullable(),
  /** The member's managed bots on this exchange that are not stopped: while any, the account stays. */
  liveBots: z.number().int(),
  updatedAt: ZTimestamp,
});
export type TAdminManagedAccount = z.infer<typeof ZAdminManagedAccount>;

/**
 * Gives a member a sub-account on an exchange, or replaces its key: the secret and passphrase sealed like a
 * member's own key binding (ZBindKeyRequest), with a passphrase where the exchange has one.
 */
export const ZAssignSubAccount = z
  .object({
    username: ZMemberRef,
    exchange: ZKeyExchange,
    apiKey: ZApiKey,
    secret: ZSealed,
    passphrase: ZSealed.optional(),
  })
  .refine((body) => !needsPassphrase(body.exchange) || body.passphrase !== undefined, {
    path: ['passphrase'],
    message: 'REQUIRED',
  });
export type TAssignSubAccount = z.infer<typeof ZAssignSubAccount>;
