import { z } from 'zod';
import { ZPageQuery } from './common';
import { ZNetwork } from './wallet';

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
});
export type TAdminPayout = z.infer<typeof ZAdminPayout>;

/** Without a status: the payouts in flight (signed or broadcast, not yet confirmed). */
export const ZAdminPayoutsQuery = ZPageQuery.extend({ status: ZPayoutStatus.optional() });
export type TAdminPayoutsQuery = z.infer<typeof ZAdminPayoutsQuery>;
