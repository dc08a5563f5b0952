import type { TDeposit } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import { networkFullNames } from '../../shared/network-names';
import styles from './WithdrawalItem.module.css';

const tagColors: Record<TDeposit['status'], string> = {
  pending: 'warning',
  credited: 'success',
  below_minimum: 'danger',
  orphaned: 'default',
};

/** Where a deposit stands: counting confirmations, credited, too small to credit, or gone from the chain. */
function StatusTag({ item }: { item: TDeposit }) {
  const { t } = useTranslation();
  const text =
    item.status === 'pending'
      ? t('wallet.deposit.status.pending', { confirmed: item.confirmations, required: item.required })
      : t(`wallet.deposit.status.${item.status}`);
  return (
    <Tag color={tagColors[item.status]} fill="outline" data-testid="deposit-status" data-status={item.status}>
      {text}
    </Tag>
  );
}

/** One deposit of the member: amount, where it stands, network, how it came, its transaction. */
export function DepositItem({ item }: { item: TDeposit }) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid="deposit-item">
      <div className={styles.head}>
        <span className={styles.amount}>
          +{answerAmount(item.amount)} {item.currency}
        </span>
        <StatusTag item={item} />
      </div>
      <div className={styles.meta}>
        {networkFullNames[item.network]} · {t(`wallet.deposit.source.${item.source}`)} ·{' '}
        {dateTimeText(item.createdAt)}
      </div>
      {item.status === 'below_minimum' ? (
        <div className={styles.reason}>{t('wallet.deposit.belowMinimumHint')}</div>
      ) : null}
      {item.txHash ? (
        <div className={styles.meta}>
          {t('wallet.txHash')} <span className={styles.mono}>{item.txHash}</span>
        </div>
      ) : null}
    </article>
  );
}
