import {
  Paths,
  ZBindKeyRequest,
  ZEgressIps,
  ZExchangeKey,
  ZExchangeKeys,
  ZUnbindKeyRequest,
  ZUnbindKeyResult,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/access';
import type { ExchangeKeyService, KeyRequest } from './exchange-keys.service';

export interface ExchangeKeyRoutesOptions {
  keys: ExchangeKeyService;
  /** Per IP per minute on bind and re-check: each one calls the exchange with a member's key. */
  keyRateLimit: number;
}

const tags = ['exchange-keys'];
const ZIdParams = z.object({ id: z.uuid() });

function keyRequestOf(request: FastifyRequest): KeyRequest {
  const caller = callerOf(request);
  return { actor: { memberId: caller.memberId, ip: request.ip }, sessionId: caller.sessionId };
}

/** The member's exchange API keys (savemaster, checkapi, checkapi1, checkbotapi, unbindapi). Write-only. */
export const exchangeKeyRoutes: FastifyPluginAsyncZod<ExchangeKeyRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const limited = { ...member, rateLimit: { max: o.keyRateLimit, timeWindow: '1 minute' } };

  app.get(
    Paths.exchangeKeys,
    { config: member, schema: { tags, response: { 200: ZExchangeKeys } } },
    async (request) => ({ items: await o.keys.list(callerOf(request).memberId) }),
  );

  app.get(
    Paths.exchangeKeyEgressIps,
    { config: member, schema: { tags, response: { 200: ZEgressIps } } },
    async () => ({ ips: o.keys.egressIps() }),
  );

  app.post(
    Paths.exchangeKeys,
    { config: limited, schema: { tags, body: ZBindKeyRequest, response: { 200: ZExchangeKey } } },
    (request) => o.keys.bind(keyRequestOf(request), request.body),
  );

  app.post(
    Paths.exchangeKeyRecheck,
    { config: limited, schema: { tags, params: ZIdParams, response: { 200: ZExchangeKey } } },
    (request) => o.keys.recheckMine(keyRequestOf(request).actor, request.params.id),
  );

  app.post(
    Paths.exchangeKeyUnbind,
    {
      config: member,
      schema: { tags, params: ZIdParams, body: ZUnbindKeyRequest, response: { 200: ZUnbindKeyResult } },
    },
    (request) => o.keys.unbind(keyRequestOf(request), request.params.id, request.body.password),
  );
};
