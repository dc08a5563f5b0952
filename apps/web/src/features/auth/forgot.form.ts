import type { TForgotReset, ZForgotStart } from '@app/contracts';
import type { z } from 'zod';
import type { ErrorPlaces } from '../../shared/server-errors';

export type ForgotStartValues = z.input<typeof ZForgotStart>;

/** The start answers alike for every login (decision 43): nothing to place but a malformed one. */
export const forgotStartPlaces: ErrorPlaces<ForgotStartValues> = {};

export const forgotResetPlaces: ErrorPlaces<TForgotReset> = {
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
};

export const forgotResetFields = ['login', 'code', 'password', 'confirmPassword'];

/** Step two of the reset carries the login in its query: `...forgotpassword?login=alice01`. */
export function forgotResetHref(login: string): string {
  return `/pages/forgotpassword/forgotpassword?login=${encodeURIComponent(login)}`;
}

/** When the code of step one may be sent again, carried to step two in the router state. */
export interface ForgotResetState {
  resendAt: number;
}

export function secondsUntil(state: unknown): number {
  const at = (state as Partial<ForgotResetState> | null)?.resendAt;
  return typeof at === 'number' ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : 0;
}
