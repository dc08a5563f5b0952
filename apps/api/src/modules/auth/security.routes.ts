import { Paths, ZEndedSessions, ZPageQuery, ZSecurityEvent, zPage } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/access';
import type { SecurityEventsService } from './security-events.service';
import type { SessionService } from './session.service';

/** The member's own account security: ending every other session at once, and their security activity. */
export const securityRoutes: FastifyPluginAsyncZod<{
  sessions: SessionService;
  securityEvents: SecurityEventsService;
}> = async (app, { sessions, securityEvents }) => {
  const member = { access: 'member' as const };
  const tags = ['auth'];

  app.post(
    Paths.sessionsEndOthers,
    { config: member, schema: { tags, response: { 200: ZEndedSessions } } },
    async (request) => {
      const caller = callerOf(request);
      return sessions.endOthers(caller.memberId, caller.sessionId, request.ip);
    },
  );

  app.get(
    Paths.securityEvents,
    { config: member, schema: { tags, querystring: ZPageQuery, response: { 200: zPage(ZSecurityEvent) } } },
    async (request) =>
      securityEvents.pageOf(callerOf(request).memberId, request.query.page, request.query.pageSize),
  );
};
