import {
  Endpoints,
  type TContact,
  type TForgotReset,
  type TLogin,
  type TLoginUnlock,
  type TRegister,
} from '@app/contracts';
import { api } from '../../app/api';

/** The calls of the access pages. `handled`: the codes the calling form shows inline. */
export const authApi = {
  login: (body: TLogin, handled: readonly string[]) => api.call(Endpoints.auth.login, { body, handled }),
  register: (body: TRegister, handled: readonly string[]) =>
    api.call(Endpoints.auth.register, { body, handled }),
  sendSignupTac: (contact: TContact, handled: readonly string[]) =>
    api.call(Endpoints.auth.signupTac, { body: { contact }, handled }),
  /** The same answer for every login (whether the account exists is not told): no destination. */
  forgotStart: (login: string, handled: readonly string[]) =>
    api.call(Endpoints.auth.forgotStart, { body: { login }, handled }),
  loginUnlockStart: (login: string, handled: readonly string[]) =>
    api.call(Endpoints.auth.loginUnlockStart, { body: { login }, handled }),
  loginUnlock: (body: TLoginUnlock, handled: readonly string[]) =>
    api.call(Endpoints.auth.loginUnlock, { body, handled }),
  forgotReset: (body: TForgotReset, handled: readonly string[]) =>
    api.call(Endpoints.auth.forgotReset, { body, handled }),
  logout: () => api.call(Endpoints.auth.logout),
};
