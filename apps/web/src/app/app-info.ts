import { Paths, ZAppInfo } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Version, download link, AI page and whether the dev outbox exists: fixed for the server's lifetime. */
export function useAppInfo() {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: ({ signal }) => api.get(Paths.appInfo, ZAppInfo, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Links and frames from configuration open only web addresses, never `javascript:` or the like. */
export function isWebUrl(value: string | undefined): value is string {
  return typeof value === 'string' && /^https?:\/\//i.test(value);
}
