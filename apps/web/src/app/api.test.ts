import { defineEndpoint, type TUserInfo, ZOk } from '@app/contracts';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { activity } from './activity';
import { api, REQUEST_TIMEOUT_MS } from './api';
import { ApiError } from './api-error';
import { registerNavigator } from './navigation';
import { session } from './session';

const user: TUserInfo = {
  userid: '42',
  username: 'alice01',
  role: 'member',
  fullName: null,
  email: 'alice01@demo.local',
  mobile: null,
  sponsor: 'company',
  placement: 'company',
  side: 'left',
  rank: 'Fans',
  language: 'en-US',
  hasTransactionPassword: false,
  joinedAt: '2026-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));
}

// Toast and Dialog load on first use (overlays.ts): each check of them waits for that import first.
let alert: ReturnType<typeof vi.spyOn>;
let toast: ReturnType<typeof vi.spyOn>;
let path = '/pages/personal/AccountSetting';
const navigate = vi.fn();

beforeEach(() => {
  alert = vi.spyOn(Dialog, 'alert').mockResolvedValue(undefined);
  toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
  path = '/pages/personal/AccountSetting';
  navigate.mockReset();
  registerNavigator(navigate, () => path);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends JSON with the session cookie and checks the answer against the contract', async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      api.call(defineEndpoint({ method: 'POST', path: '/api/x', body: z.unknown(), response: ZOk }), {
        body: { a: 1 },
      }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"a":1}');
  });

  it('answers an HTTP 404 with the modal error_code:404', async () => {
    vi.stubGlobal('fetch', answer(404, { code: 'NOT_FOUND', message: 'No route' }));
    await expect(
      api.call(defineEndpoint({ method: 'GET', path: '/api/nowhere', response: ZOk })),
    ).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await vi.dynamicImportSettled();
    expect(alert).toHaveBeenCalledWith(expect.objectContaining({ content: 'error_code:404' }));
  });

  it('answers a 429 with the frequent-request modal and keeps Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      answer(429, { code: 'RATE_LIMITED', message: 'slow down' }, { 'Retry-After': '30' }),
    );
    const error = await api
      .call(defineEndpoint({ method: 'POST', path: '/api/auth/login', body: z.unknown(), response: ZOk }), {
        body: {},
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(30);
    await vi.dynamicImportSettled();
    expect(alert).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Frequent request , Please try it again.' }),
    );
  });

  it('shows the 429 modal for any call, also when a proxy answered with a page instead of JSON, once for many', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Too Many Requests</html>', { status: 429 })),
    );
    const failures = await Promise.all([
      api
        .call(defineEndpoint({ method: 'GET', path: '/api/wallet', response: ZOk }))
        .catch((e: unknown) => e),
      api
        .call(defineEndpoint({ method: 'GET', path: '/api/me', response: ZOk }), { silent: true })
        .catch((e: unknown) => e),
      api
        .call(
          defineEndpoint({ method: 'POST', path: '/api/wallet/transfer', body: z.unknown(), response: ZOk }),
          { body: {} },
        )
        .catch((e: unknown) => e),
      api
        .call(defineEndpoint({ method: 'DELETE', path: '/api/me/sessions/1', response: ZOk }))
        .catch((e: unknown) => e),
    ]);
    expect(failures.map((e) => (e as ApiError).code)).toEqual([
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    await vi.dynamicImportSettled();
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Frequent request , Please try it again.' }),
    );
    // A modal over the page: the member stays where they were.
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on SESSION_INVALID clears the stored login and goes to the login page', async () => {
    session.signIn(user);
    vi.stubGlobal('fetch', answer(401, { code: 'SESSION_INVALID', message: 'ended' }));
    await expect(
      api.call(defineEndpoint({ method: 'GET', path: '/api/me', response: ZOk })),
    ).rejects.toMatchObject({ code: 'SESSION_INVALID' });
    expect(session.get()).toEqual({ isLogin: false, userInfo: null });
    expect(localStorage.getItem('isLogin')).toBe('false');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(
      `/pages/login/login?redirect=${encodeURIComponent('/pages/personal/AccountSetting')}`,
      { replace: true },
    );
  });

  it('does not navigate when the session dies on the login page itself', async () => {
    path = '/pages/login/login?redirect=%2Fpages%2Fhome%2Fhome';
    vi.stubGlobal('fetch', answer(401, { code: 'SESSION_INVALID', message: 'ended' }));
    await expect(
      api.call(
        defineEndpoint({ method: 'POST', path: '/api/auth/logout', body: z.unknown(), response: ZOk }),
      ),
    ).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('toasts any other error in the current language, unless the caller shows it itself', async () => {
    vi.stubGlobal('fetch', answer(409, { code: 'USERNAME_TAKEN', message: 'taken' }));
    await expect(
      api.call(
        defineEndpoint({ method: 'POST', path: '/api/auth/register', body: z.unknown(), response: ZOk }),
        { body: {} },
      ),
    ).rejects.toBeInstanceOf(ApiError);
    await vi.dynamicImportSettled();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'This username is already taken.' }),
    );

    toast.mockClear();
    await expect(
      api.call(
        defineEndpoint({ method: 'POST', path: '/api/auth/register', body: z.unknown(), response: ZOk }),
        { body: {}, handled: ['USERNAME_TAKEN'] },
      ),
    ).rejects.toMatchObject({
      code: 'USERNAME_TAKEN',
    });
    await vi.dynamicImportSettled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('falls back to the generic error text for a code it does not know', async () => {
    vi.stubGlobal('fetch', answer(500, { code: 'SOMETHING_NEW', message: '?' }));
    await expect(
      api.call(defineEndpoint({ method: 'GET', path: '/api/x', response: ZOk })),
    ).rejects.toBeInstanceOf(ApiError);
    await vi.dynamicImportSettled();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ content: 'Something went wrong. Please try again.' }),
    );
  });

  it('counts requests in flight for the loading bar, except silent ones', async () => {
    let release: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (release = resolve)));
    const loud = api.call(defineEndpoint({ method: 'GET', path: '/api/x', response: ZOk }));
    expect(activity.count()).toBe(1);
    release(new Response('{"ok":true}'));
    await loud;
    expect(activity.count()).toBe(0);

    const quiet = api.call(defineEndpoint({ method: 'GET', path: '/api/x', response: ZOk }), {
      silent: true,
    });
    expect(activity.count()).toBe(0);
    release(new Response('{"ok":true}'));
    await quiet;
  });

  it('gives up after 60 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const pending = api
      .call(defineEndpoint({ method: 'GET', path: '/api/slow', response: ZOk }))
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(activity.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(activity.count()).toBe(0);
  });

  it('treats a call cancelled while its answer was coming in as cancelled, without a toast', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('{"ok":'));
          init.signal?.addEventListener('abort', () =>
            stream.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const pending = api
      .call(defineEndpoint({ method: 'GET', path: '/api/x', response: ZOk }), { signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(activity.count()).toBe(1));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'ABORTED', status: 0 });
    await vi.dynamicImportSettled();
    expect(toast).not.toHaveBeenCalled();
  });
});
