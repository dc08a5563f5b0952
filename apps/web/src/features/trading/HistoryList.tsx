import type { TTradingExchange } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import styles from './HistoryList.module.css';
import { OrderItem } from './OrderItem';
import { tradingApi, tradingKeys } from './trading.api';

/** The venue's finished orders (filled, cancelled, refused) with fills, average price and fee, page by page. */
export function HistoryList({ exchange }: { exchange: TTradingExchange }) {
  const { t } = useTranslation();
  const queryKey = tradingKeys.history(exchange);
  return (
    <section className={styles.card} aria-labelledby="trade-history-title" data-testid="trade-history">
      <PagedList
        // Another venue is another list: page 1 of it, not more pages of the old one.
        key={exchange}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => tradingApi.history(exchange, page, pageSize)}
        itemKey={(order) => order.id}
        renderItem={(order) => <OrderItem order={order} />}
        header={
          <h2 id="trade-history-title" className={styles.title}>
            {t('trading.orders.historyTitle')}
          </h2>
        }
      />
    </section>
  );
}
