import type { TTradeOrder } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetAmountText, decimalText } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import styles from './OrderItem.module.css';
import { tradeErrorText } from './trade-text';
import { partsOf } from './trading-paths';

const statusColor: Record<TTradeOrder['status'], 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  pending: 'warning',
  open: 'primary',
  closed: 'success',
  canceled: 'default',
  rejected: 'danger',
};

/** One order: symbol, side and type, its figures, status; with its fills and fee once it traded. */
export function OrderItem({ order, action }: { order: TTradeOrder; action?: ReactNode }) {
  const { t } = useTranslation();
  const { base } = partsOf(order.symbol);
  const perpetual = order.marketType === 'perpetual';
  const unit = perpetual ? t('trading.form.contracts') : base;
  const side = t(`trading.side.${order.side}`);
  return (
    <article className={styles.order} data-testid={`order-${order.id}`}>
      <div className={styles.top}>
        <span className={order.side === 'buy' ? styles.buy : styles.sell}>{side}</span>
        <span className={styles.symbol}>{order.symbol}</span>
        <span className={styles.type}>
          {t(`trading.type.${order.type}`)}
          {order.reduceOnly ? ` · ${t('trading.orders.reduceOnly')}` : ''}
        </span>
        <Tag color={statusColor[order.status]} fill="outline" className={styles.status}>
          {t(`trading.status.${order.status}`)}
        </Tag>
      </div>
      <dl className={styles.grid}>
        <div>
          <dt>{t('trading.orders.price')}</dt>
          <dd>{order.price ? decimalText(order.price) : t('trading.type.market')}</dd>
        </div>
        <div>
          <dt>{t('trading.orders.filledOf')}</dt>
          <dd data-testid="order-filled">
            {t('trading.orders.filledValue', {
              filled: decimalText(order.filled),
              amount: decimalText(order.amount),
              unit,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('trading.orders.average')}</dt>
          <dd>{decimalText(order.averagePrice)}</dd>
        </div>
        <div>
          <dt>{t('trading.orders.fee')}</dt>
          <dd data-testid="order-fee">
            {order.fee ? `${assetAmountText(order.fee.amount, order.fee.asset)} ${order.fee.asset}` : '—'}
          </dd>
        </div>
      </dl>
      <div className={styles.foot}>
        <time dateTime={order.createdAt} className={styles.time}>
          {dateTimeText(order.createdAt)}
        </time>
        {action}
      </div>
      {order.errorCode ? (
        <p className={styles.reason} data-testid="order-reason">
          {tradeErrorText(order.errorCode)}
        </p>
      ) : null}
    </article>
  );
}
