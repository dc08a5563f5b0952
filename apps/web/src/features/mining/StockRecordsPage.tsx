import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../../shared/format';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import styles from '../bot-rentals/SalesPage.module.css';
import { miningApi, miningKeys } from './mining.api';
import { MiningPaths } from './mining-paths';

/** stockrecord: every movement of the member's stock, newest first. */
export default function StockRecordsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('mining.records.title')} backTo={MiningPaths.stock} padded={false}>
      <PagedList
        queryKey={miningKeys.movements}
        fetchPage={(page, pageSize) => miningApi.movements(page, pageSize)}
        itemKey={(m) => m.id}
        renderItem={(m) => (
          <article className={styles.item} data-testid={`movement-${m.id}`}>
            <div className={styles.line}>
              <strong>{m.packageName}</strong>
              <span>{m.delta > 0 ? `+${m.delta}` : m.delta}</span>
            </div>
            <div className={styles.line}>
              <span>{dateTimeText(m.createdAt)}</span>
              {/* The member is part of the sentence ("Sent to bobby01"), not a tag after it. */}
              <span>{t(`mining.records.reasons.${m.reason}`, { member: m.counterpart ?? '—' })}</span>
            </div>
          </article>
        )}
      />
    </PageLayout>
  );
}
