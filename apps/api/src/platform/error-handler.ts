import type { ErrorCode, TErrorBody } from '@app/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-unavailable';
import { AppError } from './errors';
import { REQUEST_ID_HEADER } from './request-id';

function errorBody(
  requestId: string,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): TErrorBody {
  return details ? { code, message, details, requestId } : { code, message, requestId };
}

/** One error handler: known errors keep their code, everything else is a 500 that hides its internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every error answer names its request (header and body), so a caller's report finds our log lines.
    const body = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
      errorBody(request.id, code, message, details);
    reply.header(REQUEST_ID_HEADER, request.id);
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds !== undefined) {
        reply.header('Retry-After', String(error.details.retryAfterSeconds));
      }
      return reply.status(error.status).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        code: v.message ?? 'VALIDATION_FAILED',
      }));
      return reply.status(400).send(body('VALIDATION_FAILED', 'Request is invalid', { fields }));
    }
    if (error.statusCode === 413) {
      return reply.status(413).send(body('BODY_TOO_LARGE', 'Request body is too large'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many requests'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's fault, said plainly.
      const code: ErrorCode = error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      return reply.status(error.statusCode === 404 ? 404 : 400).send(body(code, error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // Lost the database in the middle of the request. Whether or not its work committed, a retry is safe
      // (money requests carry an Idempotency-Key, from which their ledger ids derive), so say: shortly.
      request.log.warn({ error: error.message }, 'database unavailable');
      reply.header('Retry-After', '1');
      return reply
        .status(503)
        .send(body('SERVICE_UNAVAILABLE', 'The database is unavailable; try again shortly'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Internal error'));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .header(REQUEST_ID_HEADER, request.id)
      .send(errorBody(request.id, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
