import { QueryClient } from '@tanstack/react-query';
import type i18next from 'i18next';
import { i18n, requestLanguage } from './i18n';

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

/**
 * The server writes some texts in the member's language (news, announcements, site notes: decision 65),
 * chosen by the Accept-Language of each call. After a language switch every answer in the cache may be in
 * the old one: mark all stale, so what is on screen is asked again in the new language.
 */
export function refetchOnLanguageChange(
  client: QueryClient,
  i18n: Pick<typeof i18next, 'on'>,
  askedIn: string,
): void {
  // At start the stored language comes on after the first calls were already asked in it (api.ts sends
  // requestLanguage()): that is no switch, and refetching would only cancel those calls.
  let previous = askedIn;
  i18n.on('languageChanged', (lang: string) => {
    if (lang === previous) return;
    previous = lang;
    void client.invalidateQueries();
  });
}

export const queryClient = createQueryClient();
refetchOnLanguageChange(queryClient, i18n, requestLanguage());
