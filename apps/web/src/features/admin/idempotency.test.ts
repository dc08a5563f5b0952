import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api-error';
import { createIdempotencyKeys, isSettled } from './idempotency';

function keys() {
  let n = 0;
  return createIdempotencyKeys(() => `key-${++n}`);
}

describe('idempotency keys of an admin form', () => {
  it('keeps the key while the same request is retried after an open outcome', () => {
    const k = keys();
    const body = { id: 'w1', reason: 'wrong address' };
    expect(k.keyFor(body)).toBe('key-1');
    for (const open of [
      new ApiError(0, 'NETWORK_ERROR'),
      new ApiError(0, 'TIMEOUT'),
      new ApiError(500, 'INTERNAL'),
      new ApiError(503, 'SERVICE_UNAVAILABLE'),
      new ApiError(429, 'RATE_LIMITED'),
      new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS'),
      // The answer came (200) but did not fit the contract: it may well have been applied.
      new ApiError(200, 'INTERNAL'),
    ]) {
      k.settle(open);
      expect(k.keyFor({ id: 'w1', reason: 'wrong address' })).toBe('key-1');
    }
  });

  it('makes a new key after a success, after a refusal of the request, and for other values', () => {
    const k = keys();
    expect(k.keyFor({ amount: '5' })).toBe('key-1');
    k.settle(null);
    expect(k.keyFor({ amount: '5' })).toBe('key-2');
    k.settle(new ApiError(400, 'LEDGER_INSUFFICIENT_FUNDS'));
    expect(k.keyFor({ amount: '5' })).toBe('key-3');
    expect(k.keyFor({ amount: '6' })).toBe('key-4');
  });

  it('tells settled answers from open ones', () => {
    expect(isSettled(undefined)).toBe(true);
    expect(isSettled(new ApiError(409, 'WITHDRAWAL_NOT_PENDING'))).toBe(true);
    expect(isSettled(new ApiError(404, 'WITHDRAWAL_NOT_FOUND'))).toBe(true);
    expect(isSettled(new ApiError(401, 'SESSION_INVALID'))).toBe(false);
    expect(isSettled(new Error('boom'))).toBe(false);
  });
});
