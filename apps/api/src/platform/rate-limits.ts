import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

export interface RateLimitSettings {
  /** Per signed-in member per minute, on every member and admin route (RATE_LIMIT_PER_MINUTE). */
  perMember: number;
  /** Per client address per minute, on every API call (RATE_LIMIT_PER_IP_PER_MINUTE): the looser ceiling. */
  perIp: number;
  redis?: Redis;
  /** Key prefix of the counters in Redis (tests use their own). */
  redisNamespace?: string;
}

/** Only the API is limited: the page and its static files are never refused (decision 43). */
const isApi = (request: FastifyRequest) => request.url.startsWith('/api/');

/**
 * Two counters (decision 43):
 * - one per client address on every API call, checked first (before the session is even looked up);
 * - one per signed-in member on member and admin routes, so members behind one carrier or office address do
 *   not share a budget. Routes with limits of their own (sign-in, codes, money) count per member when signed
 *   in and per address otherwise.
 * Both live in Redis when REDIS_URL is set, so several API instances count together.
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: true,
    // After the access hook (onRequest) has found the caller's session, before the body is parsed.
    hook: 'preParsing',
    max: settings.perMember,
    timeWindow: '1 minute',
    keyGenerator: (request) =>
      request.caller ? `m:${request.caller.memberId}` : `ip:${normalizeIP(request.ip)}`,
    // A visitor's call to a route without a limit of its own meets only the per-address ceiling below.
    allowList: (request, key) =>
      !isApi(request) || (key.startsWith('ip:') && !request.routeOptions.config?.rateLimit),
    ...(settings.redis ? { redis: settings.redis, nameSpace: settings.redisNamespace ?? 'rl:' } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, retry in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });

  const perAddress = app.createRateLimit({
    max: settings.perIp,
    timeWindow: '1 minute',
    keyGenerator: (request) => `ipc:${normalizeIP(request.ip)}`,
    // Not the global allow list (which lets a visitor's calls through to this counter).
    allowList: [],
  });
  app.addHook('onRequest', async (request) => {
    if (!isApi(request)) return;
    const limit = await perAddress(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new AppError('RATE_LIMITED', 'Too many requests from this address', {
      retryAfterSeconds: limit.ttlInSeconds,
    });
  });
}
