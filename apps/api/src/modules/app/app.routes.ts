import {
  Paths,
  ZAppInfo,
  ZAppVersionCheck,
  ZAppVersionQuery,
  ZHealth,
  ZOutboxItem,
  ZOutboxQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { Outbox } from '../../platform/mail';
import type { SiteSettingsService } from '../content/site-settings.service';
import { renderOutboxPage } from './outbox-page';

export const appRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  outbox: Outbox | null;
  /** The app version and download links an admin configured (content module). */
  site: Pick<SiteSettingsService, 'version' | 'check'>;
}> = async (app, { db, config, outbox, site }) => {
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
    async () => {
      const { currentVersion, downloads } = await site.version();
      return {
        version: currentVersion,
        downloadUrl: downloads.android ?? downloads.ios ?? '',
        aiUrl: config.AI_URL,
        devOutbox: outbox !== null,
      };
    },
  );

  // check_version and downloadurl: public, as a client asks before anyone signs in.
  app.get(
    Paths.appVersion,
    {
      config: pub,
      schema: { tags: ['app'], querystring: ZAppVersionQuery, response: { 200: ZAppVersionCheck } },
    },
    (request) => site.check(request.query),
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
