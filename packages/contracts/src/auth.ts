import { z } from 'zod';
import { ZTimestamp } from './common';
import { ZSealed } from './crypto';
import { ZKycStatus } from './kyc';
import { Limits } from './limits';
import { ZRecoveryCode, ZTotpCode } from './staff';

// Zod messages are error codes: the client translates them with the locale key `errors.<CODE>`.

export const ZUsername = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9]{${Limits.usernameMin},${Limits.usernameMax}}$`), {
    message: 'USERNAME_INVALID',
  });

/** A member's public id as members type it: their username (case-insensitive). */
export const ZMemberRef = z
  .string()
  .trim()
  .min(1)
  .max(Limits.usernameMax * 2);

export const ZPassword = z
  .string()
  .min(Limits.passwordMin, { message: 'PASSWORD_TOO_WEAK' })
  .max(Limits.passwordMax, { message: 'PASSWORD_TOO_WEAK' })
  .refine((v) => /[A-Za-z]/.test(v) && /[0-9]/.test(v), { message: 'PASSWORD_TOO_WEAK' });

export const ZEmail = z.string().trim().toLowerCase().max(254).email({ message: 'EMAIL_INVALID' });
export const ZTelPrefix = z.string().regex(/^\+[0-9]{1,4}$/, { message: 'MOBILE_INVALID' });
export const ZMobileNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{5,14}$/, { message: 'MOBILE_INVALID' });
export const ZTacCode = z
  .string()
  .trim()
  .regex(new RegExp(`^[0-9]{${Limits.tacLength}}$`), { message: 'TAC_INVALID' });
export const ZSide = z.enum(['left', 'right']);
export type TSide = z.infer<typeof ZSide>;

/** Where a TAC code goes: an email address, or a mobile number with its country prefix. */
export const ZContact = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), email: ZEmail }),
  z.object({ channel: z.literal('mobile'), prefix: ZTelPrefix, mobile: ZMobileNumber }),
]);
export type TContact = z.infer<typeof ZContact>;

export const ZTelPrefixItem = z.object({ prefix: z.string(), country: z.string(), iso: z.string() });
export const ZTelPrefixList = z.object({ items: z.array(ZTelPrefixItem) });
export type TTelPrefixItem = z.infer<typeof ZTelPrefixItem>;

export const ZCheckUsernameQuery = z.object({ username: z.string().max(64) });
export const ZCheckUsernameResult = z.object({ available: z.boolean() });

export const ZCheckSponsorQuery = z.object({ sponsor: ZMemberRef });
export const ZCheckSponsorResult = z.object({ username: z.string(), maskedName: z.string() });

export const ZCheckPlacementQuery = z.object({ sponsor: ZMemberRef, placement: ZMemberRef });
export const ZCheckPlacementResult = z.object({
  username: z.string(),
  leftFree: z.boolean(),
  rightFree: z.boolean(),
});
export type TCheckPlacementResult = z.infer<typeof ZCheckPlacementResult>;

export const ZSendSignupTac = z.object({ contact: ZContact });
export const ZTacSent = z.object({
  destination: z.string(),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});
export type TTacSent = z.infer<typeof ZTacSent>;

export const ZRegister = z
  .object({
    username: ZUsername,
    sponsor: ZMemberRef,
    placement: ZMemberRef,
    side: ZSide,
    contact: ZContact,
    code: ZTacCode,
    password: ZPassword,
    confirmPassword: z.string().max(Limits.passwordMax),
    language: z.string().max(8).optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'PASSWORD_MISMATCH',
    path: ['confirmPassword'],
  });
export type TRegister = z.infer<typeof ZRegister>;

export const ZLogin = z.object({
  login: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(Limits.passwordMax),
  /** Staff only: the authenticator code, or a recovery code, sent again with the password (staff.ts). */
  code: ZTotpCode.optional(),
  recoveryCode: ZRecoveryCode.optional(),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZRole = z.enum(['member', 'admin', 'support']);
export type TRole = z.infer<typeof ZRole>;

/** What the client keeps under `userInfo`. */
export const ZUserInfo = z.object({
  userid: z.string(),
  username: z.string(),
  role: ZRole,
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  sponsor: z.string().nullable(),
  placement: z.string().nullable(),
  side: ZSide.nullable(),
  rank: z.string(),
  language: z.string(),
  hasTransactionPassword: z.boolean(),
  joinedAt: ZTimestamp,
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** GET /api/me: the user info and the member's KYC state, which pages that depend on it read from here. */
export const ZMe = ZUserInfo.extend({ kycStatus: ZKycStatus });
export type TMe = z.infer<typeof ZMe>;

/** `totpEnrolment`: a staff member without a second factor yet; the session can only enrol one. */
export const ZLoginResult = z.object({ user: ZUserInfo, totpEnrolment: z.boolean().optional() });
export type TLoginResult = z.infer<typeof ZLoginResult>;
/** For clients that are not the web app: the bearer token is returned once, here only. */
export const ZTokenResult = z.object({
  token: z.string(),
  user: ZUserInfo,
  totpEnrolment: z.boolean().optional(),
});

export const ZForgotStart = z.object({ login: z.string().trim().min(1).max(254) });
export const ZForgotReset = z
  .object({
    login: z.string().trim().min(1).max(254),
    code: ZTacCode,
    password: ZPassword,
    confirmPassword: z.string().max(Limits.passwordMax),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'PASSWORD_MISMATCH',
    path: ['confirmPassword'],
  });
export type TForgotReset = z.infer<typeof ZForgotReset>;

/** The login password a member types to prove it is them before a credential change (step-up). */
export const ZCurrentPassword = z.string().min(1).max(Limits.passwordMax);

/**
 * Change the login password (step-up, decision 42): the current one, and a code sent to the member's
 * current contact (`POST /api/me/tac`, purpose `login_password`).
 */
export const ZChangePassword = z
  .object({
    currentPassword: ZCurrentPassword,
    code: ZTacCode,
    password: ZPassword,
    confirmPassword: z.string().max(Limits.passwordMax),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'PASSWORD_MISMATCH',
    path: ['confirmPassword'],
  });
export type TChangePassword = z.infer<typeof ZChangePassword>;

/**
 * The TAC purposes a signed-in member may ask a code for (sent to their own registered contact):
 * setting or changing the transaction password, binding a withdrawal address, changing the login password.
 */
export const ZMemberTacPurpose = z.enum(['transaction_password', 'withdraw_address', 'login_password']);
export type TMemberTacPurpose = z.infer<typeof ZMemberTacPurpose>;
export const ZSendMemberTac = z.object({ purpose: ZMemberTacPurpose });

/**
 * Set, change or reset the transaction password (step-up, decision 42): the login password, a code sent
 * to the member's current contact (purpose `transaction_password`), and the new secret sealed twice.
 */
export const ZSetTransactionPassword = z.object({
  currentPassword: ZCurrentPassword,
  code: ZTacCode,
  secret: ZSealed,
  confirm: ZSealed,
});
export type TSetTransactionPassword = z.infer<typeof ZSetTransactionPassword>;
/** The transaction password's own rule, checked after the server unseals it. */
export const ZTransactionPasswordValue = z
  .string()
  .min(6, { message: 'PASSWORD_TOO_WEAK' })
  .max(Limits.passwordMax, { message: 'PASSWORD_TOO_WEAK' });

export const ZSessionItem = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string(),
  createdAt: ZTimestamp,
  lastSeenAt: ZTimestamp,
  current: z.boolean(),
});
export type TSessionItem = z.infer<typeof ZSessionItem>;
export const ZSessionIdParams = z.object({ id: z.string().uuid() });
