import { NotificationsEndpoints, type TNotification } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import NotificationsPage from './NotificationsPage';
import { NotificationPaths } from './notification-paths';

let items: TNotification[];
let posts: string[];

beforeEach(() => {
  posts = [];
  items = [
    {
      id: '2',
      kind: 'withdrawal_rejected',
      params: { amount: '100.000000', currency: 'USDT' },
      link: '/pages/Wallet/menuWithdraw',
      createdAt: '2026-11-20T10:00:00.000Z',
      read: false,
    },
    {
      id: '1',
      kind: 'kyc_rejected',
      params: { reason: 'blurry picture' },
      link: null,
      createdAt: '2026-11-19T10:00:00.000Z',
      read: true,
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        if (init.method === 'POST') {
          posts.push(url.pathname);
          const id = url.pathname.match(/notifications\/(\d+)\/read/)?.[1];
          items = items.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n));
          return { body: { ok: true } };
        }
        if (url.pathname === NotificationsEndpoints.notificationsUnreadCount.path) {
          return { body: { count: items.filter((n) => !n.read).length } };
        }
        if (url.pathname === NotificationsEndpoints.notifications.path)
          return { body: { items, page: 1, pageSize: 10 } };
        return undefined;
      }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const cards = () => screen.findAllByTestId('notification-item');

describe('notifications page', () => {
  it('writes each notification in the reader language with its params, unread ones marked', async () => {
    renderPage(NotificationPaths.list, NotificationPaths.list, <NotificationsPage />);
    const [rejected, kyc] = await cards();
    expect(within(rejected!).getByText('Withdrawal rejected')).toBeTruthy();
    expect(
      within(rejected!).getByText(
        'Your withdrawal of 100.00 USDT was rejected; the amount is back in your wallet.',
      ),
    ).toBeTruthy();
    expect(within(rejected!).getByRole('img', { name: 'Unread' })).toBeTruthy();
    expect(within(kyc!).getByText(/rejected: blurry picture\. You can submit it again\./)).toBeTruthy();
    expect(within(kyc!).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(await screen.findByText('Unread: 1')).toBeTruthy();
  });

  it('a tap marks it read and follows its link', async () => {
    const router = renderPage(NotificationPaths.list, NotificationPaths.list, <NotificationsPage />);
    const [rejected] = await cards();
    fireEvent.click(rejected!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/Wallet/menuWithdraw'));
    expect(posts).toEqual(['/api/notifications/2/read']);
  });

  it('a read one without a link is not marked again; "mark all as read" reads the rest', async () => {
    renderPage(NotificationPaths.list, NotificationPaths.list, <NotificationsPage />);
    const [, kyc] = await cards();
    fireEvent.click(kyc!);
    await screen.findByText('Unread: 1');
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('Unread: 0')).toBeTruthy();
    expect(posts).toEqual(['/api/notifications/read-all']);
    await waitFor(async () => {
      const [first] = await cards();
      expect(first?.getAttribute('data-read')).toBe('true');
    });
  });
});
