import { z } from 'zod';
import { ZTimestamp } from './common';

/**
 * What a member's "Security activity" page lists. Each is an audit row with the action `security.<kind>`
 * and the subject `member:<id>` (written through the API's `recordSecurityEvent`), so the page and the
 * admins' audit log read the same rows.
 */
export const SecurityEventKinds = [
  'login',
  'login_failed',
  'step_up_failed',
  'login_throttled',
  'login_unlocked',
  'password_changed',
  'password_reset',
  'contact_changed',
  'transaction_password_set',
  'transaction_password_changed',
  'transaction_password_reset',
  'transaction_password_failed',
  'transaction_password_locked',
  'money_hold_started',
  'sessions_ended',
  'totp_enrolled',
  'totp_failed',
  'recovery_code_used',
] as const;
export const ZSecurityEventKind = z.enum(SecurityEventKinds);
export type TSecurityEventKind = z.infer<typeof ZSecurityEventKind>;

export const securityAction = (kind: TSecurityEventKind) => `security.${kind}` as const;

export const ZSecurityEvent = z.object({
  id: z.string(),
  kind: ZSecurityEventKind,
  ip: z.string(),
  /** A short device description where the event had one (a login). */
  device: z.string().nullable(),
  /** Kind-specific facts safe to show the member (which contact changed, when a hold ends...). */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  at: ZTimestamp,
});
export type TSecurityEvent = z.infer<typeof ZSecurityEvent>;

/** What "end all other sessions" answers: how many sessions this call ended (the caller's own survives). */
export const ZEndedSessions = z.object({ ended: z.number().int().min(0) });
export type TEndedSessions = z.infer<typeof ZEndedSessions>;
