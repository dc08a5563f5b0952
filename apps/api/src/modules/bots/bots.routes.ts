import {
  Paths,
  ZBot,
  ZBotAioSwitch,
  ZBotCycleIdParams,
  ZBotDetail,
  ZBotGroup,
  ZBotGroupIdParams,
  ZBotGroupPreview,
  ZBotIdParams,
  ZBotMarketSwitch,
  ZBotMarketSwitches,
  ZBotPositionEstimate,
  ZBotPreview,
  ZBotPreviewRequest,
  ZBotsQuery,
  ZCreateBotGroupRequest,
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

/**
 * A member's own DCA bots: configure, preview, pause, resume, stop; list and read with cycles and orders; act
 * by hand (add entry, close, close a cycle by id, reverse); switch markets off; all-in-one groups.
 */
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

  app.post(Paths.botReverse, { config: member, schema: { tags, ...byId } }, (request) =>
    bots.act(me(request), request.params.id, 'reverse'),
  );

  app.get(
    Paths.botPosition,
    { config: member, schema: { tags, params: ZBotIdParams, response: { 200: ZBotPositionEstimate } } },
    (request) => bots.position(me(request), request.params.id),
  );

  app.put(Paths.botAio, { config: member, schema: { tags, ...byId, body: ZBotAioSwitch } }, (request) =>
    bots.switchAio(me(request), request.params.id, request.body.on),
  );

  app.post(
    Paths.botCycleClose,
    { config: member, schema: { tags, params: ZBotCycleIdParams, response: { 200: ZBot } } },
    (request) => bots.closeCycle(me(request), request.params.id),
  );

  app.get(
    Paths.botMarkets,
    { config: member, schema: { tags, response: { 200: ZBotMarketSwitches } } },
    (request) => bots.marketSwitches(me(request)),
  );

  app.put(
    Paths.botMarkets,
    { config: member, schema: { tags, body: ZBotMarketSwitch, response: { 200: ZBotMarketSwitches } } },
    (request) => bots.switchMarket(me(request), request.body),
  );

  app.post(
    Paths.botGroups,
    { config: member, schema: { tags, body: ZCreateBotGroupRequest, response: { 200: ZBotGroup } } },
    (request) => bots.createGroup(me(request), request.body),
  );
  app.post(
    Paths.botGroupPreview,
    { config: member, schema: { tags, body: ZCreateBotGroupRequest, response: { 200: ZBotGroupPreview } } },
    (request) => bots.previewGroup(me(request), request.body),
  );

  const byGroup = { params: ZBotGroupIdParams, response: { 200: ZBotGroup } };
  app.post(Paths.botGroupPause, { config: member, schema: { tags, ...byGroup } }, (request) =>
    bots.setGroupRunning(me(request), request.params.id, false),
  );

  app.post(Paths.botGroupResume, { config: member, schema: { tags, ...byGroup } }, (request) =>
    bots.setGroupRunning(me(request), request.params.id, true),
  );
};
