import type { TCandleInterval } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MarketListFilters, marketKeys, marketsApi } from './markets.api';

/** Prices also arrive live (use-live-tickers): the list itself is refreshed only now and then. */
export function useMarketList(filters: MarketListFilters) {
  return useQuery({
    queryKey: marketKeys.list(filters),
    queryFn: ({ signal }) => marketsApi.list(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval: 60_000,
  });
}

export function useCandles(symbol: string, interval: TCandleInterval) {
  return useQuery({
    queryKey: marketKeys.candles(symbol, interval),
    queryFn: ({ signal }) => marketsApi.candles(symbol, interval, signal),
    enabled: symbol !== '',
    staleTime: 0,
  });
}

export function useFundingRate(symbol: string, enabled: boolean) {
  return useQuery({
    queryKey: marketKeys.fundingRate(symbol),
    queryFn: ({ signal }) => marketsApi.fundingRate(symbol, signal),
    enabled: enabled && symbol !== '',
    // The rate is set per funding period (hours): a minute's staleness is nothing.
    refetchInterval: 60_000,
  });
}

/** Stars or un-stars a market; every list shows the change once the server has it. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favourite }: { symbol: string; favourite: boolean }) =>
      favourite ? marketsApi.addFavourite(symbol) : marketsApi.removeFavourite(symbol),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketKeys.lists }),
  });
}
