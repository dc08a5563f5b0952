import { type TSide, type ZRegister, ZSide } from '@app/contracts';
import type { z } from 'zod';
import type { ErrorPlaces } from '../../shared/server-errors';

/** The sign-up form holds exactly what ZRegister validates, so client and server agree on every rule. */
export type RegisterValues = z.input<typeof ZRegister>;

/** Where each refusal of the sign-up call shows: at the field it is about. */
export const registerErrorPlaces: ErrorPlaces<RegisterValues> = {
  USERNAME_INVALID: 'username',
  USERNAME_TAKEN: 'username',
  SPONSOR_NOT_FOUND: 'sponsor',
  PLACEMENT_NOT_FOUND: 'placement',
  PLACEMENT_NOT_IN_SPONSOR_DOWNLINE: 'placement',
  PLACEMENT_SIDE_TAKEN: 'side',
  EMAIL_TAKEN: 'contact.email',
  MOBILE_TAKEN: 'contact.mobile',
  TAC_INVALID: 'code',
  TAC_EXPIRED: 'code',
  TAC_TOO_MANY_ATTEMPTS: 'code',
  PASSWORD_TOO_WEAK: 'password',
  PASSWORD_MISMATCH: 'confirmPassword',
};

export const registerFieldNames = [
  'username',
  'sponsor',
  'placement',
  'side',
  'contact.email',
  'contact.prefix',
  'contact.mobile',
  'code',
  'password',
  'confirmPassword',
];

/** A link such as `#/pages/register/register?sponsor=alice&placement=bob&side=left` fills the tree fields. */
export function registerDefaults(params: URLSearchParams, language: string): RegisterValues {
  const side = ZSide.safeParse(params.get('side'));
  return {
    username: '',
    sponsor: params.get('sponsor') ?? '',
    placement: params.get('placement') ?? '',
    side: side.success ? side.data : ('left' satisfies TSide),
    contact: { channel: 'email', email: '' },
    code: '',
    password: '',
    confirmPassword: '',
    language,
  };
}
