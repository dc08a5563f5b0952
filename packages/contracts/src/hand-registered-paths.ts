/**
 * Paths served by a hand-registered route rather than an endpoint definition (decision 63): the metrics page,
 * the event streams (SSE) and a file download, which have no JSON answer to describe. A module of its own,
 * so the web's event streams take these four strings and not `Paths`, which walks every endpoint group (§90).
 */
export const HandRegisteredPaths = {
  metrics: '/api/metrics',
  events: '/api/events',
  marketStream: '/api/markets/stream',
  upload: '/api/uploads/:id',
} as const;
