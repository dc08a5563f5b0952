import type { TRentalReceipt } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import { type ReceiptRow, ReceiptRows } from '../../shared/ReceiptRows';
import styles from './RentalResult.module.css';
import { RentalPaths } from './rental-paths';

/** The receipt of a purchase that went through: what was paid, what the rental is now. */
export function RentalResult({ receipt, onClose }: { receipt: TRentalReceipt | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows: ReceiptRow[] = receipt
    ? [
        { id: 'item', label: t('rentals.receipt.item'), value: receipt.rental.packageName },
        {
          id: 'price',
          label: t('rentals.receipt.price'),
          value: `${answerAmount(receipt.purchase.price)} ${receipt.purchase.currency}`,
        },
        {
          id: 'discount',
          label: t('rentals.receipt.discount'),
          value: `-${answerAmount(receipt.purchase.discount)} ${receipt.purchase.currency}`,
        },
        {
          id: 'paid',
          label: t('rentals.receipt.paid'),
          value: `${answerAmount(receipt.purchase.paid)} ${receipt.purchase.currency}`,
          strong: true,
        },
        ...(receipt.purchase.voucherCode
          ? [{ id: 'voucher', label: t('rentals.receipt.voucher'), value: receipt.purchase.voucherCode }]
          : []),
        {
          id: 'capital',
          label: t('rentals.mine.capitalLimit'),
          value: `${answerAmount(receipt.rental.capitalLimit)} ${receipt.rental.currency}`,
        },
        { id: 'ends', label: t('rentals.mine.endsAt'), value: dateTimeText(receipt.rental.endsAt) },
        {
          id: 'balance',
          label: t('rentals.receipt.balanceAfter'),
          value: `${answerAmount(receipt.balanceAfter)} ${receipt.purchase.currency}`,
        },
        { id: 'reference', label: t('rentals.receipt.reference'), value: receipt.purchase.id },
      ]
    : [];
  return (
    <Popup visible={receipt !== null} onMaskClick={onClose} destroyOnClose bodyClassName={styles.popup}>
      <section className={styles.card} aria-labelledby="rental-result-title" data-testid="rental-result">
        <CheckCircleFill className={styles.icon} aria-hidden="true" />
        <h2 id="rental-result-title" className={styles.title}>
          {receipt ? t(`rentals.receipt.done.${receipt.purchase.kind}`) : null}
        </h2>
        <ReceiptRows rows={rows} />
        <div className={styles.buttons}>
          <Button block size="large" fill="outline" onClick={onClose}>
            {t('rentals.close')}
          </Button>
          <Button
            block
            size="large"
            color="primary"
            onClick={() => {
              onClose();
              navigate(RentalPaths.mine);
            }}
          >
            {t('rentals.mine.title')}
          </Button>
        </div>
      </section>
    </Popup>
  );
}
