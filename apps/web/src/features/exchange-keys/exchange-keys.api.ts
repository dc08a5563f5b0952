import {
  ErrorCodes,
  Paths,
  type TBindKeyRequest,
  type TUnbindKeyRequest,
  ZEgressIps,
  ZExchangeKey,
  ZExchangeKeys,
  ZUnbindKeyResult,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, pathWith } from '../../app/api';

export const keyQueries = {
  all: ['exchange-keys'] as const,
  list: ['exchange-keys', 'list'] as const,
  egressIps: ['exchange-keys', 'egress-ips'] as const,
};

/** Confirmations show every refusal on the popup, where the member is looking. */
const onPopup: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** The member's exchange API key calls. The secret only ever leaves the browser sealed. */
export const keysApi = {
  list: () => api.get(Paths.exchangeKeys, ZExchangeKeys),
  egressIps: () => api.get(Paths.exchangeKeyEgressIps, ZEgressIps),
  bind: (body: TBindKeyRequest) => api.post(Paths.exchangeKeys, ZExchangeKey, body, { handled: onPopup }),
  recheck: (id: string) => api.post(pathWith(Paths.exchangeKeyRecheck, { id }), ZExchangeKey),
  unbind: (id: string, body: TUnbindKeyRequest) =>
    api.post(pathWith(Paths.exchangeKeyUnbind, { id }), ZUnbindKeyResult, body, { handled: onPopup }),
};

export const useExchangeKeys = () => useQuery({ queryKey: keyQueries.list, queryFn: keysApi.list });
export const useEgressIps = () =>
  useQuery({ queryKey: keyQueries.egressIps, queryFn: keysApi.egressIps, staleTime: 10 * 60_000 });
