import { AuthEndpoints, SecurityEndpoints, type TSessionItem } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../test/render-page';
import AccountSettingPage from './AccountSettingPage';

const session = (id: string, current: boolean): TSessionItem => ({
  id,
  device: current ? 'Chrome on Android' : 'Firefox on Windows',
  ip: '10.0.0.1',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T10:00:00.000Z',
  current,
});

let items: TSessionItem[];
let posts: string[];
let confirm: ReturnType<typeof vi.spyOn>;
let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  posts = [];
  items = [session('a', true), session('b', false), session('c', false)];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeApi((url, init) => {
        if (url.pathname === SecurityEndpoints.sessionsEndOthers.path && init.method === 'POST') {
          posts.push(url.pathname);
          const ended = items.filter((s) => !s.current).length;
          items = items.filter((s) => s.current);
          return { body: { ended } };
        }
        if (url.pathname === AuthEndpoints.sessions.path) return { body: { items, page: 1, pageSize: 10 } };
        return undefined;
      }),
    ),
  );
  confirm = vi.spyOn(Dialog, 'confirm').mockResolvedValue(true);
  toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('device list', () => {
  it('signs out every other device once confirmed, says how many, and shows the list without them', async () => {
    renderPage('/s', '/s', <AccountSettingPage />);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(posts).toEqual([SecurityEndpoints.sessionsEndOthers.path]));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sign out all other devices?' }));
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(1));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Devices signed out: 2' }));
  });

  it('sends nothing when the member cancels', async () => {
    confirm.mockResolvedValue(false);
    renderPage('/s', '/s', <AccountSettingPage />);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(posts).toEqual([]);
    expect(screen.getAllByTestId('session-item')).toHaveLength(3);
  });
});
