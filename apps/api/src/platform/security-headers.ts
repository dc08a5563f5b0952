import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. helmet's middleware is a pure function of
 * its options here (no per-request nonces, no directive functions), so running it against a response that
 * only records what it is told gives exactly the headers it would set on every reply.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * helmet's headers on every reply. @fastify/helmet builds helmet's middleware anew for every request
 * (parsing the CSP directives each time, 1-2 % of a signed-in read's CPU); the headers are the same for
 * every reply, so they are computed once at start and copied on. `requestIdHeader`: the request's id is
 * echoed in that header by the same hook (one hook fewer on every request).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  echo: { requestIdHeader?: string } = {},
): void {
  const headers = helmetHeaders(options);
  const { requestIdHeader } = echo;
  app.addHook(
    'onRequest',
    requestIdHeader
      ? (request, reply, done) => {
          reply.headers(headers).header(requestIdHeader, request.id);
          done();
        }
      : (_request, reply, done) => {
          reply.headers(headers);
          done();
        },
  );
}
