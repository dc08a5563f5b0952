import {
  Paths,
  ZBindKeyRequest,
  ZEgressIps,
  ZExchangeKey,
  ZExchangeKeys,
  ZUnbindKeyRequest,
  ZUnbindKeyResult,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorRequestOf, callerOf } from '../../platform/access';
import type { ExchangeKeyService } from './exchange-keys.service';

export interface ExchangeKeyRoutesOptions {
  keys: ExchangeKeyService;
  /** Per IP per minute on bind and re-check: each one calls the exchange with a member's key. */
  keyRateLimit: number;
}

const tags = ['exchange-keys'];
const ZIdParams = z.object({ id: z.uuid() });

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
    (request) => o.keys.bind(actorRequestOf(request), request.body),
  );

  app.post(
    Paths.exchangeKeyRecheck,
    { config: limited, schema: { tags, params: ZIdParams, response: { 200: ZExchangeKey } } },
    (request) => o.keys.recheckMine(actorRequestOf(request).actor, request.params.id),
  );

  app.post(
    Paths.exchangeKeyUnbind,
    {
      config: member,
      schema: { tags, params: ZIdParams, body: ZUnbindKeyRequest, response: { 200: ZUnbindKeyResult } },
    },
    (request) => o.keys.unbind(actorRequestOf(request), request.params.id, request.body.password),
  );
};
