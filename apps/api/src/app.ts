import { Paths } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { accessPlugin, findCaller } from './platform/access';
import { registerErrorHandler } from './platform/error-handler';
import { AppError } from './platform/errors';
import { idempotencyPlugin } from './platform/idempotency';
import { liveEventRoutes } from './platform/live-events.routes';
import { registerMetrics } from './platform/metrics';
import { registerRateLimits } from './platform/rate-limits';
import { REQUEST_ID_HEADER, requestIdOf } from './platform/request-id';
import { registerSecurityHeaders } from './platform/security-headers';
import { textSafeValidatorCompiler } from './platform/validation';
import { registerWebStatic } from './platform/web-static';
import type { Services } from './services';

export interface AppOptions {
  /** The process's logger (platform/logger.ts createLogger): the one the services write to. */
  logger: FastifyBaseLogger;
  /** The database's connection string: the idempotency plugin waits on it for a twin request to finish. */
  databaseUrl: string;
  redis?: Redis;
  /** Key prefix of the rate-limit counters in Redis (tests use their own). */
  redisNamespace?: string;
  /** The built web app, served at `/` when present. */
  webDist?: string;
}

/**
 * Builds the HTTP application around the services the composition root built (services.ts): Fastify, its
 * plugins and security hooks, then every module's routes. It builds no service. No I/O at import time.
 */
export async function buildApp(services: Services, options: AppOptions): Promise<FastifyInstance> {
  const { config, sessions, mfa, live } = services;
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: config.TRUST_PROXY ?? false,
    bodyLimit: 64 * 1024,
    // The request id (platform/request-id.ts): validated here, not taken from the header as it comes. Each
    // log line of a request carries it as `reqId` (Fastify's child logger).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  const aiOrigin = config.AI_URL ? new URL(config.AI_URL).origin : null;
  // helmet's headers, worked out once, on every reply; and every answer names its request, so a caller's
  // report leads to our log lines. One hook for both (platform/security-headers.ts).
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // antd-mobile sets inline styles; scripts stay same-origin only.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // The address pages' map (Leaflet) draws OpenStreetMap tiles, which are images from these hosts.
          imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
          frameSrc: aiOrigin ? ["'self'", aiOrigin] : ["'self'"],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The AI tab frames a configured page; our own pages are never framed by others.
      frameguard: { action: 'sameorigin' },
    },
    { requestIdHeader: REQUEST_ID_HEADER },
  );
  // Every request schema, behind one check: no control characters in any text (platform/validation.ts).
  app.setValidatorCompiler(textSafeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Before every route, so the request timer sees them all (platform/metrics.ts).
  registerMetrics(app, services.metrics, { path: Paths.metrics, token: config.METRICS_TOKEN });
  // Open event streams would keep the server from closing: end them (and the LISTEN connection) first.
  app.addHook('preClose', () => live.close());
  for (const module of services.modules) {
    if (module.preClose) app.addHook('preClose', async () => module.preClose?.());
    if (module.onClose) app.addHook('onClose', async () => module.onClose?.());
  }

  await app.register(fastifyCookie);
  await registerRateLimits(app, {
    perMember: config.RATE_LIMIT_PER_MINUTE,
    perIp: config.RATE_LIMIT_PER_IP_PER_MINUTE,
    ...(options.redis ? { redis: options.redis, redisNamespace: options.redisNamespace ?? 'rl:' } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Member platform API', version: config.APP_VERSION },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: '__Host-sid' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // In production the API's map is for admins only (the page, its files and the JSON alike).
    ...(config.isProduction
      ? {
          uiHooks: {
            onRequest: async (request: FastifyRequest) => {
              const caller = await findCaller(request, sessions);
              if (!caller) throw new AppError('SESSION_INVALID', 'Not signed in');
              if (caller.role !== 'admin') throw new AppError('FORBIDDEN', 'Admins only');
              // An admin session that has not passed its second factor reads nothing (decision 45).
              const factor = await mfa.sessionState(caller.sessionId, caller.memberId);
              if (!factor.verified) throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Second factor first');
            },
          },
        }
      : {}),
  });
  await app.register(accessPlugin, { sessions, staff: mfa, publicOrigin: config.PUBLIC_ORIGIN });
  await app.register(idempotencyPlugin, { db: services.db, databaseUrl: options.databaseUrl });

  await app.register(liveEventRoutes, { live });
  for (const module of services.modules) await module.routes(app);

  await registerWebStatic(app, options.webDist);
  return app;
}
