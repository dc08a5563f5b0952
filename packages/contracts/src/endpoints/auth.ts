import {
  ZChangePassword,
  ZCheckPlacementQuery,
  ZCheckPlacementResult,
  ZCheckSponsorQuery,
  ZCheckSponsorResult,
  ZCheckUsernameQuery,
  ZCheckUsernameResult,
  ZForgotReset,
  ZForgotStart,
  ZLogin,
  ZLoginResult,
  ZMe,
  ZRegister,
  ZSendMemberTac,
  ZSendSignupTac,
  ZSessionIdParams,
  ZSessionItem,
  ZSetTransactionPassword,
  ZTacSent,
  ZTelPrefixList,
  ZTokenResult,
} from '../auth';
import { ZOk, ZPageQuery, zPage } from '../common';
import { ZNonce, ZPublicKey } from '../crypto';
import { defineEndpoint } from '../endpoint';
import { ZCodeRequested, ZLoginUnlock, ZLoginUnlockStart } from '../login-unlock';
import { ZMoneyHoldState } from '../money-hold';

/** The operations registered by apps/api/src/modules/auth/auth.routes.ts. */
export const AuthEndpoints = {
  telPrefixes: defineEndpoint({ method: 'GET', path: '/api/auth/tel-prefixes', response: ZTelPrefixList }),
  checkUsername: defineEndpoint({
    method: 'GET',
    path: '/api/auth/check-username',
    query: ZCheckUsernameQuery,
    response: ZCheckUsernameResult,
  }),
  checkSponsor: defineEndpoint({
    method: 'GET',
    path: '/api/auth/check-sponsor',
    query: ZCheckSponsorQuery,
    response: ZCheckSponsorResult,
  }),
  checkPlacement: defineEndpoint({
    method: 'GET',
    path: '/api/auth/check-placement',
    query: ZCheckPlacementQuery,
    response: ZCheckPlacementResult,
  }),
  signupTac: defineEndpoint({
    method: 'POST',
    path: '/api/auth/signup-tac',
    body: ZSendSignupTac,
    response: ZTacSent,
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: ZRegister,
    response: ZLoginResult,
  }),
  login: defineEndpoint({ method: 'POST', path: '/api/auth/login', body: ZLogin, response: ZLoginResult }),
  token: defineEndpoint({ method: 'POST', path: '/api/auth/token', body: ZLogin, response: ZTokenResult }),
  logout: defineEndpoint({ method: 'POST', path: '/api/auth/logout', response: ZOk }),
  forgotStart: defineEndpoint({
    method: 'POST',
    path: '/api/auth/forgot-password/start',
    body: ZForgotStart,
    response: ZCodeRequested,
  }),
  loginUnlockStart: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login-unlock/start',
    body: ZLoginUnlockStart,
    response: ZCodeRequested,
  }),
  loginUnlock: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login-unlock',
    body: ZLoginUnlock,
    response: ZOk,
  }),
  forgotReset: defineEndpoint({
    method: 'POST',
    path: '/api/auth/forgot-password/reset',
    body: ZForgotReset,
    response: ZOk,
  }),
  me: defineEndpoint({ method: 'GET', path: '/api/me', response: ZMe }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/me/password',
    body: ZChangePassword,
    response: ZOk,
  }),
  moneyHold: defineEndpoint({ method: 'GET', path: '/api/me/money-hold', response: ZMoneyHoldState }),
  memberTac: defineEndpoint({
    method: 'POST',
    path: '/api/me/tac',
    body: ZSendMemberTac,
    response: ZTacSent,
  }),
  transactionPassword: defineEndpoint({
    method: 'POST',
    path: '/api/me/transaction-password',
    body: ZSetTransactionPassword,
    response: ZOk,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/me/sessions',
    query: ZPageQuery,
    response: zPage(ZSessionItem),
  }),
  session: defineEndpoint({
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    params: ZSessionIdParams,
    response: ZOk,
  }),
  publicKey: defineEndpoint({ method: 'GET', path: '/api/crypto/public-key', response: ZPublicKey }),
  nonce: defineEndpoint({ method: 'POST', path: '/api/crypto/nonce', response: ZNonce }),
};
