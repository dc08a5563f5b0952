import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { seal } from '../../app/seal';
import { errorCodeOf } from '../../shared/error-code';
import { useAttemptKeeper } from '../../shared/idempotency';
import type { ReceiptPopupProps } from '../../shared/ReceiptPopup';
import { moneyHoldCodes, moneyHoldKey } from './money-hold';

interface ConfirmFlowOptions<P, B, R> {
  /** The request body for what is shown, with the sealed transaction password. */
  body: (pending: P, password: Awaited<ReturnType<typeof seal>>) => B;
  /** Posts it with the confirmation's Idempotency-Key. */
  send: (body: B, key: string) => Promise<R>;
  onDone: (result: R, pending: P) => void;
  /** A refusal, after it is shown on the popup (the exchange re-quotes on a moved rate). */
  onRefused?: (code: string, pending: P) => void;
}

export interface ConfirmFlow<P> {
  /** What the popup shows, or null while it is closed. */
  pending: P | null;
  /** Opens the popup for a new confirmation (a new Idempotency-Key). */
  open: (pending: P) => void;
  /** Replaces what the popup shows (a new quote) and clears its error. */
  replace: (pending: P) => void;
  popup: Pick<ReceiptPopupProps, 'visible' | 'loading' | 'error' | 'onCancel' | 'onConfirm'>;
}

/**
 * The receipt popup's round trip for a money movement: open it with what will happen, seal the typed
 * transaction password, send with one Idempotency-Key per confirmation (the same key and body again if
 * the member retries after an unanswered try), and show a refusal on the popup.
 */
export function useConfirmFlow<P, B, R>(options: ConfirmFlowOptions<P, B, R>): ConfirmFlow<P> {
  const attempt = useAttemptKeeper();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<P | null>(null);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ what, password }: { what: P; password: string }) =>
      attempt.run(
        JSON.stringify([what, password], (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
        async () => options.body(what, await seal(password)),
        options.send,
      ),
    onSuccess: (result, { what }) => {
      setPending(null);
      options.onDone(result, what);
    },
    onError: (failure, { what }) => {
      const code = errorCodeOf(failure);
      setError(code);
      // A hold or lock the page did not know of yet: its notice says until when.
      if (moneyHoldCodes.includes(code)) void queryClient.invalidateQueries({ queryKey: moneyHoldKey });
      options.onRefused?.(code, what);
    },
  });

  return {
    pending,
    open: (what) => {
      attempt.reset();
      setError(null);
      setPending(what);
    },
    replace: (what) => {
      setError(null);
      setPending(what);
    },
    popup: {
      visible: pending !== null,
      loading: mutation.isPending,
      error,
      onCancel: () => setPending(null),
      onConfirm: (password) => {
        if (pending !== null) mutation.mutate({ what: pending, password });
      },
    },
  };
}
