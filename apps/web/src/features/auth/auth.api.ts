import {
  Paths,
  type TContact,
  type TForgotReset,
  type TLogin,
  type TLoginUnlock,
  type TRegister,
  ZCodeRequested,
  ZLoginResult,
  ZOk,
  ZTacSent,
} from '@app/contracts';
import { api } from '../../app/api';

/** The calls of the access pages. `handled`: the codes the calling form shows inline. */
export const authApi = {
  login: (body: TLogin, handled: readonly string[]) => api.post(Paths.login, ZLoginResult, body, { handled }),
  register: (body: TRegister, handled: readonly string[]) =>
    api.post(Paths.register, ZLoginResult, body, { handled }),
  sendSignupTac: (contact: TContact, handled: readonly string[]) =>
    api.post(Paths.signupTac, ZTacSent, { contact }, { handled }),
  /** The same answer for every login (whether the account exists is not told): no destination. */
  forgotStart: (login: string, handled: readonly string[]) =>
    api.post(Paths.forgotStart, ZCodeRequested, { login }, { handled }),
  loginUnlockStart: (login: string, handled: readonly string[]) =>
    api.post(Paths.loginUnlockStart, ZCodeRequested, { login }, { handled }),
  loginUnlock: (body: TLoginUnlock, handled: readonly string[]) =>
    api.post(Paths.loginUnlock, ZOk, body, { handled }),
  forgotReset: (body: TForgotReset, handled: readonly string[]) =>
    api.post(Paths.forgotReset, ZOk, body, { handled }),
  logout: () => api.post(Paths.logout, ZOk),
};
