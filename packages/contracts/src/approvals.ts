import { z } from 'zod';
import { ZPageQuery, ZTimestamp } from './common';
import { ZAdjustBalance, ZDecimal, ZManualDeposit } from './wallet';

/**
 * Four eyes: an admin's balance adjustment or manual deposit above FOUR_EYES_THRESHOLD_USD waits for a
 * second admin's approval.
 */
export const ApprovalKinds = ['adjustment', 'manual_deposit'] as const;
export const ZApprovalKind = z.enum(ApprovalKinds);
export type TApprovalKind = z.infer<typeof ZApprovalKind>;
export const ZApprovalStatus = z.enum(['pending', 'approved', 'rejected']);
export type TApprovalStatus = z.infer<typeof ZApprovalStatus>;

/** An adjustment or manual deposit above the four-eyes threshold, waiting for (or decided by) a second admin. */
export const ZAdminApproval = z.object({
  id: z.string(),
  kind: ZApprovalKind,
  status: ZApprovalStatus,
  /** What was asked, as it was sent. */
  adjustment: ZAdjustBalance.nullable(),
  deposit: ZManualDeposit.nullable(),
  /** Its worth in USD when asked, by the currency's price then. */
  usdValue: ZDecimal,
  requestedBy: z.string(),
  requestedAt: ZTimestamp,
  decidedBy: z.string().nullable(),
  decidedAt: ZTimestamp.nullable(),
  rejectReason: z.string().nullable(),
  /** The caller asked for it (and so may not approve it). */
  mine: z.boolean(),
});
export type TAdminApproval = z.infer<typeof ZAdminApproval>;

/** What an adjustment or manual deposit above the threshold answers (HTTP 202): it waits for approval. */
export const ZApprovalPending = z.object({ approval: ZAdminApproval });
export type TApprovalPending = z.infer<typeof ZApprovalPending>;

export const ZAdminApprovalsQuery = ZPageQuery.extend({ status: ZApprovalStatus.optional() });
export type TAdminApprovalsQuery = z.infer<typeof ZAdminApprovalsQuery>;

export const ZRejectApproval = z.object({
  reason: z.string().trim().min(3, { message: 'REASON_REQUIRED' }).max(500),
});
export type TRejectApproval = z.infer<typeof ZRejectApproval>;
