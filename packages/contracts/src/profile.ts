import { z } from 'zod';
import { ZContact, ZCurrentPassword, ZMe, ZTacCode, ZTacSent } from './auth';

/**
 * What a member may change about themselves: the display name and the avatar. Username, sponsor and
 * placement are fixed at sign-up; the schema is strict, so a request that tries to send them is refused.
 */
export const ZFullName = z
  .string()
  .trim()
  .min(1, { message: 'FULL_NAME_INVALID' })
  .max(100, { message: 'FULL_NAME_INVALID' })
  // Letters of any script, marks, spaces and the punctuation names use; no digits or symbols.
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, { message: 'FULL_NAME_INVALID' });

/** An upload id as the uploads module hands it out. */
export const ZUploadId = z.uuid({ message: 'UPLOAD_NOT_FOUND' });

export const ZUpdateProfile = z
  .object({
    fullName: ZFullName.optional(),
    /** An avatar the member uploaded (purpose 'avatar'); null removes the avatar. */
    avatarUploadId: ZUploadId.nullable().optional(),
  })
  .strict()
  .refine((v) => v.fullName !== undefined || v.avatarUploadId !== undefined, {
    message: 'VALIDATION_FAILED',
  });
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;

/**
 * The profile page's view (Member/getprofile): what `/api/me` says (with the KYC state), plus the avatar
 * and the invitation code. The code is the username: it is what the sign-up page takes as the sponsor.
 */
export const ZProfile = ZMe.extend({
  avatarUploadId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  invitationCode: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

/**
 * Step one of changing the email or mobile (step-up, decision 42): the login password, then one code goes
 * to the member's CURRENT contact (it is them) and one to the NEW contact (they can read it).
 */
export const ZContactChangeTac = z.object({ contact: ZContact, currentPassword: ZCurrentPassword });
export type TContactChangeTac = z.infer<typeof ZContactChangeTac>;
export const ZContactChangeTacSent = z.object({ toCurrent: ZTacSent, toNew: ZTacSent });
export type TContactChangeTacSent = z.infer<typeof ZContactChangeTacSent>;

/** Step two: the new contact, the login password again, and both codes (`code` is the new contact's). */
export const ZContactChange = z.object({
  contact: ZContact,
  currentPassword: ZCurrentPassword,
  currentCode: ZTacCode,
  code: ZTacCode,
});
export type TContactChange = z.infer<typeof ZContactChange>;
