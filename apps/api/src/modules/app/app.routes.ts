import { Endpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { route } from '../../platform/endpoint-route';
import { AppError } from '../../platform/errors';
import { isLoopbackClient } from '../../platform/loopback';
import type { Outbox } from '../../platform/mail';
import type { SiteSettingsService } from '../content/site-settings.service';
import { renderOutboxPage } from './outbox-page';
import { createReadiness, type ReadinessCheck } from './readiness';

export const appRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  outbox: Outbox | null;
  /** The app version and download links an admin configured (content module). */
  site: Pick<SiteSettingsService, 'version' | 'check'>;
  /** Readiness checks beyond database, migrations and bot worker (chain watchers, when they exist). */
  readinessChecks?: ReadinessCheck[];
}> = async (app, { db, config, outbox, site, readinessChecks }) => {
  const pub = { access: 'public' as const };
  // The dev outbox shows every code sent: never in production, and only to this machine itself (NODE_ENV
  // left unset is development, so being "not production" alone must not open it to the world).
  const devOutbox = config.isProduction ? null : outbox;
  const outboxAllowed = (request: FastifyRequest) => devOutbox !== null && isLoopbackClient(request);

  route(app, Endpoints.app.health, {
    config: pub,
    tags: ['app'],
    handler: async () => {
      try {
        await sql`SELECT 1`.execute(db);
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  // Readiness, for deploys, alerts and a load balancer that should also drop instances of a fleet whose
  // bot workers are gone (docs/operations.md): 200 when every check passes, else 503 naming each check.
  const readiness = createReadiness({ db, ...(readinessChecks ? { extra: readinessChecks } : {}) });
  route(app, Endpoints.app.ready, {
    config: pub,
    tags: ['app'],
    handler: async (_request, reply) => {
      const result = await readiness.check();
      return reply.status(result.status === 'ready' ? 200 : 503).send(result);
    },
  });

  route(app, Endpoints.app.appInfo, {
    config: pub,
    tags: ['app'],
    handler: async (request) => {
      const { currentVersion, downloads } = await site.version();
      return {
        version: currentVersion,
        downloadUrl: downloads.android ?? downloads.ios ?? '',
        aiUrl: config.AI_URL,
        devOutbox: outboxAllowed(request),
      };
    },
  });

  // check_version and downloadurl: public, as a client asks before anyone signs in.
  route(app, Endpoints.app.appVersion, {
    config: pub,
    tags: ['app'],
    handler: (request) => site.check(request.query),
  });

  // The in-process SMTP catcher's mail, outside production only: the dev outbox page and the tests read it.
  if (!devOutbox) return;
  const loopbackOnly = async (request: FastifyRequest) => {
    // As if it did not exist: a stranger learns nothing about it.
    if (!isLoopbackClient(request)) throw new AppError('NOT_FOUND', 'Not found');
  };
  route(app, Endpoints.app.devOutbox, {
    config: pub,
    tags: ['dev'],
    onRequest: loopbackOnly,
    handler: async (request) => ({ items: devOutbox.list(request.query.to) }),
  });
  app.get(
    '/dev/outbox',
    { config: pub, schema: { hide: true }, onRequest: loopbackOnly },
    async (_request, reply) => {
      return reply.type('text/html; charset=utf-8').send(renderOutboxPage(devOutbox.list()));
    },
  );
};
