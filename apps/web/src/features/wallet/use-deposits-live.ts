import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '../../app/live-events';
import { walletApi, walletKeys } from './wallet.api';

/** How often the newest deposits are asked again while one counts confirmations (about a block). */
export const PENDING_POLL_MS = 3_000;
const WATCHED = 20;

/**
 * Keeps the deposit list current: a `deposit` live event refreshes it at once, and while the newest
 * deposits include a pending one they are also asked every few seconds, so confirmations count up even
 * when the event stream is down. The list itself refreshes only when what the newest ones say changed.
 */
export function useDepositsLive(): void {
  const queryClient = useQueryClient();
  const watch = useQuery({
    queryKey: walletKeys.depositsWatch,
    queryFn: ({ signal }) => walletApi.deposits(1, WATCHED, signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending') ? PENDING_POLL_MS : false,
  });
  useLiveEvent('deposit', () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.depositsWatch });
  });
  // Structural sharing keeps `data` the same object while nothing changed: a new object means news.
  const seen = useRef(watch.data);
  useEffect(() => {
    if (!watch.data || seen.current === watch.data) return;
    const first = seen.current === undefined;
    seen.current = watch.data;
    if (!first) void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
  }, [watch.data, queryClient]);
}
