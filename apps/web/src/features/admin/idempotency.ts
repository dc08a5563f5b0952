import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { isApiError } from '../../app/api-error';

/**
 * Whether the server has answered this request for good, so the same key would only replay that answer:
 * a success, or a refusal of the request itself. Mirrors the server's rule (apps/api platform/idempotency):
 * no answer, a server fault, a lost session, a rate limit or a request still running leave the outcome
 * open, and a retry must then carry the same key so the action is applied at most once.
 */
export function isSettled(error: unknown): boolean {
  if (error === null || error === undefined) return true;
  if (!isApiError(error)) return false;
  const { status, code } = error;
  if (status < 400 || status >= 500) return false;
  if (status === 401 || status === 408 || status === 429) return false;
  return code !== 'IDEMPOTENCY_IN_PROGRESS';
}

/**
 * Idempotency keys for one form or dialog: a key is made when an action is confirmed and kept while that
 * same request is retried after an open outcome. Another request (other values), or the same one after a
 * settled answer, is a new action with a new key.
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const fingerprint = JSON.stringify(request);
      if (current?.request !== fingerprint) current = { request: fingerprint, key: newKey() };
      return current.key;
    },
    settle(error: unknown): void {
      if (isSettled(error)) current = null;
    },
  };
}

/** useMutation for a money action: `send` gets the variables and the action's idempotency key. */
export function useIdempotentMutation<V, R>(
  send: (variables: V, idempotencyKey: string) => Promise<R>,
  options: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> = {},
) {
  const keys = useRef(createIdempotencyKeys());
  return useMutation<R, Error, V>({
    ...options,
    mutationFn: (variables) => send(variables, keys.current.keyFor(variables)),
    onSettled: (data, error, variables, result, context) => {
      keys.current.settle(error);
      return options.onSettled?.(data, error, variables, result, context);
    },
  });
}
