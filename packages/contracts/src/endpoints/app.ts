import { z } from 'zod';
import { ZAppInfo, ZHealth, ZOutboxItem, ZOutboxQuery, ZReadiness } from '../app';
import { ZAppVersionCheck, ZAppVersionQuery } from '../content';
import { defineEndpoint } from '../endpoint';

/** The operations registered by apps/api/src/modules/app/app.routes.ts. */
export const AppEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/api/health', response: ZHealth }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    response: { 200: ZReadiness, 503: ZReadiness },
  }),
  appInfo: defineEndpoint({ method: 'GET', path: '/api/app/info', response: ZAppInfo }),
  appVersion: defineEndpoint({
    method: 'GET',
    path: '/api/app/version',
    query: ZAppVersionQuery,
    response: ZAppVersionCheck,
  }),
  devOutbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    query: ZOutboxQuery,
    response: z.object({ items: z.array(ZOutboxItem) }),
  }),
};
