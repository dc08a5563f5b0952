import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { dateTimeText } from '../../shared/format';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from '../bot-rentals/SalesPage.module.css';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';

/** memberSales (mining): the member's package purchases, newest first. */
export default function MiningSalesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('mining.sales.title')} backTo={MiningPaths.packages} padded={false}>
      <PagedList
        queryKey={miningKeys.purchases}
        fetchPage={(page, pageSize) => miningApi.purchases(page, pageSize)}
        itemKey={(p) => p.id}
        renderItem={(p) => (
          <article className={styles.item} data-testid={`mining-purchase-${p.id}`}>
            <div className={styles.line}>
              <strong>{t('mining.receipt.what', { name: p.packageName, units: p.units })}</strong>
              <span className={styles.paid}>
                -{answerAmount(p.paid)} {p.currency}
              </span>
            </div>
            <div className={styles.line}>
              <span>{dateTimeText(p.createdAt)}</span>
              <span>{t(`mining.buy.placement.${p.placement}`)}</span>
            </div>
          </article>
        )}
      />
    </PageLayout>
  );
}
