import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '../app/Providers';

/** Renders one page at `url` with the app's providers, and a marker page at every other path. */
export function renderPage(path: string, url: string, page: ReactElement) {
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <p data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

type Handler = (url: URL, init: RequestInit) => { status?: number; body: unknown } | undefined;

/** A fetch that answers from `handler` by path, like the API would; anything unhandled is a 404. */
export function fakeApi(handler: Handler) {
  return async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const answer = handler(url, init) ?? { status: 404, body: { code: 'NOT_FOUND', message: url.pathname } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  };
}
