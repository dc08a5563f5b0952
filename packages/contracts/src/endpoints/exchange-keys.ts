import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import {
  ZBindKeyRequest,
  ZEgressIps,
  ZExchangeKey,
  ZExchangeKeys,
  ZUnbindKeyRequest,
  ZUnbindKeyResult,
} from '../exchange-keys';

const ZIdParams = z.object({ id: z.uuid() });

/** The operations registered by apps/api/src/modules/exchange-keys/exchange-keys.routes.ts. */
export const ExchangeKeysEndpoints = {
  exchangeKeys: defineEndpoint({ method: 'GET', path: '/api/exchange-keys', response: ZExchangeKeys }),
  exchangeKeyEgressIps: defineEndpoint({
    method: 'GET',
    path: '/api/exchange-keys/egress-ips',
    response: ZEgressIps,
  }),
  postExchangeKeys: defineEndpoint({
    method: 'POST',
    path: '/api/exchange-keys',
    body: ZBindKeyRequest,
    response: ZExchangeKey,
  }),
  exchangeKeyRecheck: defineEndpoint({
    method: 'POST',
    path: '/api/exchange-keys/:id/recheck',
    params: ZIdParams,
    response: ZExchangeKey,
  }),
  exchangeKeyUnbind: defineEndpoint({
    method: 'POST',
    path: '/api/exchange-keys/:id/unbind',
    params: ZIdParams,
    body: ZUnbindKeyRequest,
    response: ZUnbindKeyResult,
  }),
};
