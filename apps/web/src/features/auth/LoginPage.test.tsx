import { Paths } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session';
import { fakeApi, renderPage } from '../../test/render-page';
import LoginPage from './LoginPage';

const user = {
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
};

function logIn(login: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: login } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows a wrong password and a locked account inline, then signs in and returns where it was asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi((url, init) => {
          if (url.pathname !== Paths.login) return undefined;
          const { password, login } = JSON.parse(String(init.body)) as { login: string; password: string };
          if (login === 'locked01') {
            return {
              status: 423,
              body: { code: 'ACCOUNT_LOCKED', message: 'locked', details: { retryAfterSeconds: 840 } },
            };
          }
          return password === 'Demo12345'
            ? { body: { user } }
            : { status: 401, body: { code: 'LOGIN_FAILED', message: 'no' } };
        }),
      ),
    );
    const router = renderPage(
      '/pages/login/login',
      '/pages/login/login?redirect=%2Fpages%2Fpersonal%2FAccountSetting',
      <LoginPage />,
    );

    logIn('alice01', 'nope12345');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username, email or password.');

    logIn('locked01', 'Demo12345');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This account is locked after too many failed logins. Try again in 14 min.',
      ),
    );

    logIn('alice01', 'Demo12345');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/personal/AccountSetting'));
    expect(session.get().isLogin).toBe(true);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ userid: '5' });
  });
});
