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
  ZForgotReset,
  ZForgotStart,
  ZLogin,
  ZLoginResult,
  ZMe,
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
import type { AuthService, ClientMeta } from './auth.service';
import type { SealedService } from './sealed.service';
import type { SessionService } from './session.service';
import { telPrefixes } from './tel-prefixes';

const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600;

function clientMeta(request: FastifyRequest): ClientMeta {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}

/** The web app's session cookie: HttpOnly (scripts never see the token), `__Host-` (Secure, path /). */
function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: COOKIE_MAX_AGE_SECONDS,
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
  // Per-IP limit on everything that guesses secrets or sends messages.
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
      config: pub,
      schema: { tags, querystring: ZCheckUsernameQuery, response: { 200: ZCheckUsernameResult } },
    },
    async (request) => auth.checkUsername(request.query.username),
  );

  app.get(
    Paths.checkSponsor,
    {
      config: pub,
      schema: { tags, querystring: ZCheckSponsorQuery, response: { 200: ZCheckSponsorResult } },
    },
    async (request) => auth.checkSponsor(request.query.sponsor),
  );

  app.get(
    Paths.checkPlacement,
    {
      config: pub,
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
      setSessionCookie(reply, token);
      return { user };
    },
  );

  app.post(
    Paths.login,
    { config: guarded, schema: { tags, body: ZLogin, response: { 200: ZLoginResult } } },
    async (request, reply) => {
      const { token, ...result } = await auth.login(request.body, clientMeta(request));
      setSessionCookie(reply, token);
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
    { config: guarded, schema: { tags, body: ZForgotStart, response: { 200: ZTacSent } } },
    async (request) => auth.forgotStart(request.body.login),
  );

  app.post(
    Paths.forgotReset,
    { config: guarded, schema: { tags, body: ZForgotReset, response: { 200: ZOk } } },
    async (request) => {
      await auth.forgotReset(request.body);
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
    { config: member, schema: { tags, body: ZChangePassword, response: { 200: ZOk } } },
    async (request) => {
      const caller = callerOf(request);
      await auth.changePassword(caller.memberId, caller.sessionId, request.body);
      return { ok: true as const };
    },
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
      const caller = callerOf(request);
      await auth.setTransactionPassword(caller.memberId, caller.sessionId, request.body);
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
