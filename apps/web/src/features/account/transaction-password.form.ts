import { ZCurrentPassword, ZTacCode, ZTransactionPasswordValue } from '@app/contracts';
import { z } from 'zod';
import type { ErrorPlaces } from '../../shared/server-errors';

/**
 * What the member types: the login password and a code to their contact (step-up, decision 42), then the
 * new transaction password twice. The request itself (ZSetTransactionPassword) carries the two values sealed, so
 * the form checks the plain values with the server's own rule for them before sealing.
 */
export const ZTransactionPasswordForm = z
  .object({
    currentPassword: ZCurrentPassword,
    code: ZTacCode,
    password: ZTransactionPasswordValue,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'PASSWORD_MISMATCH',
    path: ['confirmPassword'],
  });
export type TTransactionPasswordForm = z.infer<typeof ZTransactionPasswordForm>;

export const transactionPasswordPlaces: ErrorPlaces<TTransactionPasswordForm> = {
  CURRENT_PASSWORD_WRONG: 'currentPassword',
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
  CONTACT_MISSING: 'root',
};

// The server names sealed fields `secret` and `confirm`; the form shows them at the typed fields.
export const transactionPasswordFields = ['currentPassword', 'code', 'password', 'confirmPassword'];
