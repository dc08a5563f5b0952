import type { TWallet } from '@app/contracts';
import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import type { ConfirmFlow } from '../wallet/use-confirm-flow';
import { availableIn, currencyOf, useWalletOverview } from '../wallet/wallet.queries';
import styles from './PurchaseSheet.module.css';
import type { PurchaseKind } from './purchase-options';
import { type PurchaseQuote, paymentRows } from './receipt-rows';

/** What every purchase's receipt popup shows: the server's quote (one per currency for a cart) and the wallet. */
export interface PurchasePending {
  quote: PurchaseQuote | readonly PurchaseQuote[];
  options: { wallet: TWallet };
}

/**
 * A purchase's two popups: the sheet with the form (children) while nothing waits for confirmation, then
 * the receipt popup with the quote and the transaction password.
 */
export function PurchasePopups<P extends PurchasePending>({
  kind: { texts },
  open,
  onClose,
  flow,
  productRows,
  children,
}: {
  kind: PurchaseKind;
  /** Whether the member is buying something. */
  open: boolean;
  onClose: () => void;
  flow: ConfirmFlow<P>;
  /** The product's own receipt lines: `lead` before the price, `extra` after the wallet. */
  productRows: (pending: P) => { lead: ReceiptRow[]; extra?: ReceiptRow[] };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const overview = useWalletOverview();
  const pending = flow.pending;
  const rows = (p: P) => {
    const { quote, options } = p;
    const { lead, extra = [] } = productRows(p);
    return paymentRows(t, texts, {
      quote,
      wallet: options.wallet,
      figures: (currency) => ({
        available: availableIn(overview.data, currency, options.wallet),
        decimals: currencyOf(overview.data, currency)?.decimals ?? 6,
      }),
      lead,
      extra,
    });
  };
  return (
    <>
      <Popup
        visible={open && pending === null}
        onMaskClick={onClose}
        destroyOnClose
        bodyClassName={styles.popup}
      >
        {children}
      </Popup>
      <ReceiptPopup {...flow.popup} title={t(`${texts}.receipt.title`)} rows={pending ? rows(pending) : []} />
    </>
  );
}
