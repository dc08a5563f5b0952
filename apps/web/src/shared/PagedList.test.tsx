import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/Providers';
import { PagedList } from './PagedList';
import type { Page } from './use-paged-list';

interface Row {
  id: string;
}

function rows(page: number, count: number): Page<Row> {
  return { items: Array.from({ length: count }, (_, i) => ({ id: `p${page}-${i}` })), page, pageSize: 10 };
}

function setup(fetchPage: (page: number, pageSize: number) => Promise<Page<Row>>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <PagedList
        queryKey={['rows']}
        fetchPage={fetchPage}
        itemKey={(row) => row.id}
        renderItem={(row) => <span data-testid="row">{row.id}</span>}
        header={<h2>header</h2>}
      />
    </Providers>,
  );
  return queryClient;
}

// jsdom lays nothing out, so antd-mobile's InfiniteScroll never sees itself on screen. Giving elements an
// offsetParent makes the sentinel count as visible, as it is in a browser when the list is short.
function sentinelOnScreen() {
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PagedList', () => {
  it('shows the first page with its header, asking for page 1 of 10', async () => {
    const fetchPage = vi.fn(async (page: number) => rows(page, 3));
    setup(fetchPage);
    expect(await screen.findAllByTestId('row')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'header' })).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledWith(1, 10);
    // 3 items: no more data, but too few for the end text.
    expect(screen.queryByText('-- END --')).toBeNull();
  });

  it('shows the empty text when the first page is empty', async () => {
    setup(async (page) => rows(page, 0));
    expect(await screen.findByText('~ No Record ~')).toBeTruthy();
    expect(screen.queryByText('-- END --')).toBeNull();
  });

  it('pulls up page after page until a short one, then shows the end text', async () => {
    sentinelOnScreen();
    const fetchPage = vi.fn(async (page: number) => rows(page, page < 3 ? 10 : 4));
    setup(fetchPage);
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(24), { timeout: 3000 });
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(await screen.findByText('-- END --')).toBeTruthy();
  });

  it('on a failed page shows a retry that asks for the same page again', async () => {
    let fail = true;
    const fetchPage = vi.fn(async (page: number) => {
      if (fail) throw new Error('offline');
      return rows(page, 6);
    });
    setup(fetchPage);
    expect(await screen.findByText('Loading failed.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('row')).toHaveLength(6);
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([1, 1]);
    expect(screen.getByText('-- END --')).toBeTruthy();
  });

  it('goes back to page 1 when its query key is invalidated (a refresh)', async () => {
    let version = 1;
    const fetchPage = vi.fn(async (page: number) => ({
      ...rows(page, 2),
      items: [{ id: `v${version}-a` }, { id: `v${version}-b` }],
    }));
    const queryClient = setup(fetchPage);
    expect(await screen.findByText('v1-a')).toBeTruthy();
    version = 2;
    await act(() => queryClient.invalidateQueries({ queryKey: ['rows'] }));
    expect(await screen.findByText('v2-a')).toBeTruthy();
    expect(screen.queryByText('v1-a')).toBeNull();
    expect(fetchPage.mock.calls.every(([page]) => page === 1)).toBe(true);
  });
});
