import { ZPageQuery, zPage } from '../common';
import { defineEndpoint } from '../endpoint';
import { ZEndedSessions, ZSecurityEvent } from '../security';

/** The operations registered by apps/api/src/modules/auth/security.routes.ts. */
export const SecurityEndpoints = {
  sessionsEndOthers: defineEndpoint({
    method: 'POST',
    path: '/api/me/sessions/end-others',
    response: ZEndedSessions,
  }),
  securityEvents: defineEndpoint({
    method: 'GET',
    path: '/api/me/security-events',
    query: ZPageQuery,
    response: zPage(ZSecurityEvent),
  }),
};
