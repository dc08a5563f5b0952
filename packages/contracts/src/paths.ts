import { endpointPaths } from './endpoints';

/**
 * Paths served by a hand-registered route rather than an endpoint definition (decision 63): the metrics page,
 * the event streams (SSE) and a file download, which have no JSON answer to describe.
 */
export const HandRegisteredPaths = {
  metrics: '/api/metrics',
  events: '/api/events',
  marketStream: '/api/markets/stream',
  upload: '/api/uploads/:id',
} as const;

/**
 * Every API path by name, derived from `Endpoints` (the one source) plus the hand-registered ones above.
 * For links, event streams and tests that inject requests; calls go through `Endpoints`.
 */
export const Paths = { ...endpointPaths(), ...HandRegisteredPaths };
