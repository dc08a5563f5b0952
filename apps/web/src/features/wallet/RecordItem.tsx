import type { TWalletRecord } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import { counterpartyText } from './counterparty';
import styles from './RecordItem.module.css';

const statusColors = { pending: 'warning', posted: 'success', voided: 'default' } as const;

/** One wallet record: type, signed amount, balance after, the other side, status and memo. */
export function RecordItem({ record }: { record: TWalletRecord }) {
  const { t } = useTranslation();
  const incoming = record.direction === 'in';
  const other = counterpartyText(t, record.counterparty);
  return (
    <article className={styles.item} data-testid="record-item">
      <div className={styles.row}>
        <div className={styles.kind}>
          {t(`wallet.recordKinds.${record.kind}`, { defaultValue: record.kind })}
          <Tag color={statusColors[record.status]} fill="outline">
            {t(`wallet.records.status.${record.status}`)}
          </Tag>
        </div>
        <div
          className={incoming ? `${styles.amount} ${styles.in}` : `${styles.amount} ${styles.out}`}
          data-testid="record-amount"
        >
          {incoming ? '+' : '−'}
          {answerAmount(record.amount)} {record.currency}
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.meta}>
          {dateTimeText(record.createdAt)} · {t(`wallet.wallets.${record.wallet}`)}
        </div>
        <div className={styles.meta}>
          {t('wallet.records.balanceAfter', { amount: answerAmount(record.balanceAfter) })}
        </div>
      </div>
      {other ? (
        <div className={styles.meta}>
          {t(incoming ? 'wallet.records.from' : 'wallet.records.to', { name: other })}
        </div>
      ) : null}
      {record.memo ? <div className={styles.memo}>{record.memo}</div> : null}
    </article>
  );
}
