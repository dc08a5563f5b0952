import { z } from 'zod';
import { ZTimestamp } from './common';

/**
 * Staff (admins and support) and their second factor: TOTP (RFC 6238) with one-time recovery codes, a
 * fresh code before an admin's money action (step-up), and a second admin's approval above a set amount.
 */

/** Roles of staff: admins run everything; support works the KYC, customer-service and content queues. */
export const StaffRoles = ['admin', 'support'] as const;
export type TStaffRole = (typeof StaffRoles)[number];
export const isStaffRole = (role: string): role is TStaffRole =>
  (StaffRoles as readonly string[]).includes(role);

/** The six digits an authenticator app shows. */
export const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'TOTP_INVALID' });

/** A one-time recovery code as shown at enrolment (`ABCDE-FGHJK`); spaces, dashes and case do not matter. */
export const ZRecoveryCode = z
  .string()
  .trim()
  .min(10, { message: 'TOTP_INVALID' })
  .max(24, { message: 'TOTP_INVALID' });

/** A second factor: an authenticator code, or (when the device is lost) one of the recovery codes. */
export const ZTotpProof = z
  .object({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'TOTP_REQUIRED',
    path: ['code'],
  });
export type TTotpProof = z.infer<typeof ZTotpProof>;

export const ZTotpStatus = z.object({
  enrolled: z.boolean(),
  /** Unused recovery codes left (0 before enrolment). */
  recoveryCodesLeft: z.number().int(),
  /** Until when this session's last step-up code counts as fresh for money actions; null: none yet. */
  stepUpFreshUntil: ZTimestamp.nullable(),
});
export type TTotpStatus = z.infer<typeof ZTotpStatus>;

/** A new secret to scan: shown once, replaced by a new one if enrolment is started again before it ends. */
export const ZTotpEnrolmentStart = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  otpauthUri: z.string(),
});
export type TTotpEnrolmentStart = z.infer<typeof ZTotpEnrolmentStart>;

export const ZTotpEnrolmentConfirm = z.object({ code: ZTotpCode });
export type TTotpEnrolmentConfirm = z.infer<typeof ZTotpEnrolmentConfirm>;

/** Shown once: the server keeps only their hashes. */
export const ZTotpEnrolled = z.object({ recoveryCodes: z.array(z.string()) });
export type TTotpEnrolled = z.infer<typeof ZTotpEnrolled>;

export const ZStepUpResult = z.object({ freshUntil: ZTimestamp });
export type TStepUpResult = z.infer<typeof ZStepUpResult>;
