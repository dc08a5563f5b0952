import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already told the member (toast or modal) in the API client; retrying would repeat that
 * and, for 4xx answers, cannot succeed anyway.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
