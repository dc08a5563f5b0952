import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api-error';
import { createAttemptKeeper, isUnanswered } from './money-attempt';

function keeper() {
  let n = 0;
  return createAttemptKeeper(() => `key-${++n}`);
}

describe('money attempts (Idempotency-Key per confirmation)', () => {
  it('tells an unanswered try from a final refusal', () => {
    expect(isUnanswered(new ApiError(0, 'NETWORK_ERROR'))).toBe(true);
    expect(isUnanswered(new ApiError(0, 'TIMEOUT'))).toBe(true);
    expect(isUnanswered(new ApiError(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(isUnanswered(new ApiError(429, 'RATE_LIMITED'))).toBe(true);
    expect(isUnanswered(new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS'))).toBe(true);
    expect(isUnanswered(new ApiError(400, 'TRANSACTION_PASSWORD_WRONG'))).toBe(false);
    expect(isUnanswered(new ApiError(409, 'EXCHANGE_RATE_CHANGED'))).toBe(false);
    expect(isUnanswered(new Error('bug'))).toBe(false);
  });

  it('sends the same key and the same sealed body again after an unanswered try', async () => {
    const attempts = keeper();
    const build = vi.fn(async () => ({ sealed: Math.random() }));
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(0, 'NETWORK_ERROR'))
      .mockResolvedValueOnce('done');
    await expect(attempts.run('confirm-1', build, send)).rejects.toThrow('NETWORK_ERROR');
    await expect(attempts.run('confirm-1', build, send)).resolves.toBe('done');
    expect(build).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]).toEqual(send.mock.calls[1]);
    expect(send.mock.calls[0]?.[1]).toBe('key-1');
  });

  it('takes a new key after a final refusal, after success, for other values, and after reset', async () => {
    const attempts = keeper();
    const build = async () => ({});
    const keys: string[] = [];
    const refuse = async (_: unknown, key: string) => {
      keys.push(key);
      throw new ApiError(400, 'TRANSACTION_PASSWORD_WRONG');
    };
    const unanswered = async (_: unknown, key: string) => {
      keys.push(key);
      throw new ApiError(0, 'TIMEOUT');
    };
    const accept = async (_: unknown, key: string) => {
      keys.push(key);
      return key;
    };
    await expect(attempts.run('a', build, refuse)).rejects.toThrow();
    await attempts.run('a', build, accept);
    await attempts.run('a', build, accept);
    await expect(attempts.run('a', build, unanswered)).rejects.toThrow();
    await attempts.run('b', build, accept); // the member typed something else: a new confirmation
    await expect(attempts.run('c', build, unanswered)).rejects.toThrow();
    attempts.reset(); // the popup was closed and opened again
    await attempts.run('c', build, accept);
    expect(keys).toEqual(['key-1', 'key-2', 'key-3', 'key-4', 'key-5', 'key-6', 'key-7']);
  });
});
