import {
  AuthEndpoints,
  type TContact,
  type TForgotReset,
  type TLogin,
  type TLoginUnlock,
  type TRegister,
} from '@app/contracts';
import { api } from '../../app/api';

/**
 * The calls of the access pages. `handled`: the codes the calling form shows inline. `AuthEndpoints`, not
 * `Endpoints`: this is on the login page's path, and `Endpoints` brings every group's schemas (decisions §79).
 */
export const authApi = {
  login: (body: TLogin, handled: readonly string[]) => api.call(AuthEndpoints.login, { body, handled }),
  register: (body: TRegister, handled: readonly string[]) =>
    api.call(AuthEndpoints.register, { body, handled }),
  sendSignupTac: (contact: TContact, handled: readonly string[]) =>
    api.call(AuthEndpoints.signupTac, { body: { contact }, handled }),
  /** The same answer for every login (whether the account exists is not told): no destination. */
  forgotStart: (login: string, handled: readonly string[]) =>
    api.call(AuthEndpoints.forgotStart, { body: { login }, handled }),
  loginUnlockStart: (login: string, handled: readonly string[]) =>
    api.call(AuthEndpoints.loginUnlockStart, { body: { login }, handled }),
  loginUnlock: (body: TLoginUnlock, handled: readonly string[]) =>
    api.call(AuthEndpoints.loginUnlock, { body, handled }),
  forgotReset: (body: TForgotReset, handled: readonly string[]) =>
    api.call(AuthEndpoints.forgotReset, { body, handled }),
  logout: () => api.call(AuthEndpoints.logout),
};
