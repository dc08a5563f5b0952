import type { TVoucher } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import styles from './VoucherItem.module.css';
import { voucherLabel } from './voucher-text';

/** One voucher as a ticket: what it takes off, its code, until when, and what it paid for once used. */
export function VoucherItem({ voucher }: { voucher: TVoucher }) {
  const { t } = useTranslation();
  return (
    <article
      className={`${styles.ticket} ${styles[voucher.state]}`}
      data-testid={`voucher-${voucher.id}`}
      data-state={voucher.state}
    >
      <div className={styles.rate}>{voucherLabel(t, voucher)}</div>
      <div className={styles.body}>
        <span className={styles.code}>{voucher.code}</span>
        <span>
          {voucher.state === 'used' && voucher.usedAt
            ? t('rentals.vouchers.usedAt', { time: dateTimeText(voucher.usedAt) })
            : t(voucher.state === 'expired' ? 'rentals.vouchers.expiredAt' : 'rentals.vouchers.expiresAt', {
                time: dateTimeText(voucher.expiresAt),
              })}
        </span>
        <span className={styles.state}>{t(`rentals.vouchers.states.${voucher.state}`)}</span>
      </div>
    </article>
  );
}
