import type { TTradingExchange } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { errorCodeOf } from '../../shared/error-code';
import styles from './OpenOrdersPanel.module.css';
import { OrderItem } from './OrderItem';
import { Empty, Section } from './Section';
import { REFRESH_MS, tradingApi, tradingKeys } from './trading.api';

/**
 * The venue's working orders, read again every few seconds (the server asks the exchange about each, so
 * fills show up), each with Cancel. An order that leaves the list has moved to the history: it reloads.
 */
export function OpenOrdersPanel({ exchange }: { exchange: TTradingExchange }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const orders = useQuery({
    queryKey: tradingKeys.openOrders(exchange),
    queryFn: ({ signal }) => tradingApi.openOrders(exchange, signal),
    refetchInterval: REFRESH_MS,
  });

  const ids = (orders.data?.items ?? []).map((o) => o.id).join();
  const before = useRef<string | null>(null);
  useEffect(() => {
    if (orders.data === undefined) return;
    const now = new Set(ids.split(','));
    const gone = before.current?.split(',').some((id) => id && !now.has(id));
    before.current = ids;
    if (gone) void queryClient.invalidateQueries({ queryKey: tradingKeys.history(exchange) });
  }, [ids, orders.data, exchange, queryClient]);

  const cancel = useMutation({
    mutationFn: (id: string) => tradingApi.cancelOrder(id),
    onSuccess: (order) => {
      showToast(t(order.status === 'canceled' ? 'trading.orders.canceled' : 'trading.orders.notCanceled'));
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
    },
  });

  const items = orders.data?.items ?? [];
  return (
    <Section
      title={t('trading.orders.openTitle')}
      extra={items.length > 0 ? <span className={styles.count}>{items.length}</span> : null}
      error={orders.isError && !orders.isFetching ? errorCodeOf(orders.error) : null}
      onRetry={() => void orders.refetch()}
      testId="trade-open-orders"
    >
      {orders.data && items.length === 0 ? <Empty>{t('trading.orders.noneOpen')}</Empty> : null}
      <ul className={styles.list}>
        {items.map((order) => (
          <li key={order.id}>
            <OrderItem
              order={order}
              action={
                order.status === 'open' ? (
                  <Button
                    size="small"
                    fill="outline"
                    loading={cancel.isPending && cancel.variables === order.id}
                    onClick={() => cancel.mutate(order.id)}
                  >
                    {t('trading.orders.cancel')}
                  </Button>
                ) : null
              }
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}
