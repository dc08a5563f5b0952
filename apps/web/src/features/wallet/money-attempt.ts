import { useState } from 'react';
import { isApiError } from '../../app/api-error';

/**
 * Whether a failed call may have gone unanswered: nothing came back (offline, timeout), the server failed
 * or was busy, or the first try is still running. The server keeps no answer for such a request under its
 * Idempotency-Key, so the same request may be sent again with the same key. Any other refusal is final:
 * the server stored it under that key, and a new try needs a new key.
 */
export function isUnanswered(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === 'IDEMPOTENCY_IN_PROGRESS'
  );
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
        if (!isUnanswered(error)) kept = null;
        throw error;
      }
    },
    reset() {
      kept = null;
    },
  };
}

/** One keeper per screen action (a transfer, a withdrawal), kept for the life of the component. */
export function useAttemptKeeper(): AttemptKeeper {
  const [keeper] = useState(() => createAttemptKeeper());
  return keeper;
}
