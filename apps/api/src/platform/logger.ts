import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}
