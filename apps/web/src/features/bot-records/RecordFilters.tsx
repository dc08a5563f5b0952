import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterPicker } from '../../shared/FilterPicker';
import { recordKeys, recordsApi } from './bot-records.api';
import { type Period, Periods, type RecordFilter } from './record-filters';
import styles from './records.module.css';

const ALL = 'all';

interface RecordFiltersProps {
  filter: RecordFilter;
  onChange: (next: RecordFilter) => void;
  /** A further picker of the page (orders or fills on Recordtx). */
  extra?: ReactNode;
}

/** getFilterType: pick one of the member's bots and a period. */
export function RecordFilters({ filter, onChange, extra }: RecordFiltersProps) {
  const { t } = useTranslation();
  const bots = useQuery({ queryKey: recordKeys.filters, queryFn: recordsApi.filters }).data?.bots ?? [];
  const botOptions = [
    { value: ALL, label: t('botRecords.filters.allBots') },
    ...bots.map((b) => ({
      value: b.botId,
      label: `${b.symbol} · ${t(`bots.exchanges.${b.exchange}`)} #${b.botId}`,
    })),
  ];
  const periodOptions = Periods.map((p) => ({ value: p, label: t(`botRecords.periods.${p}`) }));
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.legend}>{t('botRecords.filters.label')}</legend>
      <FilterPicker
        label={t('botRecords.filters.bot')}
        value={filter.botId ?? ALL}
        options={botOptions}
        onChange={(v) => onChange({ ...filter, botId: v === ALL ? undefined : v })}
        testId="filter-bot"
      />
      <FilterPicker
        label={t('botRecords.filters.period')}
        value={filter.period ?? ALL}
        options={periodOptions}
        onChange={(v) => onChange({ ...filter, period: v === ALL ? undefined : (v as Period) })}
        testId="filter-period"
      />
      {extra}
    </fieldset>
  );
}
