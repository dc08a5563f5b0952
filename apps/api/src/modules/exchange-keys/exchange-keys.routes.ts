import { Endpoints } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRequestOf, callerOf } from '../../platform/access';
import { route } from '../../platform/endpoint-route';
import type { ExchangeKeyService } from './exchange-keys.service';

export interface ExchangeKeyRoutesOptions {
  keys: ExchangeKeyService;
  /** Per IP per minute on bind and re-check: each one calls the exchange with a member's key. */
  keyRateLimit: number;
}

const tags = ['exchange-keys'];

/** The member's exchange API keys (savemaster, checkapi, checkapi1, checkbotapi, unbindapi). Write-only. */
export const exchangeKeyRoutes: FastifyPluginAsyncZod<ExchangeKeyRoutesOptions> = async (app, o) => {
  const member = { access: 'member' as const };
  const limited = { ...member, rateLimit: { max: o.keyRateLimit, timeWindow: '1 minute' } };

  route(app, Endpoints.exchangeKeys.exchangeKeys, {
    config: member,
    tags,
    handler: async (request) => ({ items: await o.keys.list(callerOf(request).memberId) }),
  });

  route(app, Endpoints.exchangeKeys.exchangeKeyEgressIps, {
    config: member,
    tags,
    handler: async () => ({ ips: o.keys.egressIps() }),
  });

  route(app, Endpoints.exchangeKeys.postExchangeKeys, {
    config: limited,
    tags,
    handler: (request) => o.keys.bind(actorRequestOf(request), request.body),
  });

  route(app, Endpoints.exchangeKeys.exchangeKeyRecheck, {
    config: limited,
    tags,
    handler: (request) => o.keys.recheckMine(actorRequestOf(request).actor, request.params.id),
  });

  route(app, Endpoints.exchangeKeys.exchangeKeyUnbind, {
    config: member,
    tags,
    handler: (request) => o.keys.unbind(actorRequestOf(request), request.params.id, request.body.password),
  });
};
