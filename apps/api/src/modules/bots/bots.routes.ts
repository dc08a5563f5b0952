import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
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

  route(app, Endpoints.bots.bots, {
    config: member,
    tags,
    handler: (request) => bots.list(me(request), request.query),
  });

  route(app, Endpoints.bots.postBots, {
    config: member,
    tags,
    handler: (request) => bots.create(me(request), request.body),
  });

  route(app, Endpoints.bots.botPreview, {
    config: member,
    tags,
    handler: (request) => bots.preview(me(request), request.body),
  });

  route(app, Endpoints.bots.bot, {
    config: member,
    tags,
    handler: (request) => bots.detail(me(request), request.params.id),
  });

  route(app, Endpoints.bots.putBot, {
    config: member,
    tags,
    handler: (request) => bots.update(me(request), request.params.id, request.body),
  });

  route(app, Endpoints.bots.deleteBot, {
    config: member,
    tags,
    handler: (request) => bots.stop(me(request), request.params.id),
  });

  route(app, Endpoints.bots.botPause, {
    config: member,
    tags,
    handler: (request) => bots.pause(me(request), request.params.id),
  });

  route(app, Endpoints.bots.botResume, {
    config: member,
    tags,
    handler: (request) => bots.resume(me(request), request.params.id),
  });

  route(app, Endpoints.bots.botAddEntry, {
    config: member,
    tags,
    handler: (request) => bots.act(me(request), request.params.id, 'add_entry'),
  });

  route(app, Endpoints.bots.botClose, {
    config: member,
    tags,
    handler: (request) => bots.act(me(request), request.params.id, 'close'),
  });

  route(app, Endpoints.bots.botReverse, {
    config: member,
    tags,
    handler: (request) => bots.act(me(request), request.params.id, 'reverse'),
  });

  route(app, Endpoints.bots.botPosition, {
    config: member,
    tags,
    handler: (request) => bots.position(me(request), request.params.id),
  });

  route(app, Endpoints.bots.botAio, {
    config: member,
    tags,
    handler: (request) => bots.switchAio(me(request), request.params.id, request.body.on),
  });

  route(app, Endpoints.bots.botCycleClose, {
    config: member,
    tags,
    handler: (request) => bots.closeCycle(me(request), request.params.id),
  });

  route(app, Endpoints.bots.botMarkets, {
    config: member,
    tags,
    handler: (request) => bots.marketSwitches(me(request)),
  });

  route(app, Endpoints.bots.putBotMarkets, {
    config: member,
    tags,
    handler: (request) => bots.switchMarket(me(request), request.body),
  });

  route(app, Endpoints.bots.botGroups, {
    config: member,
    tags,
    handler: (request) => bots.createGroup(me(request), request.body),
  });
  route(app, Endpoints.bots.botGroupPreview, {
    config: member,
    tags,
    handler: (request) => bots.previewGroup(me(request), request.body),
  });

  route(app, Endpoints.bots.botGroupPause, {
    config: member,
    tags,
    handler: (request) => bots.setGroupRunning(me(request), request.params.id, false),
  });

  route(app, Endpoints.bots.botGroupResume, {
    config: member,
    tags,
    handler: (request) => bots.setGroupRunning(me(request), request.params.id, true),
  });
};
