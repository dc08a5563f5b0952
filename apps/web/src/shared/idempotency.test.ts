import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api-error';
import { createAttemptKeeper, isOutcomeOpen } from './idempotency';

function keeper() {
  let n = 0;
  return createAttemptKeeper(() => `key-${++n}`);
}

describe('money attempts (Idempotency-Key per confirmation)', () => {
  it('tells an open outcome from a final answer', () => {
    for (const open of [
      new ApiError(0, 'NETWORK_ERROR'),
      new ApiError(0, 'TIMEOUT'),
      new ApiError(500, 'INTERNAL'),
      new ApiError(503, 'SERVICE_UNAVAILABLE'),
      new ApiError(429, 'RATE_LIMITED'),
      new ApiError(401, 'SESSION_INVALID'),
      new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS'),
      // The answer came (200) but did not fit the contract: it may well have been applied.
      new ApiError(200, 'INTERNAL'),
      new Error('not the server'),
    ]) {
      expect(isOutcomeOpen(open), String(open)).toBe(true);
    }
    for (const final of [
      new ApiError(400, 'TRANSACTION_PASSWORD_WRONG'),
      new ApiError(409, 'EXCHANGE_RATE_CHANGED'),
      new ApiError(409, 'WITHDRAWAL_NOT_PENDING'),
      new ApiError(404, 'WITHDRAWAL_NOT_FOUND'),
    ]) {
      expect(isOutcomeOpen(final), String(final)).toBe(false);
    }
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
