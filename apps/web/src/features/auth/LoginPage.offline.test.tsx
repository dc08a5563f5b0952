import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import LoginPage from './LoginPage';

// The rest of the texts (what the form's checks and a server's error need) could not be fetched: the
// network went between the first view and the first touch (decision 93).
const texts = vi.hoisted(() => ({ fail: false }));
vi.mock('../../app/i18n', async (original) => {
  const actual = await original<typeof import('../../app/i18n')>();
  return {
    ...actual,
    allTextsReady: () => (texts.fail ? Promise.reject(new Error('offline')) : actual.allTextsReady()),
  };
});

afterEach(() => {
  texts.fail = false;
  vi.unstubAllGlobals();
});

describe('login page without the network', () => {
  it('says there is no connection when the rest of the texts cannot be fetched, and sends nothing', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    texts.fail = true;
    renderPage('/pages/login/login', '/pages/login/login', <LoginPage />);
    const submit = await screen.findByRole('button', { name: 'Log in' });
    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'alice01' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo12345' } });
    fireEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No connection to the server. Check your network.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
