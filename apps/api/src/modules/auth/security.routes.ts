import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { SecurityEventsService } from './security-events.service';
import type { SessionService } from './session.service';

/** The member's own account security: ending every other session at once, and their security activity. */
export const securityRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  securityEvents: SecurityEventsService;
}> = async (app, { sessions, securityEvents }) => {
  const member = { access: 'member' as const };
  const tags = ['auth'];

  route(app, Endpoints.security.sessionsEndOthers, {
    config: member,
    tags,
    handler: async (request) => {
      const caller = callerOf(request);
      return sessions.endOthers(caller.memberId, caller.sessionId, request.ip);
    },
  });

  route(app, Endpoints.security.securityEvents, {
    config: member,
    tags,
    handler: async (request) =>
      securityEvents.pageOf(callerOf(request).memberId, request.query.page, request.query.pageSize),
  });
};
