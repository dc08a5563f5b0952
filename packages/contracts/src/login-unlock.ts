import { z } from 'zod';
import { ZTacCode } from './auth';

/**
 * A code was asked for where the answer must not tell whether the account exists (forgot password, login
 * unlock): the same body for every login, and no destination.
 */
export const ZCodeRequested = z.object({
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});
export type TCodeRequested = z.infer<typeof ZCodeRequested>;

/** "Send me an unlock code": past the account's ceiling of failed logins (decision 43). */
export const ZLoginUnlockStart = z.object({ login: z.string().trim().min(1).max(254) });
export type TLoginUnlockStart = z.infer<typeof ZLoginUnlockStart>;

/** The unlock code: accepted, it lets this address try the password again. */
export const ZLoginUnlock = z.object({
  login: z.string().trim().min(1).max(254),
  code: ZTacCode,
});
export type TLoginUnlock = z.infer<typeof ZLoginUnlock>;
