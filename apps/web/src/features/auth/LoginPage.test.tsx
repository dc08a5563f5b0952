import { AuthEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Routes } from '../../app/navigation';
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

/** Fills and sends the form once the last try has settled (the button says "Log in" again, not loading). */
async function logIn(login: string, password: string) {
  const submit = await screen.findByRole('button', { name: 'Log in' });
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: login } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(submit);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('shows a wrong password and a wait inline, then signs in and returns where it was asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi((url, init) => {
          if (url.pathname !== AuthEndpoints.login.path) return undefined;
          const { password, login } = JSON.parse(String(init.body)) as { login: string; password: string };
          if (login === 'waiting01') {
            return {
              status: 429,
              body: { code: 'LOGIN_THROTTLED', message: 'wait', details: { retryAfterSeconds: 60 } },
            };
          }
          if (login === 'longwait1') {
            return {
              status: 429,
              body: { code: 'LOGIN_THROTTLED', message: 'wait', details: { retryAfterSeconds: 840 } },
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

    await logIn('alice01', 'nope12345');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username, email or password.');

    await logIn('waiting01', 'Demo12345');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed logins from this device. Try again in 60\u00a0s.',
      ),
    );
    await logIn('longwait1', 'Demo12345');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed logins from this device. Try again in 14 min.',
      ),
    );
    // A 429 of the login itself is the form's to show: no "Frequent request" modal over it.
    expect(screen.queryByText('Frequent request , Please try it again.')).toBeNull();

    await logIn('alice01', 'Demo12345');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/personal/AccountSetting'));
    expect(session.get().isLogin).toBe(true);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? 'null')).toMatchObject({ userid: '5' });
  });

  it('past the account ceiling offers an unlock code, sends it, unlocks this device with it and logs in', async () => {
    const calls: Array<[string, unknown]> = [];
    let unlocked = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi((url, init) => {
          const body = init.body ? JSON.parse(String(init.body)) : undefined;
          calls.push([url.pathname, body]);
          if (url.pathname === AuthEndpoints.loginUnlockStart.path) {
            return { body: { expiresInSeconds: 600, resendInSeconds: 60 } };
          }
          if (url.pathname === AuthEndpoints.loginUnlock.path) {
            if (body.code !== '123456') return { status: 400, body: { code: 'TAC_INVALID', message: 'no' } };
            unlocked = true;
            return { body: { ok: true } };
          }
          if (url.pathname === AuthEndpoints.login.path) {
            if (!unlocked) {
              return {
                status: 423,
                body: {
                  code: 'LOGIN_UNLOCK_REQUIRED',
                  message: 'unlock',
                  details: { retryAfterSeconds: 80000 },
                },
              };
            }
            return { body: { user } };
          }
          return undefined;
        }),
      ),
    );
    const router = renderPage('/pages/login/login', '/pages/login/login', <LoginPage />);
    await logIn('alice01', 'Demo12345');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed logins on this account. This device needs an unlock code first.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send me an unlock code' }));
    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByTestId('tac-sent').textContent).toContain('If this account exists, an unlock code');

    fireEvent.change(code, { target: { value: '999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the correct 6-digit verification code.')).toBeTruthy();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(Routes.home));
    expect(calls.map(([path]) => path).filter((p) => p.startsWith('/api/auth'))).toEqual([
      AuthEndpoints.login.path,
      AuthEndpoints.loginUnlockStart.path,
      AuthEndpoints.loginUnlock.path,
      AuthEndpoints.loginUnlock.path,
      AuthEndpoints.login.path,
    ]);
    expect(calls.find(([path]) => path === AuthEndpoints.loginUnlockStart.path)?.[1]).toEqual({
      login: 'alice01',
    });
  });
});
