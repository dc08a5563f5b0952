import { Endpoints } from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, SESSION_COOKIE } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import { requestLanguage } from '../../platform/language';
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
}> = async (app, { auth, sessions, sealed, authRateLimit }) => {
  const pub = { access: 'public' as const };
  // Per-IP limit on everything that guesses secrets, sends messages or tells whether a name exists.
  const guarded = { access: 'public' as const, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } };
  const member = { access: 'member' as const };
  const tags = ['auth'];

  route(app, Endpoints.auth.telPrefixes, {
    config: pub,
    tags,
    handler: async () => ({
      items: telPrefixes,
    }),
  });

  route(app, Endpoints.auth.checkUsername, {
    config: guarded,
    tags,
    handler: async (request) => auth.checkUsername(request.query.username),
  });

  route(app, Endpoints.auth.checkSponsor, {
    config: guarded,
    tags,
    handler: async (request) => auth.checkSponsor(request.query.sponsor),
  });

  route(app, Endpoints.auth.checkPlacement, {
    config: guarded,
    tags,
    handler: async (request) => auth.checkPlacement(request.query.sponsor, request.query.placement),
  });

  route(app, Endpoints.auth.signupTac, {
    config: guarded,
    tags,
    handler: async (request) =>
      // The code's message in the visitor's language: q-values and bare tags read as everywhere else.
      auth.sendSignupTac(request.body.contact, requestLanguage(request)),
  });

  route(app, Endpoints.auth.register, {
    config: guarded,
    tags,
    handler: async (request, reply) => {
      const { token, user } = await auth.register(request.body, clientMeta(request));
      setSessionCookie(reply, token, sessions.cookieMaxAgeSeconds);
      return { user };
    },
  });

  route(app, Endpoints.auth.login, {
    config: guarded,
    tags,
    handler: async (request, reply) => {
      const { token, ...result } = await auth.login(request.body, clientMeta(request));
      setSessionCookie(reply, token, sessions.cookieMaxAgeSeconds);
      return result;
    },
  });

  route(app, Endpoints.auth.token, {
    config: guarded,
    tags,
    handler: async (request) => auth.login(request.body, clientMeta(request)),
  });

  route(app, Endpoints.auth.logout, {
    // 'session': a staff session that may only enrol its second factor can still log out.
    config: { access: 'session' as const },
    tags,
    handler: async (request, reply) => {
      await sessions.end(callerOf(request).sessionId, 'logout');
      reply.clearCookie(SESSION_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.forgotStart, {
    config: guarded,
    tags,
    handler: async (request) => auth.forgotStart(request.body.login),
  });

  route(app, Endpoints.auth.loginUnlockStart, {
    config: guarded,
    tags,
    handler: async (request) => auth.loginUnlockStart(request.body.login),
  });

  route(app, Endpoints.auth.loginUnlock, {
    config: guarded,
    tags,
    handler: async (request) => {
      await auth.loginUnlock(request.body, clientMeta(request));
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.forgotReset, {
    config: guarded,
    tags,
    handler: async (request) => {
      await auth.forgotReset(request.body, request.ip);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.me, {
    config: member,
    tags,
    handler: (request) => auth.me(callerOf(request).memberId),
  });

  route(app, Endpoints.auth.changePassword, {
    config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
    tags,
    handler: async (request) => {
      await auth.changePassword(callerWithIp(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.moneyHold, {
    config: member,
    tags,
    handler: async (request) => auth.moneyHoldState(callerOf(request).memberId),
  });

  route(app, Endpoints.auth.memberTac, {
    config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
    tags,
    handler: async (request) => auth.sendMemberTac(callerOf(request).memberId, request.body.purpose),
  });

  route(app, Endpoints.auth.transactionPassword, {
    config: { ...member, rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
    tags,
    handler: async (request) => {
      await auth.setTransactionPassword(callerWithIp(request), request.body);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.sessions, {
    config: member,
    tags,
    handler: async (request) => {
      const caller = callerOf(request);
      return sessions.listOf(caller.memberId, caller.sessionId, request.query.page, request.query.pageSize);
    },
  });

  route(app, Endpoints.auth.session, {
    config: member,
    tags,
    handler: async (request) => {
      await sessions.endOwn(callerOf(request).memberId, request.params.id);
      return { ok: true as const };
    },
  });

  route(app, Endpoints.auth.publicKey, {
    config: pub,
    tags: ['crypto'],
    handler: async () => sealed.publicKey(),
  });

  route(app, Endpoints.auth.nonce, {
    config: member,
    tags: ['crypto'],
    handler: async (request) => sealed.issueNonce(callerOf(request).sessionId),
  });
};
