import { matchQuery, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  initialListState,
  type ListAction,
  type ListState,
  type ListView,
  listReducer,
  listView,
  PAGE_SIZE,
} from './paged-list.state';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
}
export type FetchPage<T> = (page: number, pageSize: number) => Promise<Page<T>>;

export interface PagedListControls<T> {
  state: ListState<T>;
  view: ListView;
  refresh: () => Promise<void>;
  loadMore: () => Promise<void>;
}

/**
 * Runs the list state machine against the server. Pages are fetched through the query cache under
 * `[...queryKey, page, pageSize]`, so `invalidateQueries({ queryKey })` anywhere (after a delete, say)
 * brings the list back to page 1.
 */
export function usePagedList<T>(queryKey: QueryKey, fetchPage: FetchPage<T>): PagedListControls<T> {
  const queryClient = useQueryClient();
  const [state, setState] = useState(initialListState<T>);
  // The async steps need the state as of now, not as of the last render.
  const current = useRef(state);
  const latest = useRef({ queryKey, fetchPage });
  latest.current = { queryKey, fetchPage };

  const apply = useCallback((action: ListAction<T>) => {
    current.current = listReducer(current.current, action);
    setState(current.current);
    return current.current;
  }, []);

  const run = useCallback(
    async (action: { type: 'refresh' } | { type: 'loadMore' }) => {
      const before = current.current;
      const next = apply(action);
      if (next === before) return;
      const { seq, page } = next;
      try {
        const result = await queryClient.fetchQuery({
          queryKey: [...latest.current.queryKey, page, PAGE_SIZE],
          queryFn: () => latest.current.fetchPage(page, PAGE_SIZE),
          staleTime: 0,
        });
        apply({ type: 'loaded', seq, items: result.items, pageSize: PAGE_SIZE });
      } catch {
        // The API client has told the member; the counter steps back so this page can be asked again.
        apply({ type: 'failed', seq });
      }
    },
    [apply, queryClient],
  );

  const refresh = useCallback(() => run({ type: 'refresh' }), [run]);
  const loadMore = useCallback(() => run({ type: 'loadMore' }), [run]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
        if (matchQuery({ queryKey: latest.current.queryKey }, event.query)) void refresh();
      }),
    [queryClient, refresh],
  );

  return { state, view: listView(state), refresh, loadMore };
}
