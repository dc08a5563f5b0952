import {
  type KycStatus,
  Paths,
  ZChangePassword,
  ZCheckPlacementQuery,
  ZCheckPlacementResult,
  ZCheckSponsorQuery,
  ZCheckSponsorResult,
  ZCheckUsernameQuery,
  ZCheckUsernameResult,
  ZCodeRequested,
  ZForgotReset,
  ZForgotStart,
  ZLogin,
  ZLoginResult,
  ZLoginUnlock,
  ZLoginUnlockStart,
  ZMe,
  ZMoneyHoldState,
  ZNonce,
  ZOk,
  ZPageQuery,
  ZPublicKey,
  ZRegister,
  ZSendMemberTac,
  ZSendSignupTac,
  ZSessionIdParams,
  ZSessionItem,
  ZSetTransactionPassword,
  ZTacSent,
  ZTelPrefixList,
  ZTokenResult,
  zPage,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, SESSION_COOKIE } from '../../platform/access';
import type { AuthService, Caller, ClientMeta } from './auth.service';
import type { SealedService } from './sealed.service';
import type { SessionService } from './session.service';
import { telPrefixes } from './tel-prefixes';

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

/** The signed-in caller of a credential change: the session that asks stays signed in. */
function callerWithIp(request: FastifyRequest): Caller {
  const { memberId, sessionId } = callerOf(request);
  return { memberId, sessionId, ip: request.ip };
}

/**
 * The web app's session cookie: HttpOnly (scripts never see the token), `__Host-` (Secure, path /). It
 * lives no longer than the session's absolute lifetime, which starts at the same login.
 */
function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  sessions: SessionService;
  sealed: SealedService;
  authRateLimit: number;
  /** The member's KYC state, which /api/me carries (the KYC service's statusOf). */
  kycStatusOf: (memberId: string) => Promise<KycStatus>;
}> = async (app, { auth, sessions, sealed, authRateLimit, kycStatusOf }) => {
  const pub = { access: 'public' as const };
  // Per-IP limit on everything that guesses secrets, sends messages or tells whether a name exists.
  const guarded = { access: 'public' as const, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } };
  const member = { access: 'member' as const };
  const tags = ['auth'];

  app.get(
    Paths.telPrefixes,
    { config: pub, schema: { tags, response: { 200: ZTelPrefixList } } },
    async () => ({
      items: telPrefixes,
    }),
  );

  app.get(
    Paths.checkUsername,
    {
      config: guarded,
      schema: { tags, querystring: ZCheckUsernameQuery, response: { 200: ZCheckUsernameResult } },
    },
    async (request) => auth.checkUsername(request.query.username),
  );

  app.get(
    Paths.checkSponsor,
    {
      config: guarded,
      schema: { tags, querystring: ZCheckSponsorQuery, response: { 200: ZCheckSponsorResult } },
    },
    async (request) => auth.checkSponsor(request.query.sponsor),
  );

  app.get(
    Paths.checkPlacement,
    {
      config: guarded,
      schema: { tags, querystring: ZCheckPlacementQuery, response: { 200: ZCheckPlacementResult } },
    },
    async (request) => auth.checkPlacement(request.query.sponsor, request.query.placement),
  );

  app.post(
    Paths.signupTac,
    { config: guarded, schema: { tags, body: ZSendSignupTac, response: { 200: ZTacSent } } },
    async (request) =>
      auth.sendSignupTac(request.body.contact, request.headers['accept-language']?.split(',')[0]),
  );

  app.post(
    Paths.register,
    { config: guarded, schema: { tags, body: ZRegister, response: { 200: ZLoginResult } } },
    async (request, reply) => {
      const { token, user } = await auth.register(request.body, clientMeta(request));
      setSessionCookie(reply, token, sessions.cookieMaxAgeSeconds);
      return { user };
    },
  );

  app.post(
    Paths.login,
    { config: guarded, schema: { tags, body: ZLogin, response: { 200: ZLoginResult } } },
    async (request, reply) => {
      const { token, ...result } = await auth.login(request.body, clientMeta(request));
      setSessionCookie(reply, token, sessions.cookieMaxAgeSeconds);
      return result;
    },
  );

  app.post(
    Paths.token,
    { config: guarded, schema: { tags, body: ZLogin, response: { 200: ZTokenResult } } },
    async (request) => auth.login(request.body, clientMeta(request)),
  );

  app.post(
    Paths.logout,
    // 'session': a staff session that may only enrol its second factor can still log out.
    { config: { access: 'session' as const }, schema: { tags, response: { 200: ZOk } } },
    async (request, reply) => {
      await sessions.end(callerOf(request).sessionId, 'logout');
      reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
      return { ok: true as const };
    },
  );

  app.post(
    Paths.forgotStart,
    { config: guarded, schema: { tags, body: ZForgotStart, response: { 200: ZCodeRequested } } },
    async (request) => auth.forgotStart(request.body.login),
  );

  app.post(
    Paths.loginUnlockStart,
    { config: guarded, schema: { tags, body: ZLoginUnlockStart, response: { 200: ZCodeRequested } } },
    async (request) => auth.loginUnlockStart(request.body.login),
  );

  app.post(
    Paths.loginUnlock,
    { config: guarded, schema: { tags, body: ZLoginUnlock, response: { 200: ZOk } } },
    async (request) => {
      await auth.loginUnlock(request.body, clientMeta(request));
      return { ok: true as const };
    },
  );

  app.post(
    Paths.forgotReset,
    { config: guarded, schema: { tags, body: ZForgotReset, response: { 200: ZOk } } },
    async (request) => {
      await auth.forgotReset(request.body, request.ip);
      return { ok: true as const };
    },
  );

  app.get(Paths.me, { config: member, schema: { tags, response: { 200: ZMe } } }, async (request) => {
    const memberId = callerOf(request).memberId;
    const [user, kycStatus] = await Promise.all([auth.me(memberId), kycStatusOf(memberId)]);
    return { ...user, kycStatus };
  });

  app.post(
    Paths.changePassword,
    {
      config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: { tags, body: ZChangePassword, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.changePassword(callerWithIp(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.moneyHold,
    { config: member, schema: { tags, response: { 200: ZMoneyHoldState } } },
    async (request) => auth.moneyHoldState(callerOf(request).memberId),
  );

  app.post(
    Paths.memberTac,
    {
      config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: { tags, body: ZSendMemberTac, response: { 200: ZTacSent } },
    },
    async (request) => auth.sendMemberTac(callerOf(request).memberId, request.body.purpose),
  );

  app.post(
    Paths.transactionPassword,
    {
      config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
      schema: { tags, body: ZSetTransactionPassword, response: { 200: ZOk } },
    },
    async (request) => {
      await auth.setTransactionPassword(callerWithIp(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.sessions,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZSessionItem) } } },
    async (request) => {
      const caller = callerOf(request);
      return sessions.listOf(caller.memberId, caller.sessionId, request.query.page, request.query.pageSize);
    },
  );

  app.delete(
    Paths.session,
    { config: member, schema: { tags, params: ZSessionIdParams, response: { 200: ZOk } } },
    async (request) => {
      await sessions.endOwn(callerOf(request).memberId, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    Paths.publicKey,
    { config: pub, schema: { tags: ['crypto'], response: { 200: ZPublicKey } } },
    async () => sealed.publicKey(),
  );

  app.post(
    Paths.nonce,
    { config: member, schema: { tags: ['crypto'], response: { 200: ZNonce } } },
    async (request) => sealed.issueNonce(callerOf(request).sessionId),
  );
};
