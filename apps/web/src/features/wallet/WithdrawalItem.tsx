import type { TWithdrawal } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import styles from './WithdrawalItem.module.css';

const statusColors = {
  pending: 'warning',
  approved: 'primary',
  paid: 'success',
  rejected: 'danger',
  cancelled: 'default',
} as const;

/** One of the member's withdrawals: amount, where to, its status; Cancel while it awaits review. */
export function WithdrawalItem({
  item,
  onCancel,
}: {
  item: TWithdrawal;
  onCancel: (item: TWithdrawal) => void;
}) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid="withdrawal-item">
      <div className={styles.head}>
        <span className={styles.amount}>
          {answerAmount(item.amount)} {item.currency}
        </span>
        <Tag color={statusColors[item.status]} fill="outline">
          {t(`wallet.withdraw.status.${item.status}`)}
        </Tag>
      </div>
      <div className={styles.meta}>
        {item.network} · {t(`wallet.wallets.${item.wallet}`)} · {dateTimeText(item.createdAt)}
      </div>
      <div className={styles.mono}>{item.address}</div>
      <div className={styles.meta}>
        {t('wallet.withdraw.feeAndPayout', {
          fee: `${answerAmount(item.fee)} ${item.currency}`,
          payout: `${answerAmount(item.payout)} ${item.currency}`,
        })}
      </div>
      {item.status === 'rejected' && item.reason ? (
        <div className={styles.reason}>{t('wallet.withdraw.reason', { reason: item.reason })}</div>
      ) : null}
      {item.status === 'paid' && item.txHash ? (
        <div className={styles.meta}>
          {t('wallet.txHash')} <span className={styles.mono}>{item.txHash}</span>
        </div>
      ) : null}
      {item.status === 'pending' ? (
        <div className={styles.actions}>
          <Button size="small" color="danger" fill="outline" onClick={() => onCancel(item)}>
            {t('wallet.withdraw.cancel')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
