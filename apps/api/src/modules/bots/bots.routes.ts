import {
  Paths,
  ZBot,
  ZBotDetail,
  ZBotIdParams,
  ZBotPreview,
  ZBotPreviewRequest,
  ZBotsQuery,
  ZCreateBotRequest,
  ZUpdateBotRequest,
  zPage,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { BotsService } from './bots.service';

export interface BotsRoutesOptions {
  bots: BotsService;
}

const tags = ['bots'];

/** A member's own DCA bots: configure, preview, pause, resume, stop; list and read with cycles and orders. */
export const botsRoutes: FastifyPluginAsyncZod<BotsRoutesOptions> = async (app, { bots }) => {
  const member = { access: 'member' as const };
  const me = (request: Parameters<typeof callerOf>[0]) => callerOf(request).memberId;
  const byId = { params: ZBotIdParams, response: { 200: ZBot } };

  app.get(
    Paths.bots,
    { config: member, schema: { tags, querystring: ZBotsQuery, response: { 200: zPage(ZBot) } } },
    (request) => bots.list(me(request), request.query),
  );

  app.post(
    Paths.bots,
    { config: member, schema: { tags, body: ZCreateBotRequest, response: { 200: ZBot } } },
    (request) => bots.create(me(request), request.body),
  );

  app.post(
    Paths.botPreview,
    { config: member, schema: { tags, body: ZBotPreviewRequest, response: { 200: ZBotPreview } } },
    (request) => bots.preview(me(request), request.body),
  );

  app.get(
    Paths.bot,
    { config: member, schema: { tags, params: ZBotIdParams, response: { 200: ZBotDetail } } },
    (request) => bots.detail(me(request), request.params.id),
  );

  app.put(Paths.bot, { config: member, schema: { tags, ...byId, body: ZUpdateBotRequest } }, (request) =>
    bots.update(me(request), request.params.id, request.body),
  );

  app.delete(Paths.bot, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.stop(me(request), request.params.id),
  );

  app.post(Paths.botPause, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.pause(me(request), request.params.id),
  );

  app.post(Paths.botResume, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.resume(me(request), request.params.id),
  );

  app.post(Paths.botAddEntry, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.act(me(request), request.params.id, 'add_entry'),
  );

  app.post(Paths.botClose, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.act(me(request), request.params.id, 'close'),
  );
};
