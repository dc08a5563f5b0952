import type { TRole } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from './audit';
import { AppError } from './errors';

/** Who may call a route. Every /api route declares one; registration fails without it. */
export type Access = 'public' | 'member' | 'admin';

export interface Caller {
  sessionId: string;
  memberId: string;
  role: TRole;
  via: 'cookie' | 'bearer';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the test that walks them all. */
    accessTable: Array<{ method: string; url: string; access: Access }>;
  }
}

export const SESSION_COOKIE = '__Host-sid';

export interface SessionResolver {
  resolve(token: string): Promise<{ sessionId: string; memberId: string; role: TRole } | null>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** The caller's session, or null. Reads the bearer header first, then the web app's cookie. */
export async function findCaller(request: FastifyRequest, sessions: SessionResolver): Promise<Caller | null> {
  const bearer = bearerToken(request);
  const cookie = request.cookies[SESSION_COOKIE];
  const token = bearer ?? cookie;
  if (!token) return null;
  const found = await sessions.resolve(token);
  return found ? { ...found, via: bearer ? 'bearer' : 'cookie' } : null;
}

/**
 * A cookie rides along on cross-site requests; a bearer header does not. So an unsafe request that could
 * be authenticated by the cookie must come from our own origin.
 */
function checkOrigin(request: FastifyRequest, publicOrigin: string | undefined): void {
  if (!UNSAFE.has(request.method) || bearerToken(request)) return;
  const origin = request.headers.origin;
  const expected = publicOrigin ?? `${request.protocol}://${request.host}`;
  const hasCookie = Boolean(request.cookies[SESSION_COOKIE]);
  if (origin ? origin !== expected : hasCookie) {
    throw new AppError('ORIGIN_REJECTED', 'Cross-origin request refused');
  }
}

export const accessPlugin = fp<{ sessions: SessionResolver; publicOrigin?: string }>(
  async (app: FastifyInstance, { sessions, publicOrigin }) => {
    app.decorateRequest('caller', null);
    app.decorate('accessTable', []);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (route.url.startsWith('/api/') && !access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access (public, member or admin)`);
      }
      for (const method of [route.method].flat()) {
        if (access && method !== 'HEAD') app.accessTable.push({ method, url: route.url, access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      checkOrigin(request, publicOrigin);
      if (access === 'public') return;
      request.caller = await findCaller(request, sessions);
      if (!request.caller) throw new AppError('SESSION_INVALID', 'Not signed in, or the session has ended');
      if (access === 'admin' && request.caller.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Admins only');
      }
    });
  },
  { name: 'access' },
);

/** The signed-in caller of a member or admin route (the access hook has made sure there is one). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError('SESSION_INVALID');
  return request.caller;
}

/** Who asks, from where and in which session: what an audited action records about its caller. */
export interface ActorRequest {
  actor: Actor;
  sessionId: string;
}

export function actorRequestOf(request: FastifyRequest): ActorRequest {
  const caller = callerOf(request);
  return { actor: { memberId: caller.memberId, ip: request.ip }, sessionId: caller.sessionId };
}
