import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { voucherKeys } from '../vouchers/vouchers.api';
import { type ConfirmFlow, useConfirmFlow } from '../wallet/use-confirm-flow';
import { walletKeys } from '../wallet/wallet.api';

/**
 * A purchase's confirmation round trip (one Idempotency-Key per confirmation); once paid, the product's
 * lists, the wallets and the vouchers are read again.
 */
export function usePurchaseFlow<P, B, R>({
  productKey,
  ...options
}: Parameters<typeof useConfirmFlow<P, B, R>>[0] & { productKey: QueryKey }): ConfirmFlow<P> {
  const queryClient = useQueryClient();
  return useConfirmFlow<P, B, R>({
    ...options,
    onDone: (result, pending) => {
      for (const queryKey of [productKey, walletKeys.all, voucherKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      options.onDone(result, pending);
    },
  });
}
