import { z } from 'zod';
import { ZPageQuery } from './common';
import { ZNetwork, ZPayoutAlert } from './wallet';

/** A withdrawal paid from the platform's hot wallet (decision 61): signed, broadcast, confirmed or failed. */
export const ZPayoutStatus = z.enum(['signed', 'broadcast', 'confirmed', 'failed']);
export type TPayoutStatus = z.infer<typeof ZPayoutStatus>;

export const ZAdminPayout = z.object({
  id: z.uuid(),
  withdrawalId: z.uuid(),
  network: ZNetwork,
  from: z.string(),
  to: z.string(),
  token: z.string(),
  /** In the token's own units (its decimals), as a whole number. */
  tokenAmount: z.string(),
  nonce: z.string(),
  status: ZPayoutStatus,
  /** The newest signed transaction's hash; `hashes` holds every one signed for this nonce. */
  txHash: z.string(),
  hashes: z.array(z.string()),
  minedHash: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The withdrawal it pays: its member, currency and what the member receives (amount less fee). */
  username: z.string(),
  currency: z.string(),
  payout: z.string(),
  /** Blocks on top of the mined transaction, itself included; 0 before it is mined, null if unreadable. */
  confirmations: z.number().int().nullable(),
  required: z.number().int(),
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;

/** Without a status: the payouts in flight (signed or broadcast, not yet confirmed). */
export const ZAdminPayoutsQuery = ZPageQuery.extend({ status: ZPayoutStatus.optional() });
export type TAdminPayoutsQuery = z.infer<typeof ZAdminPayoutsQuery>;

/**
 * An approved withdrawal the platform did not pay (decision 61): the hot wallet too low for it, or its
 * payout failed; for a failed one, the payout's error and hashes. The admin retries it or pays it by hand.
 */
export const ZAdminPayoutAlert = z.object({
  withdrawalId: z.uuid(),
  username: z.string(),
  currency: z.string(),
  network: ZNetwork,
  payout: z.string(),
  alert: ZPayoutAlert,
  decidedAt: z.string().nullable(),
  failedPayout: z
    .object({ id: z.uuid(), error: z.string().nullable(), hashes: z.array(z.string()) })
    .nullable(),
});
export type TAdminPayoutAlert = z.infer<typeof ZAdminPayoutAlert>;
export const ZAdminPayoutAlerts = z.object({ items: z.array(ZAdminPayoutAlert) });
export type TAdminPayoutAlerts = z.infer<typeof ZAdminPayoutAlerts>;

/** After "retry payout": the payer may sign one more payout for the withdrawal (decision 68). */
export const ZPayoutRetried = z.object({ withdrawalId: z.uuid(), retries: z.number().int() });
export type TPayoutRetried = z.infer<typeof ZPayoutRetried>;
