import { BonusTypes, type TBonusRecord, type TBonusType } from '@app/contracts';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { displayAmount } from '../admin/admin-format';
import styles from './Bonuses.module.css';
import { BonusPaths, bonusRecordPath } from './bonus-paths';
import { bonusesApi, bonusKeys, type RecordFilter } from './bonuses.api';

type TypeTab = TBonusType | 'all';

function RecordItem({ record }: { record: TBonusRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.record}
      data-testid={`bonus-record-${record.type}`}
      onClick={() => navigate(bonusRecordPath(record.id))}
    >
      <span className={styles.recordMain}>
        <span className={styles.recordType}>{t(`bonuses.types.${record.type}`)}</span>
        <span className={styles.recordMeta}>
          {record.periodStart} · {record.rank}
          {record.capped ? ` · ${t('bonuses.capped')}` : ''}
        </span>
      </span>
      <span className={styles.recordAmount}>
        +{displayAmount(record.amount)} {record.currency}
      </span>
    </button>
  );
}

/** Asset/bonusrecord and searchBonusrecord: the member's bonus records, by type and date range. */
export default function BonusRecordsPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeTab>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // A range whose start is after its end is swapped rather than refused: the member meant the days between.
  const [low, high] = from && to && from > to ? [to, from] : [from, to];
  const filter: RecordFilter = {
    ...(type === 'all' ? {} : { type }),
    ...(low ? { from: low } : {}),
    ...(high ? { to: high } : {}),
  };
  return (
    <PageLayout title={t('bonuses.recordsTitle')} backTo={BonusPaths.summary} padded={false}>
      <Tabs activeKey={type} onChange={(key) => setType(key as TypeTab)}>
        {(['all', ...BonusTypes] as const).map((k) => (
          <Tabs.Tab key={k} title={k === 'all' ? t('bonuses.allTypes') : t(`bonuses.types.${k}`)} />
        ))}
      </Tabs>
      <div className={styles.filters}>
        <label>
          {t('bonuses.from')}
          <input
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            data-testid="bonus-from"
          />
        </label>
        <label>
          {t('bonuses.to')}
          <input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="bonus-to" />
        </label>
      </div>
      <PagedList
        key={JSON.stringify(filter)}
        queryKey={bonusKeys.records(filter)}
        fetchPage={(page, pageSize) => bonusesApi.records(filter, page, pageSize)}
        itemKey={(record) => record.id}
        renderItem={(record) => <RecordItem record={record} />}
      />
    </PageLayout>
  );
}
