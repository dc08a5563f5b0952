import type { TRecordBot, TRecordBotsQuery } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Tabs from 'antd-mobile/es/components/tabs';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useSearchParams } from 'react-router-dom';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { BotPaths } from '../bots/bot-paths';
import { recordKeys, recordsApi } from './bot-records.api';
import { RecordLinks } from './RecordLinks';
import { amountText, signOf } from './record-format';
import { RecordPaths } from './record-paths';
import styles from './records.module.css';

/** Botlist, Botlist2, Botlist3: the same bots, split by exchange, by market type or by state. */
const splits = {
  [RecordPaths.byExchange]: { name: 'exchange', filter: 'exchanges', label: 'bots.exchanges' },
  [RecordPaths.byMarketType]: { name: 'marketType', filter: 'marketTypes', label: 'bots.marketTypes' },
  [RecordPaths.byStatus]: { name: 'status', filter: 'statuses', label: 'bots.status' },
} as const;
type SplitPath = keyof typeof splits;

const ALL = 'all';
const statusColor = { running: 'success', paused: 'warning', stopped: 'default' } as const;

function BotCard({ bot }: { bot: TRecordBot }) {
  const { t } = useTranslation();
  const query = `?bot=${bot.botId}`;
  return (
    <article className={styles.card} data-testid={`record-bot-${bot.botId}`}>
      <header className={styles.header}>
        <h3>{bot.symbol}</h3>
        <Tag color={statusColor[bot.status]} fill="outline">
          {t(`bots.status.${bot.status}`)}
        </Tag>
      </header>
      <p className={styles.meta}>
        {t(`bots.exchanges.${bot.exchange}`)} · {t(`bots.marketTypes.${bot.marketType}`)} ·{' '}
        {t(`bots.direction.${bot.direction}`)} · #{bot.botId}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('botRecords.figures.profit')}</dt>
          <dd className={styles[signOf(bot.profit)]} data-testid="bot-profit">
            {amountText(bot.profit)}
          </dd>
        </div>
        <div>
          <dt>{t('botRecords.figures.cycles')}</dt>
          <dd>{bot.cycles}</dd>
        </div>
        <div>
          <dt>{t('botRecords.bots.openCycle')}</dt>
          <dd>{bot.openCycle === null ? t('botRecords.bots.none') : `#${bot.openCycle}`}</dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Link to={RecordPaths.history + query}>{t('botRecords.links.history')}</Link>
        <Link to={RecordPaths.orders + query}>{t('botRecords.links.orders')}</Link>
        <Link to={RecordPaths.byDay + query}>{t('botRecords.links.byDay')}</Link>
      </div>
    </article>
  );
}

export default function BotListsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const split = splits[pathname as SplitPath] ?? splits[RecordPaths.byExchange];
  const [params, setParams] = useSearchParams();
  const value = params.get('v') ?? ALL;
  const counts =
    useQuery({ queryKey: recordKeys.filters, queryFn: recordsApi.filters }).data?.[split.filter] ?? [];
  const total = counts.reduce((sum, c) => sum + c.bots, 0);
  const query: Omit<TRecordBotsQuery, 'page' | 'pageSize'> =
    value === ALL ? {} : ({ [split.name]: value } as Omit<TRecordBotsQuery, 'page' | 'pageSize'>);
  const queryKey = recordKeys.bots(query);

  return (
    <PageLayout title={t('botRecords.bots.title')} backTo={BotPaths.list} padded={false}>
      <RecordLinks />
      <nav className={styles.links} aria-label={t('botRecords.bots.splitBy')}>
        {(Object.keys(splits) as SplitPath[]).map((path) => (
          <NavLink key={path} to={path} replace>
            {t(`botRecords.bots.by.${splits[path].name}`)}
          </NavLink>
        ))}
      </nav>
      <Tabs
        className={styles.tabs}
        activeKey={value}
        onChange={(key) => setParams(key === ALL ? {} : { v: key }, { replace: true })}
      >
        <Tabs.Tab key={ALL} title={`${t('botRecords.bots.all')} (${total})`} />
        {counts.map((c) => (
          <Tabs.Tab key={c.value} title={`${t(`${split.label}.${c.value}`)} (${c.bots})`} />
        ))}
      </Tabs>
      <PagedList<TRecordBot>
        key={JSON.stringify(queryKey)}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => recordsApi.bots(query, page, pageSize)}
        itemKey={(bot) => bot.botId}
        renderItem={(bot) => <BotCard bot={bot} />}
      />
    </PageLayout>
  );
}
