import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineNotice, UpdatePrompt } from './AppStatus';

const sw = vi.hoisted(() => ({ needRefresh: false, update: vi.fn(async () => {}), registered: 0 }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => ({
    registered: sw.registered++,
    needRefresh: [sw.needRefresh, () => {}],
    offlineReady: [false, () => {}],
    updateServiceWorker: sw.update,
  }),
}));

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  sw.needRefresh = false;
  sw.registered = 0;
});

describe('app status', () => {
  it('says so while offline, and goes when the network is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
    setOnline(false);
    expect(screen.getByTestId('offline-notice').textContent).toContain('You are offline');
    setOnline(true);
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });

  it('registers once the page is idle, offers a waiting new version only, and takes it when asked', async () => {
    const { rerender } = render(<UpdatePrompt />);
    // Not during the first render: registering waits for the page to be idle.
    expect(sw.registered).toBe(0);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    sw.needRefresh = true;
    rerender(<UpdatePrompt />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(sw.update).toHaveBeenCalledWith(true);
    expect(sw.registered).toBeGreaterThan(0);
  });
});
