import { DefaultLanguage, Languages, type TLanguage } from '@app/contracts';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/** Bare language tags a browser may send, read as the platform's language of that tongue. */
const aliases: Record<string, TLanguage> = { en: 'en-US', zh: 'zh-CN', ms: 'bm-MY', bm: 'bm-MY' };
for (const lang of Languages) aliases[lang] = lang;

const negotiator = new Negotiator({ supportedValues: Object.keys(aliases) });

/**
 * The member's language for server-written content (decision 65): the web sends `Accept-Language:
 * <i18n.language>` on every call; q-values are honoured, a bare tag (`de`, `zh`) is its platform language,
 * and anything else is English.
 */
export function languageOfHeader(header: string | undefined): TLanguage {
  if (!header) return DefaultLanguage;
  const found = negotiator.negotiate(header);
  return (found && aliases[found]) || DefaultLanguage;
}

export const requestLanguage = (request: FastifyRequest): TLanguage =>
  languageOfHeader(request.headers['accept-language']);
