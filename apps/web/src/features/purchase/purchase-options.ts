import { ErrorCodes, type TWallet } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorCodeOf } from '../../shared/error-code';
import { voucherKeys, vouchersApi } from '../vouchers/vouchers.api';

/** How every purchase is paid: the wallet, an optional voucher and the user service agreement. */
export interface PayOptions {
  wallet: TWallet;
  /** '' for no voucher */
  voucherId: string;
  agreed: boolean;
}

/** What differs between the products' purchase screens besides their own fields. */
export interface PurchaseKind {
  /** Each product words its screens under `<texts>.buy` and its receipt under `<texts>.receipt`. */
  texts: 'rentals' | 'mining';
  /** The wallets the product may be paid from. */
  wallets: readonly TWallet[];
  agreeTestId: string;
}

export const NO_VOUCHER = '';
export const firstPayOptions: PayOptions = { wallet: 'funds', voucherId: NO_VOUCHER, agreed: false };

/** Every refusal is shown where the member is looking: on the sheet or on the receipt popup. */
export const purchaseErrors: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** The voucher part of a quote or purchase request: absent when the member chose none. */
export const voucherPart = (options: PayOptions): { voucherId?: string } =>
  options.voucherId ? { voucherId: options.voucherId } : {};

/** The member's available vouchers that may pay part of a price in this currency. */
export function useUsableVouchers(currency: string) {
  return useQuery({
    queryKey: [...voucherKeys.list('available'), 'usable'],
    queryFn: ({ signal }) => vouchersApi.list('available', 1, 50, signal),
    select: (page) => page.items.filter((v) => v.currency === null || v.currency === currency),
    staleTime: 0,
  });
}

/**
 * A purchase form's state: the member's choices (any change clears the error it answered) and asking the
 * server for the quote. `form` is what `PurchaseForm` takes.
 */
export function usePurchaseForm<O extends PayOptions, Q>(
  initial: O,
  quote: { request: (options: O) => Promise<Q>; onQuoted: (quote: Q, options: O) => void },
) {
  const [options, setOptions] = useState<O>(initial);
  const [error, setError] = useState<string | undefined>();
  const set = (change: Partial<O>) => {
    setError(undefined);
    setOptions((o) => ({ ...o, ...change }));
  };
  const asking = useMutation({
    mutationFn: () => quote.request(options),
    onSuccess: (result) => quote.onQuoted(result, options),
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  return {
    options,
    set,
    form: {
      options,
      onChange: set,
      error,
      onError: setError,
      quoting: asking.isPending,
      onQuote: () => asking.mutate(),
    },
  };
}
