import { isStaffRole, type TRole } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from './audit';
import { AppError } from './errors';
import type { StaffFactorState } from './staff-factor';

/**
 * Who may call a route. Every /api route declares one; registration fails without it.
 * - public: anyone;
 * - session: any signed-in session, even a staff session that may only enrol its second factor (decision 45);
 * - member: any signed-in person (members, and staff who passed their second factor);
 * - staff: admins and support (the KYC, customer-service and content queues);
 * - admin: admins only (money and everything else of the back office).
 */
export type Access = 'public' | 'session' | 'member' | 'staff' | 'admin';
export const AccessLevels: readonly Access[] = ['public', 'session', 'member', 'staff', 'admin'];

export interface Caller {
  sessionId: string;
  memberId: string;
  role: TRole;
  via: 'cookie' | 'bearer';
  /** Staff: when this session last gave a step-up code (null: never). */
  stepUpAt?: Date | null;
  /** Staff: the second factor as the session's resolve read it (from the database or the session cache). */
  staff?: StaffFactorState | null;
}

/** The second-factor state of staff sessions (the staff MFA service). */
export interface StaffGate {
  sessionState(sessionId: string, memberId: string): Promise<StaffFactorState>;
  isFresh(stepUpAt: Date | null): boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** An admin money action: a step-up code within ADMIN_STEP_UP_MINUTES is needed (decision 45). */
    stepUp?: boolean;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the test that walks them all. */
    accessTable: Array<{ method: string; url: string; access: Access; stepUp: boolean }>;
  }
}

export const SESSION_COOKIE = '__Host-sid';

export interface SessionResolver {
  /** `cached`: the request only reads, and may be answered from the session cache (decision 71). */
  resolve(
    token: string,
    use?: { cached?: boolean },
  ): Promise<{ sessionId: string; memberId: string; role: TRole; staff?: StaffFactorState | null } | null>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * The caller's session, or null. Reads the bearer header first, then the web app's cookie. Only a GET may
 * take it from the session cache: whatever moves money, changes credentials or changes anything else
 * asks the database (decision 71).
 */
export async function findCaller(request: FastifyRequest, sessions: SessionResolver): Promise<Caller | null> {
  const bearer = bearerToken(request);
  const cookie = request.cookies[SESSION_COOKIE];
  const token = bearer ?? cookie;
  if (!token) return null;
  const found = await sessions.resolve(token, { cached: request.method === 'GET' });
  if (!found) return null;
  // A literal, not `{ ...found, via }`: a spread that adds a key takes V8's slow copy (decision 96), and
  // `found` may be the session cache's own object, so it is copied, not changed.
  return {
    sessionId: found.sessionId,
    memberId: found.memberId,
    role: found.role,
    staff: found.staff,
    via: bearer ? 'bearer' : 'cookie',
  };
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

/** `staff` absent (a test of the plugin alone): staff sessions count as having passed no second factor. */
export const accessPlugin = fp<{ sessions: SessionResolver; staff?: StaffGate; publicOrigin?: string }>(
  async (app: FastifyInstance, { sessions, staff, publicOrigin }) => {
    app.decorateRequest('caller', null);
    app.decorate('accessTable', []);

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (route.url.startsWith('/api/') && !access) {
        throw new Error(`Route ${route.method} ${route.url} declares no access (${AccessLevels.join(', ')})`);
      }
      if (route.config?.stepUp && access !== 'admin') {
        throw new Error(`Route ${route.method} ${route.url} asks for step-up: it must be admin-only`);
      }
      for (const method of [route.method].flat()) {
        if (access && method !== 'HEAD') {
          app.accessTable.push({ method, url: route.url, access, stepUp: Boolean(route.config?.stepUp) });
        }
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      checkOrigin(request, publicOrigin);
      if (access === 'public') return;
      const caller = await findCaller(request, sessions);
      if (!caller) throw new AppError('SESSION_INVALID', 'Not signed in, or the session has ended');
      request.caller = caller;
      if (isStaffRole(caller.role)) {
        // Read with the session when the resolver can (decision 76), else asked of the staff MFA service.
        const state = staff
          ? (caller.staff ?? (await staff.sessionState(caller.sessionId, caller.memberId)))
          : { enrolled: false, verified: false, stepUpAt: null };
        caller.stepUpAt = state.stepUpAt;
        // A staff session that passed no second factor: enrolment only, or (enrolled since) log in again.
        if (!state.verified && state.enrolled) {
          throw new AppError('SESSION_INVALID', 'Log in again with an authenticator code');
        }
        if (!state.verified && access !== 'session') {
          throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Set up the authenticator first');
        }
      }
      if (access === 'admin' && caller.role !== 'admin') throw new AppError('FORBIDDEN', 'Admins only');
      if (access === 'staff' && !isStaffRole(caller.role)) throw new AppError('FORBIDDEN', 'Staff only');
      if (request.routeOptions.config?.stepUp && !staff?.isFresh(caller.stepUpAt ?? null)) {
        throw new AppError('ADMIN_STEP_UP_REQUIRED', 'Enter a fresh authenticator code first');
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

/**
 * The session a request came in, and the Idempotency-Key it claimed when its route is idempotent: what
 * opening a sealed value needs (SealedService.unseal spends the value's nonce for that request).
 */
export interface SessionRequest {
  sessionId: string;
  idempotency?: { memberId: string; key: string };
}

/** Who asks, from where and in which session: what an audited action records about its caller. */
export interface ActorRequest extends SessionRequest {
  actor: Actor;
}

export function actorRequestOf(request: FastifyRequest): ActorRequest {
  const caller = callerOf(request);
  const claim = request.idempotency;
  return {
    actor: { memberId: caller.memberId, ip: request.ip },
    sessionId: caller.sessionId,
    ...(claim ? { idempotency: { memberId: claim.memberId, key: claim.key } } : {}),
  };
}
