import { AuthEndpoints, type TMe } from '@app/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locales } from '../../app/locales';
import { Providers } from '../../app/Providers';
import { routes } from '../../app/routes';
import { session } from '../../app/session';
import { fakeApi, renderPage } from '../../test/render-page';
import PersonalPage from '../account/PersonalPage';
import { adminSections } from './admin-sections';

const member: TMe = {
  userid: '5',
  username: 'alice01',
  role: 'member',
  fullName: 'Alice Demo',
  email: 'alice01@demo.local',
  mobile: null,
  sponsor: 'company',
  placement: 'company',
  side: 'left',
  rank: 'Fans',
  language: 'en-US',
  hasTransactionPassword: true,
  joinedAt: '2026-01-01T00:00:00.000Z',
  kycStatus: 'none',
};
const admin: TMe = { ...member, userid: '1', username: 'admin', role: 'admin', fullName: null };
const support: TMe = { ...member, userid: '2', username: 'support1', role: 'support', fullName: null };

/** The API as the signed-in `user` sees it: admin lists are empty, and refused to a member. */
function serve(user: TMe) {
  const fetch = vi.fn(
    fakeApi((url) => {
      if (url.pathname === AuthEndpoints.me.path) return { body: user };
      if (url.pathname.startsWith('/api/admin/')) {
        return user.role !== 'member'
          ? { body: { items: [], page: 1, pageSize: 20 } }
          : { status: 403, body: { code: 'FORBIDDEN', message: 'Admins only' } };
      }
      return undefined;
    }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The app's real route table at `url`. */
function openApp(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => {
  // The root layout scrolls each new page to the top; jsdom has no scrolling.
  vi.stubGlobal('scrollTo', () => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin area access', () => {
  it('sends a visitor who is not signed in to the login page, to come back afterwards', async () => {
    serve(member);
    const router = openApp('/admin/members');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fmembers');
  });

  it('shows a member the admins-only page and asks the server for no admin data', async () => {
    session.signIn(member);
    const fetch = serve(member);
    openApp('/admin/withdrawals');
    expect(await screen.findByTestId('admin-only')).toBeTruthy();
    expect(screen.getAllByText('Admins only').length).toBeGreaterThan(0);
    expect(screen.queryByRole('navigation', { name: 'Admin sections' })).toBeNull();
    const asked = fetch.mock.calls.map(([input]) => String(input));
    expect(asked.filter((u) => u.includes('/api/admin/'))).toEqual([]);
  });

  it('opens the withdrawal queue for an admin, with every section in the menu', async () => {
    session.signIn(admin);
    serve(admin);
    const router = openApp('/admin');
    const menu = await screen.findByRole('navigation', { name: 'Admin sections' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/withdrawals'));
    // Every section of the one menu table, in its order, with its English name.
    const english = locales['en-US'].admin.sections as Record<string, string>;
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      adminSections.map((section) => english[section.id]),
    );
    expect(adminSections.length).toBeGreaterThanOrEqual(5);
    // Each section is a lazy chunk: on a loaded machine its first import here takes 1-2.5 s, past
    // findBy's 1 s default, so the wait is for the heading itself, not a time.
    const lazySection = { timeout: 10_000 };
    expect(await screen.findByRole('heading', { name: 'Withdrawals' }, lazySection)).toBeTruthy();
    expect(await screen.findByTestId('admin-table-empty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('admin-menu-audit'));
    expect(await screen.findByRole('heading', { name: 'Audit log' }, lazySection)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/audit');
  });

  it('shows support staff only the KYC, customer-service and content sections, and turns them from others', async () => {
    session.signIn(support);
    serve(support);
    const router = openApp('/admin/withdrawals');
    const menu = await screen.findByRole('navigation', { name: 'Admin sections' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'KYC',
      'Customer service',
      'Content',
    ]);
    fireEvent.click(screen.getByTestId('admin-menu-support'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/support'));
    await router.navigate('/admin/money');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'));
  });

  it('lists the admin area in the Me menu for admins only', async () => {
    session.signIn(member);
    serve(member);
    renderPage('/pages/personal/personal', '/pages/personal/personal', <PersonalPage />);
    expect(await screen.findByTestId('personal-username')).toBeTruthy();
    expect(screen.queryByText('Admin area')).toBeNull();
  });

  it('takes an admin from the Me menu to the admin area', async () => {
    session.signIn(admin);
    serve(admin);
    const router = renderPage('/pages/personal/personal', '/pages/personal/personal', <PersonalPage />);
    fireEvent.click(await screen.findByText('Admin area'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
