// One group, not `Endpoints`: the login page imports this and would load every group's schemas (§79).
import { AppEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Version, download link, AI page and whether the dev outbox exists. The version and download link are an
 * admin's setting since issue 8: pages that show them (About us) ask /api/app/version, which stays fresh.
 */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => api.call(AppEndpoints.appInfo, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Links and frames from configuration open only web addresses, never `javascript:` or the like. */
export function isWebUrl(value: string | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}
