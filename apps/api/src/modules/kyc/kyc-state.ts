import type { ErrorCode, KycStatus, TKycSubmissionStatus } from '@app/contracts';

/** What can happen to a member's KYC: they submit, an admin approves or rejects the pending submission. */
export type KycEvent = 'submit' | 'approve' | 'reject';

export type KycTransition = { ok: true; to: TKycSubmissionStatus } | { ok: false; code: ErrorCode };

/**
 * The KYC state machine of spec section 4. A member with nothing or a rejected submission may submit (it
 * waits for approval); a pending one is approved or rejected; an approved one is final.
 */
export function transition(from: KycStatus, event: KycEvent): KycTransition {
  if (event === 'submit') {
    if (from === 'none' || from === 'rejected') return { ok: true, to: 'pending' };
    return { ok: false, code: from === 'pending' ? 'KYC_PENDING' : 'KYC_ALREADY_APPROVED' };
  }
  if (from !== 'pending') return { ok: false, code: 'KYC_NOT_PENDING' };
  return { ok: true, to: event === 'approve' ? 'approved' : 'rejected' };
}
