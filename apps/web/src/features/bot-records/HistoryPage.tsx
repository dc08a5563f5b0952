import type { TBotClosedCycle } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { BotPaths } from '../bots/bot-paths';
import { BotBalanceCard } from './BotBalanceCard';
import { BotChartCard } from './BotChartCard';
import { recordKeys, recordsApi } from './bot-records.api';
import { RecordFilters } from './RecordFilters';
import { RecordLinks } from './RecordLinks';
import { amountText, durationParts, signOf, timeText } from './record-format';
import styles from './records.module.css';
import { useRecordFilter } from './use-record-filter';

function durationText(t: TFunction, seconds: number): string {
  const parts = durationParts(seconds);
  return t(parts.long ? 'botRecords.history.durationLong' : 'botRecords.history.duration', parts);
}

/** Spot has no funding; a real exchange's perpetual has it once the worker recorded it (see ZBotClosedCycle). */
function fundingOf(t: TFunction, cycle: TBotClosedCycle): string {
  if (cycle.marketType === 'spot') return '—';
  return cycle.funding === null ? t('botRecords.history.noFunding') : amountText(cycle.funding);
}

function CycleItem({ cycle }: { cycle: TBotClosedCycle }) {
  const { t, i18n } = useTranslation();
  return (
    <article className={styles.card} data-testid={`closed-cycle-${cycle.id}`}>
      <header className={styles.header}>
        <h3>
          {cycle.symbol} · {t('botRecords.orders.cycle', { n: cycle.number })}
        </h3>
        {cycle.closeReason && <Tag fill="outline">{t(`botRecords.closeReason.${cycle.closeReason}`)}</Tag>}
      </header>
      <p className={styles.meta}>
        {t(`bots.exchanges.${cycle.exchange}`)} · {t(`bots.direction.${cycle.direction}`)} ·{' '}
        {timeText(cycle.closedAt, i18n.language)} · {durationText(t, cycle.durationSeconds)}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('botRecords.figures.profit')}</dt>
          <dd className={styles[signOf(cycle.profit)]} data-testid="cycle-profit">
            {amountText(cycle.profit)}
          </dd>
        </div>
        <div>
          <dt>{t('botRecords.figures.fees')}</dt>
          <dd>{amountText(cycle.fees)}</dd>
        </div>
        <div>
          <dt>{t('botRecords.figures.funding')}</dt>
          <dd>{fundingOf(t, cycle)}</dd>
        </div>
        <div>
          <dt>{t('botRecords.figures.volume')}</dt>
          <dd>{amountText(cycle.volume)}</dd>
        </div>
        <div>
          <dt>{t('botRecords.history.averageEntry')}</dt>
          <dd>{cycle.averageEntry ? amountText(cycle.averageEntry, 4) : '—'}</dd>
        </div>
        <div>
          <dt>{t('botRecords.history.safetyOrders')}</dt>
          <dd>{cycle.safetyOrdersFilled}</dd>
        </div>
      </dl>
    </article>
  );
}

/** Bottrade/History: closed cycles; for one bot, also its chart (chartInfo) and balance (Botbalance). */
export default function HistoryPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useRecordFilter();
  const queryKey = recordKeys.cycles(filter);
  return (
    <PageLayout title={t('botRecords.history.title')} backTo={BotPaths.list} padded={false}>
      <PagedList<TBotClosedCycle>
        key={JSON.stringify(queryKey)}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => recordsApi.cycles(filter, page, pageSize)}
        itemKey={(cycle) => cycle.id}
        renderItem={(cycle) => <CycleItem cycle={cycle} />}
        header={
          <>
            <RecordLinks />
            <RecordFilters filter={filter} onChange={setFilter} />
            {filter.botId && (
              <>
                <BotChartCard botId={filter.botId} />
                <BotBalanceCard botId={filter.botId} />
              </>
            )}
          </>
        }
      />
    </PageLayout>
  );
}
