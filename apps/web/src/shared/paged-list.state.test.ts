import { describe, expect, it } from 'vitest';
import {
  initialListState,
  type ListAction,
  type ListState,
  listReducer,
  listView,
  MIN_ITEMS_FOR_END,
  PAGE_SIZE,
} from './paged-list.state';

const items = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

function run(
  actions: ListAction<number>[],
  start: ListState<number> = initialListState(),
): ListState<number> {
  return actions.reduce(listReducer, start);
}

/** Asks for the next page and answers it with `count` items. */
function page(state: ListState<number>, count: number): ListState<number> {
  const asked = listReducer(state, state.loaded ? { type: 'loadMore' } : { type: 'refresh' });
  return listReducer(asked, {
    type: 'loaded',
    seq: asked.seq,
    items: items(state.items.length, count),
    pageSize: PAGE_SIZE,
  });
}

describe('list state machine', () => {
  it('uses the spec page size of 10 and shows the end text from 5 items', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(MIN_ITEMS_FOR_END).toBe(5);
  });

  it('loads the first page as page 1 and can load more after a full page', () => {
    const asked = listReducer(initialListState<number>(), { type: 'refresh' });
    expect(asked.page).toBe(1);
    expect(asked.phase).toBe('refreshing');
    expect(listView(asked).loading).toBe(true);

    const first = page(initialListState(), 10);
    expect(first.items).toEqual(items(0, 10));
    expect(first.page).toBe(1);
    expect(listView(first)).toMatchObject({ canLoadMore: true, empty: false, showEnd: false });
  });

  it('appends the next page and counts up', () => {
    const second = page(page(initialListState(), 10), 10);
    expect(second.page).toBe(2);
    expect(second.items).toEqual(items(0, 20));
    expect(listView(second).canLoadMore).toBe(true);
  });

  it('stops at a short page: no more data, no further load-more', () => {
    const last = page(page(initialListState(), 10), 3);
    expect(last.phase).toBe('noMore');
    expect(listView(last).canLoadMore).toBe(false);
    expect(listReducer(last, { type: 'loadMore' })).toBe(last);
  });

  it('shows the end text only when at least 5 items are loaded', () => {
    expect(listView(page(initialListState(), 4))).toMatchObject({ showEnd: false, empty: false });
    expect(listView(page(initialListState(), 5)).showEnd).toBe(true);
    expect(listView(page(page(initialListState(), 10), 0)).showEnd).toBe(true);
  });

  it('shows the empty text when the first page has nothing', () => {
    const empty = page(initialListState(), 0);
    expect(listView(empty)).toMatchObject({ empty: true, showEnd: false, canLoadMore: false });
  });

  it('steps the page counter back on error, so a retry asks for the same page', () => {
    const first = page(initialListState(), 10);
    const asked = listReducer(first, { type: 'loadMore' });
    expect(asked.page).toBe(2);
    const failed = listReducer(asked, { type: 'failed', seq: asked.seq });
    expect(failed.page).toBe(1);
    expect(failed.items).toEqual(items(0, 10));
    expect(listView(failed)).toMatchObject({ failed: true, canLoadMore: false });

    const retried = listReducer(failed, { type: 'loadMore' });
    expect(retried.page).toBe(2);
  });

  it('steps back to 0 when the very first page fails; the retry asks for page 1 again', () => {
    const asked = listReducer(initialListState<number>(), { type: 'refresh' });
    const failed = listReducer(asked, { type: 'failed', seq: asked.seq });
    expect(failed.page).toBe(0);
    expect(listView(failed).failed).toBe(true);
    expect(listReducer(failed, { type: 'loadMore' }).page).toBe(1);
  });

  it('refresh goes back to page 1 and replaces what was loaded', () => {
    const three = page(page(page(initialListState(), 10), 10), 10);
    const asked = listReducer(three, { type: 'refresh' });
    expect(asked.page).toBe(1);
    expect(asked.items).toHaveLength(30); // kept on screen until page 1 arrives
    const refreshed = listReducer(asked, {
      type: 'loaded',
      seq: asked.seq,
      items: [100, 101],
      pageSize: PAGE_SIZE,
    });
    expect(refreshed.items).toEqual([100, 101]);
    expect(refreshed.page).toBe(1);
    expect(refreshed.phase).toBe('noMore');
  });

  it('drops the answer of a request that a refresh superseded', () => {
    const first = page(initialListState(), 10);
    const more = listReducer(first, { type: 'loadMore' });
    const refreshing = listReducer(more, { type: 'refresh' });
    const late = run(
      [{ type: 'loaded', seq: more.seq, items: items(50, 10), pageSize: PAGE_SIZE }],
      refreshing,
    );
    expect(late).toBe(refreshing);
    const lateFailure = listReducer(refreshing, { type: 'failed', seq: more.seq });
    expect(lateFailure).toBe(refreshing);
  });
});
