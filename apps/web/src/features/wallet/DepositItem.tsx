import type { TDeposit } from '@app/contracts';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { answerAmount } from './amounts';
import { dateTimeText } from './format';
import styles from './WithdrawalItem.module.css';

/** One deposit credited to the member: amount, network, how it came, its transaction. */
export function DepositItem({ item }: { item: TDeposit }) {
  const { t } = useTranslation();
  return (
    <article className={styles.item} data-testid="deposit-item">
      <div className={styles.head}>
        <span className={styles.amount}>
          +{answerAmount(item.amount)} {item.currency}
        </span>
        <Tag color="success" fill="outline">
          {t(`wallet.deposit.source.${item.source}`)}
        </Tag>
      </div>
      <div className={styles.meta}>
        {item.network} · {dateTimeText(item.createdAt)}
      </div>
      {item.txHash ? (
        <div className={styles.meta}>
          {t('wallet.txHash')} <span className={styles.mono}>{item.txHash}</span>
        </div>
      ) : null}
    </article>
  );
}
