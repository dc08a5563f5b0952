import type { FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * Paths pino blanks out wherever they appear in a logged object: passwords, TAC codes, tokens, sealed
 * secrets, cookies. Request bodies are not logged at all; this is the second line of defence.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.code',
  '*.token',
  '*.secret',
  '*.confirm',
  '*.ciphertext',
  '*.apiSecret',
  '*.passphrase',
  'password',
  'code',
  'token',
  'secret',
];

/**
 * Routes whose query strings name people or their secrets: sign-up checks (usernames), the dev outbox (an
 * address), KYC, admin searches (username, email, mobile), team and recipient look-ups.
 */
const sensitivePrefixes = [
  '/api/auth/',
  '/api/dev/',
  '/dev/',
  '/api/kyc',
  '/api/admin/',
  '/api/team',
  '/api/wallet/recipient',
  '/api/me',
  '/api/profile',
];
/** Query keys that never carry anything personal: their values stay readable elsewhere. */
const plainKeys = new Set(['page', 'pageSize', 'status', 'currency', 'wallet', 'symbol', 'exchange', 'type']);

/**
 * The URL as logged: on sensitive routes every query value is replaced, elsewhere every value but those of
 * a few plain keys. The path stays, so a log line still says what was called.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const path = url.slice(0, at);
  const sensitive = sensitivePrefixes.some((prefix) => path.startsWith(prefix));
  const params = new URLSearchParams(url.slice(at + 1));
  const shown = [...params.keys()].map((key) =>
    !sensitive && plainKeys.has(key)
      ? `${encodeURIComponent(key)}=${encodeURIComponent(params.get(key) ?? '')}`
      : `${encodeURIComponent(key)}=[redacted]`,
  );
  return `${path}?${[...new Set(shown)].join('&')}`;
}

/** Fastify's own request serializer, with the URL's query redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The process's logger, shared by the services (services.ts) and the HTTP app (Fastify's `loggerInstance`),
 * so a service's warning and a request's line go to the same place with the same redaction.
 * `stream`: where the lines go instead of stdout (a test that reads the log).
 */
export function createLogger(level: string, stream?: { write(line: string): void }): Logger {
  const options = {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { req: requestSerializer },
  };
  return stream ? pino(options, stream) : pino(options);
}
