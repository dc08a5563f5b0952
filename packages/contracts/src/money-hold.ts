import { z } from 'zod';
import { ZTimestamp } from './common';

/**
 * Why money leaving a member is held: the credential change that started the hold (decision 42). The
 * names are the security event kinds of those changes.
 */
export const MoneyHoldReasons = [
  'password_changed',
  'password_reset',
  'contact_changed',
  'transaction_password_set',
  'transaction_password_changed',
] as const;
export const ZMoneyHoldReason = z.enum(MoneyHoldReasons);
export type TMoneyHoldReason = z.infer<typeof ZMoneyHoldReason>;

export const ZMoneyHold = z.object({ reason: ZMoneyHoldReason, until: ZTimestamp });
export type TMoneyHold = z.infer<typeof ZMoneyHold>;

/**
 * GET /api/me/money-hold: what the money screens show before the member tries. `hold` stops money leaving
 * the member (transfers, withdrawals...); `transactionPasswordLockedUntil` stops every money action after
 * too many wrong transaction passwords. `holdHours` is how long a credential change holds money, for the
 * pages that make one to say so beforehand.
 */
export const ZMoneyHoldState = z.object({
  hold: ZMoneyHold.nullable(),
  transactionPasswordLockedUntil: ZTimestamp.nullable(),
  holdHours: z.number().min(0),
});
export type TMoneyHoldState = z.infer<typeof ZMoneyHoldState>;
