import { AuthEndpoints } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';

export const moneyHoldKey = ['money-hold'] as const;

/** Codes of a money action refused by a hold or a lock: the notice above the form is then out of date. */
export const moneyHoldCodes: readonly string[] = ['MONEY_HELD', 'TRANSACTION_PASSWORD_LOCKED'];

/**
 * The member's money hold (after a credential change) and transaction-password lock (after wrong guesses),
 * as the server sees them now (decision 42). Silent: it only feeds a notice.
 */
export function useMoneyHold() {
  return useQuery({
    queryKey: moneyHoldKey,
    queryFn: ({ signal }) => api.call(AuthEndpoints.moneyHold, { signal, silent: true }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}
