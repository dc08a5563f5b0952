import {
  ErrorCodes,
  ExchangeKeysEndpoints,
  type TBindKeyRequest,
  type TUnbindKeyRequest,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const keyQueries = {
  all: ['exchange-keys'] as const,
  list: ['exchange-keys', 'list'] as const,
  egressIps: ['exchange-keys', 'egress-ips'] as const,
};

/** Confirmations show every refusal on the popup, where the member is looking. */
const onPopup: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** The member's exchange API key calls. The secret only ever leaves the browser sealed. */
export const keysApi = {
  list: () => api.call(ExchangeKeysEndpoints.exchangeKeys),
  egressIps: () => api.call(ExchangeKeysEndpoints.exchangeKeyEgressIps),
  bind: (body: TBindKeyRequest) =>
    api.call(ExchangeKeysEndpoints.postExchangeKeys, { body, handled: onPopup }),
  recheck: (id: string) => api.call(ExchangeKeysEndpoints.exchangeKeyRecheck, { params: { id } }),
  unbind: (id: string, body: TUnbindKeyRequest) =>
    api.call(ExchangeKeysEndpoints.exchangeKeyUnbind, { params: { id }, body, handled: onPopup }),
};

export const useExchangeKeys = () => useQuery({ queryKey: keyQueries.list, queryFn: keysApi.list });
export const useEgressIps = () =>
  useQuery({ queryKey: keyQueries.egressIps, queryFn: keysApi.egressIps, staleTime: 10 * 60_000 });
