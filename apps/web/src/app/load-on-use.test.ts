import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { reactToError } from './api-reactions';
import { loadOnUse } from './load-on-use';

vi.mock('./api-reactions', () => ({ reactToError: vi.fn() }));

afterEach(() => {
  vi.mocked(reactToError).mockClear();
});

describe('code loaded on use', () => {
  it('gives what the chunk exports, and asks for it again on the next use', async () => {
    const load = vi.fn(async () => 'module');
    const use = loadOnUse(load);
    expect(await use()).toBe('module');
    expect(await use()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(reactToError).not.toHaveBeenCalled();
  });

  it('fails as an unreachable server does when the chunk cannot load, and shows it the same way', async () => {
    const use = loadOnUse(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const failure = await use().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(reactToError).toHaveBeenCalledWith(failure);
  });
});
