import { Paths, ZAppInfo, ZHealth, ZOutboxItem, ZOutboxQuery } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Outbox } from '../../platform/mail';
import { renderOutboxPage } from './outbox-page';

export const appRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; outbox: Outbox | null }> = async (
  app,
  { db, config, outbox },
) => {
  const pub = { access: 'public' as const };

  app.get(Paths.health, { config: pub, schema: { tags: ['app'], response: { 200: ZHealth } } }, async () => {
    try {
      await sql`SELECT 1`.execute(db);
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable');
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });

  app.get(
    Paths.appInfo,
    { config: pub, schema: { tags: ['app'], response: { 200: ZAppInfo } } },
    async () => ({
      version: config.APP_VERSION,
      downloadUrl: config.APP_DOWNLOAD_URL,
      aiUrl: config.AI_URL,
      devOutbox: outbox !== null,
    }),
  );

  // The in-process SMTP catcher's mail, outside production only: the dev outbox page and the tests read it.
  if (!outbox) return;
  app.get(
    Paths.devOutbox,
    {
      config: pub,
      schema: {
        tags: ['dev'],
        querystring: ZOutboxQuery,
        response: { 200: z.object({ items: z.array(ZOutboxItem) }) },
      },
    },
    async (request) => ({ items: outbox.list(request.query.to) }),
  );
  app.get('/dev/outbox', { config: pub, schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(outbox.list()));
  });
};
