import { defineEndpoint, ZOk } from '@app/contracts';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from './api';
import { ApiError } from './api-error';
import { registerNavigator } from './navigation';
import { stepUp } from './step-up';

const refused = () =>
  new Response(JSON.stringify({ code: 'ADMIN_STEP_UP_REQUIRED', message: 'fresh code' }), { status: 403 });
const ok = () => new Response(JSON.stringify({ ok: true }), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('step-up before an admin money action', () => {
  it('asks for a code once and sends the same request again, with the same Idempotency-Key', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(refused()).mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetch);
    const toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    const asker = vi.fn(async () => true);
    const unregister = stepUp.register(asker);
    try {
      await expect(
        api.call(
          defineEndpoint({ method: 'POST', path: '/api/admin/airdrops', body: z.unknown(), response: ZOk }),
          { body: { a: 1 }, idempotencyKey: 'k-1' },
        ),
      ).resolves.toEqual({
        ok: true,
      });
    } finally {
      unregister();
    }
    expect(asker).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    const keys = fetch.mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>);
    expect(keys.map((h) => h['Idempotency-Key'])).toEqual(['k-1', 'k-1']);
    expect(toast).not.toHaveBeenCalled();
  });

  it('cancelled: the action fails with the step-up code and nothing is sent again', async () => {
    registerNavigator(vi.fn(), () => '/admin/money');
    const fetch = vi.fn().mockResolvedValue(refused());
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    const unregister = stepUp.register(async () => false);
    try {
      const error = await api
        .call(
          defineEndpoint({ method: 'POST', path: '/api/admin/airdrops', body: z.unknown(), response: ZOk }),
          { body: {}, idempotencyKey: 'k-2' },
        )
        .catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('ADMIN_STEP_UP_REQUIRED');
    } finally {
      unregister();
    }
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('outside the admin area (no dialog registered) the refusal is an ordinary error', async () => {
    const fetch = vi.fn().mockResolvedValue(refused());
    vi.stubGlobal('fetch', fetch);
    const toast = vi.spyOn(Toast, 'show').mockReturnValue({ close: () => {} });
    await expect(
      api.call(
        defineEndpoint({ method: 'POST', path: '/api/admin/airdrops', body: z.unknown(), response: ZOk }),
        { body: {} },
      ),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The toast loads on first use (overlays.ts).
    await vi.dynamicImportSettled();
    expect(toast).toHaveBeenCalled();
  });
});
