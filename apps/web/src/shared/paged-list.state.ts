/**
 * The list behaviour of spec sections 4 and 9 as a pure state machine: refresh (pull down) goes back to
 * page 1, load-more (pull up) asks for the next page, a short page means no more data, and a failure
 * steps the page counter back so the same page is asked for again.
 */
export const PAGE_SIZE = 10;
/** The end text shows only once at least this many items are on screen. */
export const MIN_ITEMS_FOR_END = 5;

export type ListPhase = 'idle' | 'refreshing' | 'loadingMore' | 'noMore' | 'error';

export interface ListState<T> {
  items: T[];
  /** The page counter: the last page asked for (0 before the first). */
  page: number;
  phase: ListPhase;
  /** Whether any page has arrived since the list was created. */
  loaded: boolean;
  /** Ties an answer to the request that is current; answers to superseded requests are dropped. */
  seq: number;
}

export type ListAction<T> =
  | { type: 'refresh' }
  | { type: 'loadMore' }
  | { type: 'loaded'; seq: number; items: T[]; pageSize: number }
  | { type: 'failed'; seq: number };

export function initialListState<T>(): ListState<T> {
  return { items: [], page: 0, phase: 'idle', loaded: false, seq: 0 };
}

export function listReducer<T>(state: ListState<T>, action: ListAction<T>): ListState<T> {
  switch (action.type) {
    case 'refresh':
      // Items stay on screen until page 1 replaces them: no flash of an empty list.
      return { ...state, page: 1, phase: 'refreshing', seq: state.seq + 1 };
    case 'loadMore':
      if (state.phase === 'refreshing' || state.phase === 'loadingMore' || state.phase === 'noMore')
        return state;
      return { ...state, page: state.page + 1, phase: 'loadingMore', seq: state.seq + 1 };
    case 'loaded': {
      if (action.seq !== state.seq) return state;
      const items = state.page === 1 ? action.items : [...state.items, ...action.items];
      const short = action.items.length < action.pageSize;
      return { ...state, items, phase: short ? 'noMore' : 'idle', loaded: true };
    }
    case 'failed':
      if (action.seq !== state.seq) return state;
      return { ...state, page: Math.max(0, state.page - 1), phase: 'error' };
  }
}

export interface ListView {
  /** The first page came back empty. */
  empty: boolean;
  /** No more data, and enough items that saying so is useful. */
  showEnd: boolean;
  /** Pull-up may ask for the next page now. */
  canLoadMore: boolean;
  /** 'Loading ...' under the list: a next page, or the very first one. */
  loading: boolean;
  failed: boolean;
}

export function listView<T>(state: ListState<T>): ListView {
  return {
    empty: state.loaded && state.phase === 'noMore' && state.items.length === 0,
    showEnd: state.phase === 'noMore' && state.items.length >= MIN_ITEMS_FOR_END,
    canLoadMore: state.loaded && state.phase === 'idle',
    loading: state.phase === 'loadingMore' || (state.phase === 'refreshing' && !state.loaded),
    failed: state.phase === 'error',
  };
}
