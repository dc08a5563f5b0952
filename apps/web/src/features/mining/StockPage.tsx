import { ErrorCodes, type TStockItem } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '../../app/error-text';
import { errorCodeOf } from '../../shared/error-code';
import { useIdempotentMutation } from '../../shared/idempotency';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { PageLayout } from '../../shared/PageLayout';
import linkStyles from '../bot-rentals/PackagesPage.module.css';
import styles from './MiningPage.module.css';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';
import { TransferSheet } from './TransferSheet';

const handled: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** Inventory (stock, getstock, stockmenu): the units the member holds, to transfer or activate. */
export default function StockPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stock = useQuery({ queryKey: miningKeys.stock, queryFn: ({ signal }) => miningApi.stock(signal) });
  const [transferring, setTransferring] = useState<TStockItem | null>(null);
  const activate = useIdempotentMutation(
    (item: { packageId: string; units: number }, key: string) => miningApi.activate(item, key, handled),
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: miningKeys.all });
        Toast.show({ icon: 'success', content: t('mining.activate.done') });
      },
      onError: (failure) => Toast.show({ icon: 'fail', content: errorText(errorCodeOf(failure)) }),
    },
  );
  return (
    <PageLayout title={t('mining.stock.title')} backTo={MiningPaths.packages}>
      <nav className={linkStyles.links} aria-label={t('mining.links')}>
        <Link to={MiningPaths.stockRecords}>{t('mining.records.title')}</Link>
      </nav>
      {stock.data ? (
        stock.data.items.length > 0 ? (
          <ul className={styles.subs}>
            {stock.data.items.map((item) => (
              <li key={item.packageId} data-testid={`stock-${item.packageId}`}>
                <span>
                  <strong>{item.packageName}</strong>
                  <br />
                  {t('mining.stock.count', { count: item.count })} ·{' '}
                  {t('mining.ghs', { value: item.hashRateGhs })}
                </span>
                <span>
                  <Button
                    size="small"
                    onClick={() => setTransferring(item)}
                    data-testid={`transfer-${item.packageId}`}
                  >
                    {t('mining.transfer.action')}
                  </Button>{' '}
                  <Button
                    size="small"
                    color="primary"
                    loading={activate.isPending}
                    data-testid={`activate-${item.packageId}`}
                    onClick={() =>
                      void Dialog.confirm({
                        content: t('mining.activate.confirm', {
                          name: item.packageName,
                          days: item.durationDays,
                        }),
                        confirmText: t('mining.activate.action'),
                        cancelText: t('common.cancel'),
                      }).then((ok) => ok && activate.mutate({ packageId: item.packageId, units: 1 }))
                    }
                  >
                    {t('mining.activate.action')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <Notice>{t('mining.stock.empty')}</Notice>
        )
      ) : (
        <LoadState failed={stock.isError} onRetry={() => void stock.refetch()} />
      )}
      <TransferSheet item={transferring} onClose={() => setTransferring(null)} />
    </PageLayout>
  );
}
