import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * An incoming X-Request-Id is kept (a load balancer's or a client's id ties their logs to ours) only when it
 * is short and plain: letters, digits and `. _ : -`, at most 64 characters. Anything else (control
 * characters, newlines that would forge log lines, a megabyte of header) is replaced by a fresh UUID.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
