import { ErrorCodes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCodeOf } from '../../shared/error-code';
import { miningKeys } from './mining.api';

/** Every code an admin form shows itself (translated by FormAlert), instead of the API client's toast. */
export const adminHandled: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/**
 * One admin write of the mining section: the refusal it answered (cleared on the next change), and every
 * mining list read again once it succeeds.
 */
export function useAdminWrite<V, R>(send: (value: V) => Promise<R>, onDone?: (result: R) => void) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: send,
    onMutate: () => setError(undefined),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: miningKeys.all });
      onDone?.(result);
    },
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  return { mutation, error, clearError: () => setError(undefined) };
}
