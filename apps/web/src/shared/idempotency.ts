import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../app/api-error';

/**
 * Whether a failed call leaves the outcome open, so a retry must carry the same Idempotency-Key and body
 * and is then applied at most once. Mirrors the server's rule (apps/api platform/idempotency): it keeps no
 * answer when nothing came back (offline, timeout), the server failed or was busy, the session had ended
 * (checked before the key), or the first try is still running. An answer that came but did not fit the
 * contract, or an error that is not the server's, may hide an applied request too. Any other refusal is
 * final: the server stored it under that key, and a new try needs a new key.
 */
export function isOutcomeOpen(error: unknown): boolean {
  if (!isApiError(error)) return true;
  const { status, code } = error;
  if (status < 400 || status >= 500) return true;
  return status === 401 || status === 408 || status === 429 || code === 'IDEMPOTENCY_IN_PROGRESS';
}

interface Attempt {
  /** What the member confirmed (the plain values): another confirmation is another attempt. */
  fingerprint: string;
  key: string;
  /** The request as first sent; a retry sends it unchanged (the sealed password included). */
  body: unknown;
}

export interface AttemptKeeper {
  /**
   * Sends the member's confirmation. The first call makes the Idempotency-Key and builds the body (sealing
   * the password); a retry of the same confirmation after an unanswered try sends the same key and body.
   */
  run<B, R>(
    fingerprint: string,
    build: () => Promise<B>,
    send: (body: B, key: string) => Promise<R>,
  ): Promise<R>;
  /** Forgets the kept attempt: the next confirmation is a new one. */
  reset(): void;
}

export function createAttemptKeeper(newKey: () => string = () => crypto.randomUUID()): AttemptKeeper {
  let kept: Attempt | null = null;
  return {
    async run(fingerprint, build, send) {
      const attempt: Attempt =
        kept?.fingerprint === fingerprint ? kept : { fingerprint, key: newKey(), body: await build() };
      kept = attempt;
      try {
        const result = await send(attempt.body as Parameters<typeof send>[0], attempt.key);
        kept = null;
        return result;
      } catch (error) {
        if (!isOutcomeOpen(error)) kept = null;
        throw error;
      }
    },
    reset() {
      kept = null;
    },
  };
}

/** One keeper per screen action (a transfer, a withdrawal, an admin decision), kept for the component's life. */
export function useAttemptKeeper(): AttemptKeeper {
  const [keeper] = useState(() => createAttemptKeeper());
  return keeper;
}

/**
 * useMutation for a money action whose body holds no sealed secret: the variables are the body, and the
 * same variables retried after an open outcome go out under the same key.
 */
export function useIdempotentMutation<V, R>(
  send: (variables: V, idempotencyKey: string) => Promise<R>,
  options: Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> = {},
) {
  const keeper = useAttemptKeeper();
  return useMutation<R, Error, V>({
    ...options,
    mutationFn: (variables) => keeper.run(JSON.stringify(variables), async () => variables, send),
  });
}
