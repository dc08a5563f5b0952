import type { THome } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { contentApi, contentKeys } from '../content/content.api';
import { type MarketListFilters, marketKeys, marketsApi } from '../markets/markets.api';
import { miningApi, miningKeys } from '../mining/mining.api';

/** The list the home page's prices come from (HomePrices). */
export const HOME_PRICE_FILTERS: MarketListFilters = { type: 'spot', q: '', favourites: false };

/**
 * Starts the home page's above-the-fold reads (content with the slider, the price list, the packages)
 * while the page's own code is still loading, so they do not wait for it to download and render first.
 * Same keys and calls as the page's queries: the page then finds them in flight or done.
 */
export function prefetchHome(queryClient: QueryClient): void {
  void queryClient
    .prefetchQuery({ queryKey: contentKeys.home, queryFn: ({ signal }) => contentApi.home(signal) })
    .then(() => {
      // The first slide is the page's largest paint: its download starts with the answer, not once
      // the slider has rendered.
      const first = queryClient.getQueryData<THome>(contentKeys.home)?.slider[0];
      if (first) {
        const image = new Image();
        image.fetchPriority = 'high';
        image.src = first.imageUrl;
      }
    });
  void queryClient.prefetchQuery({
    queryKey: marketKeys.list(HOME_PRICE_FILTERS),
    queryFn: ({ signal }) => marketsApi.list(HOME_PRICE_FILTERS, signal),
  });
  void queryClient.prefetchQuery({
    queryKey: miningKeys.packages,
    queryFn: ({ signal }) => miningApi.packages(signal),
  });
}
