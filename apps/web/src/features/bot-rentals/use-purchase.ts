import type { TRentalReceipt } from '@app/contracts';
import { useState } from 'react';
import type { PurchaseTarget } from './PurchaseSheet';

/** The state of one screen's purchases: what is being bought, and the receipt of the last one. */
export function usePurchase() {
  const [target, setTarget] = useState<PurchaseTarget | null>(null);
  const [receipt, setReceipt] = useState<TRentalReceipt | null>(null);
  return {
    target,
    receipt,
    start: setTarget,
    sheet: {
      target,
      onClose: () => setTarget(null),
      onDone: (done: TRentalReceipt) => {
        setTarget(null);
        setReceipt(done);
      },
    },
    result: { receipt, onClose: () => setReceipt(null) },
  };
}
