import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { MemberShell, wideQuery } from './MemberShell';

/** A window whose width answers `wideQuery`, and a way to turn it (as a resize would). */
function fakeWidth(wide: boolean) {
  let matches = wide;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === wideQuery ? matches : false;
        },
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    for (const listener of [...listeners]) listener();
  };
}

function renderShell() {
  const router = createMemoryRouter(
    [{ element: <MemberShell />, children: [{ path: '/pages/home/home', element: <p>home</p> }] }],
    { initialEntries: ['/pages/home/home'] },
  );
  render(
    <Providers queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('member shell', () => {
  it('renders the tab bar and not the side menu on a phone', () => {
    fakeWidth(false);
    renderShell();
    expect(screen.getByTestId('tab-home')).toBeTruthy();
    expect(screen.queryByTestId('side-home')).toBeNull();
  });

  it('renders the side menu and not the tab bar above 820 px, and follows the width as it changes', () => {
    const turn = fakeWidth(true);
    renderShell();
    expect(screen.getByTestId('side-home')).toBeTruthy();
    expect(screen.queryByTestId('tab-home')).toBeNull();
    act(() => turn(false));
    expect(screen.getByTestId('tab-home')).toBeTruthy();
    expect(screen.queryByTestId('side-home')).toBeNull();
  });
});
