import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_DELAY_MS, LAZY_TIMEOUT_MS, LazyPage, lazyPage, type PageLoader } from './lazy-page';

function Hello() {
  return <p>page body</p>;
}

function deferred() {
  let resolve: (m: { default: ComponentType }) => void = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<{ default: ComponentType }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The failures below are expected: keep React's and jsdom's reports of them out of the test output. */
function expectErrors() {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const quiet = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener('error', quiet);
  return () => window.removeEventListener('error', quiet);
}

let stopQuiet = () => {};

afterEach(() => {
  stopQuiet();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('lazy pages', () => {
  it('shows the loading view only after 200 ms, then the page', async () => {
    vi.useFakeTimers();
    const chunk = deferred();
    const load: PageLoader = () => chunk.promise;
    render(<LazyPage load={load} />);
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LAZY_DELAY_MS));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => chunk.resolve({ default: Hello }));
    expect(screen.getByText('page body')).toBeTruthy();
  });

  it('shows the chunk-load error when the import fails, and Retry loads it again', async () => {
    const attempts = [deferred(), deferred()];
    let n = 0;
    const load: PageLoader = () => (attempts[n++] ?? deferred()).promise;
    stopQuiet = expectErrors();
    render(<LazyPage load={load} />);
    await act(async () => attempts[0]?.reject(new Error('chunk missing')));
    expect(screen.getByText('This page could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => attempts[1]?.resolve({ default: Hello }));
    expect(screen.getByText('page body')).toBeTruthy();
    expect(n).toBe(2);
  });

  it('treats an import still pending after 60 s as failed', async () => {
    vi.useFakeTimers();
    stopQuiet = expectErrors();
    const load: PageLoader = () => deferred().promise;
    render(<LazyPage load={load} />);
    await act(() => vi.advanceTimersByTimeAsync(LAZY_TIMEOUT_MS - 1));
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('This page could not be loaded')).toBeTruthy();
  });

  it('a navigation to a page still loading shows the new place at once, the loading view after 200 ms', async () => {
    vi.useFakeTimers();
    const second = deferred();
    // What the tab bar reads: the location, rendered beside the pages.
    function Where() {
      return <p data-testid="where">{useLocation().pathname}</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Where />
              <Outlet />
            </>
          ),
          children: [
            { path: '/one', element: lazyPage(async () => ({ default: Hello })) },
            { path: '/two', element: lazyPage(() => second.promise) },
          ],
        },
      ],
      { initialEntries: ['/one'] },
    );
    render(<RouterProvider router={router} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('page body')).toBeTruthy();

    await act(async () => {
      await router.navigate('/two');
    });
    expect(screen.getByTestId('where').textContent).toBe('/two');
    expect(screen.queryByText('page body')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LAZY_DELAY_MS));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => second.resolve({ default: () => <p>second body</p> }));
    expect(screen.getByText('second body')).toBeTruthy();
  });
});
