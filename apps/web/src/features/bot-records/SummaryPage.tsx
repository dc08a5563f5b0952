import type { TBotSummaryRow, TSummaryGrouping } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { BotPaths } from '../bots/bot-paths';
import { recordKeys, recordsApi } from './bot-records.api';
import { RecordFilters } from './RecordFilters';
import { RecordLinks } from './RecordLinks';
import type { RecordFilter } from './record-filters';
import { amountText, signOf } from './record-format';
import { RecordPaths } from './record-paths';
import styles from './records.module.css';
import { useRecordFilter } from './use-record-filter';

/** summary (per bot, with the totals), summaryDetails (per symbol), summaryDetails2 (per day). */
const groupingOf: Record<string, TSummaryGrouping> = {
  [RecordPaths.summary]: 'bot',
  [RecordPaths.bySymbol]: 'symbol',
  [RecordPaths.byDay]: 'day',
};

function Figures({ row }: { row: Omit<TBotSummaryRow, 'key' | 'bot'> }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{t('botRecords.figures.profit')}</dt>
        <dd className={styles[signOf(row.profit)]} data-testid="summary-profit">
          {amountText(row.profit)}
        </dd>
      </div>
      <div>
        <dt>{t('botRecords.figures.cycles')}</dt>
        <dd>{t('botRecords.figures.wins', { cycles: row.cycles, wins: row.wins })}</dd>
      </div>
      <div>
        <dt>{t('botRecords.figures.volume')}</dt>
        <dd>{amountText(row.volume)}</dd>
      </div>
      <div>
        <dt>{t('botRecords.figures.fees')}</dt>
        <dd>{amountText(row.fees)}</dd>
      </div>
    </dl>
  );
}

function Totals({ filter }: { filter: RecordFilter }) {
  const { t } = useTranslation();
  const totals = useQuery({
    queryKey: recordKeys.totals(filter),
    queryFn: () => recordsApi.totals(filter),
  }).data;
  if (!totals) return null;
  return (
    <section
      className={styles.totals}
      aria-label={t('botRecords.summary.totals')}
      data-testid="summary-totals"
    >
      <span className={styles.meta}>{t('botRecords.summary.totalProfit')}</span>
      <strong className={styles[signOf(totals.profit)]} data-testid="total-profit">
        {amountText(totals.profit)} {t('botRecords.summary.quote')}
      </strong>
      <p className={styles.meta}>{t('botRecords.summary.bots', totals.bots)}</p>
      <Figures row={totals} />
    </section>
  );
}

function RowItem({ row, by }: { row: TBotSummaryRow; by: TSummaryGrouping }) {
  const { t } = useTranslation();
  const title = row.bot ? `${row.bot.symbol} · #${row.key}` : row.key;
  return (
    <article className={styles.card} data-testid={`summary-${row.key}`}>
      <header className={styles.header}>
        <h3>{title}</h3>
        {row.bot && <span className={styles.meta}>{t(`bots.exchanges.${row.bot.exchange}`)}</span>}
      </header>
      <Figures row={row} />
      {by === 'bot' && (
        <div className={styles.actions}>
          <Link to={`${RecordPaths.history}?bot=${row.key}`}>{t('botRecords.links.history')}</Link>
          <Link to={`${RecordPaths.byDay}?bot=${row.key}`}>{t('botRecords.links.byDay')}</Link>
        </div>
      )}
    </article>
  );
}

export default function SummaryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const by = groupingOf[pathname] ?? 'bot';
  const [filter, setFilter] = useRecordFilter();
  const queryKey = recordKeys.summary(filter, by);
  return (
    <PageLayout title={t(`botRecords.summary.title.${by}`)} backTo={BotPaths.list} padded={false}>
      <PagedList<TBotSummaryRow>
        key={JSON.stringify(queryKey)}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => recordsApi.summary(filter, by, page, pageSize)}
        itemKey={(row) => row.key}
        renderItem={(row) => <RowItem row={row} by={by} />}
        header={
          <>
            <RecordLinks />
            <RecordFilters filter={filter} onChange={setFilter} />
            {by === 'bot' && <Totals filter={filter} />}
          </>
        }
      />
    </PageLayout>
  );
}
