import { AppEndpoints, AuthEndpoints } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../app/session';
import { fakeApi, renderPage } from '../../test/render-page';
import { inviteLink } from '../profile/invite-link';
import RegisterPage from './RegisterPage';

const user = {
  userid: '77',
  username: 'newbie01',
  role: 'member',
  fullName: null,
  email: 'newbie01@example.com',
  mobile: null,
  sponsor: 'alice01',
  placement: 'david01',
  side: 'right',
  rank: 'Fans',
  language: 'en-US',
  hasTransactionPassword: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
};

const bodies: unknown[] = [];
const api = fakeApi((url, init) => {
  switch (url.pathname) {
    case AuthEndpoints.checkUsername.path:
      return { body: { available: url.searchParams.get('username') !== 'taken01' } };
    case AuthEndpoints.checkSponsor.path:
      return { body: { username: 'alice01', maskedName: 'Al***e' } };
    case AuthEndpoints.checkPlacement.path:
      return { body: { username: 'david01', leftFree: false, rightFree: true } };
    case AuthEndpoints.telPrefixes.path:
      return { body: { items: [{ prefix: '+60', country: 'Malaysia', iso: 'MY' }] } };
    case AppEndpoints.appInfo.path:
      return { body: { version: '1', downloadUrl: '', aiUrl: '', devOutbox: false } };
    case AuthEndpoints.signupTac.path:
      return { body: { destination: 'n***1@example.com', expiresInSeconds: 600, resendInSeconds: 60 } };
    case AuthEndpoints.register.path: {
      const body = JSON.parse(String(init.body)) as { code: string };
      bodies.push(body);
      return body.code === '000000'
        ? { status: 400, body: { code: 'TAC_INVALID', message: 'wrong code' } }
        : { body: { user } };
    }
  }
  return undefined;
});

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  bodies.length = 0;
});

describe('sign-up page', () => {
  it('says a username of 4, of 16 or with symbols is invalid, and a free one is available', async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    renderPage('/pages/register/register', '/pages/register/register', <RegisterPage />);
    for (const name of ['abcd', 'abcdefghijklmnop', 'abc$de']) {
      // From a valid name each time, so every invalid one has to bring the message back by itself.
      type('Username', 'newbie01');
      expect(await screen.findByText('This username is available.')).toBeTruthy();
      type('Username', name);
      expect(await screen.findByText('Username must be 5 to 15 letters or digits.')).toBeTruthy();
    }
    type('Username', 'taken01');
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
  });

  it('shows the spec message when the passwords differ', async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    renderPage('/pages/register/register', '/pages/register/register', <RegisterPage />);
    type('Password', 'Secret123');
    type('Confirm password', 'Secret124');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Password did not match, Please re-enter again')).toBeTruthy();
  });

  it("opens from a member's invitation link with the sponsor filled in and confirmed", async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    const link = new URL(inviteLink('https://app.example', 'alice01'));
    renderPage('/pages/register/register', link.hash.slice(1), <RegisterPage />);
    expect((screen.getByLabelText('Sponsor') as HTMLInputElement).value).toBe('alice01');
    expect(await screen.findByText('Sponsor: alice01 (Al***e)')).toBeTruthy();
    expect((screen.getByLabelText('Placement') as HTMLInputElement).value).toBe('');
  });

  it('fills sponsor and placement from the link, picks the free side, and signs the member in', async () => {
    vi.stubGlobal('fetch', vi.fn(api));
    const router = renderPage(
      '/pages/register/register',
      '/pages/register/register?sponsor=alice01&placement=david01&side=left',
      <RegisterPage />,
    );
    expect((screen.getByLabelText('Sponsor') as HTMLInputElement).value).toBe('alice01');
    expect(await screen.findByText('Sponsor: alice01 (Al***e)')).toBeTruthy();
    expect(await screen.findByText('Left: taken · Right: free')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Right' }) as HTMLInputElement).checked).toBe(true),
    );

    type('Username', 'newbie01');
    type('Email address', 'newbie01@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Code sent to n***1@example.com.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();

    type('Verification code', '000000');
    type('Password', 'Secret123');
    type('Confirm password', 'Secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    // A refused code shows at the code field.
    expect(await screen.findByText('Enter the correct 6-digit verification code.')).toBeTruthy();

    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/home'));
    expect(bodies.at(-1)).toMatchObject({
      username: 'newbie01',
      sponsor: 'alice01',
      placement: 'david01',
      side: 'right',
      contact: { channel: 'email', email: 'newbie01@example.com' },
      code: '123456',
      language: 'en-US',
    });
    expect(session.get()).toMatchObject({ isLogin: true, userInfo: { username: 'newbie01' } });
  });
});
