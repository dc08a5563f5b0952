import type { TBotRecordOrder } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { answerAmount, assetAmountText } from '../../shared/amounts';
import { FilterPicker } from '../../shared/FilterPicker';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { BotPaths } from '../bots/bot-paths';
import { recordKeys, recordsApi } from './bot-records.api';
import { RecordFilters } from './RecordFilters';
import { RecordLinks } from './RecordLinks';
import { paramsOf } from './record-filters';
import { amountText, timeText } from './record-format';
import styles from './records.module.css';
import { useRecordFilter } from './use-record-filter';

function OrderItem({ order }: { order: TBotRecordOrder }) {
  const { t, i18n } = useTranslation();
  const price = order.averagePrice ?? order.price;
  return (
    <article className={styles.card} data-testid={`record-order-${order.id}`}>
      <header className={styles.header}>
        <h3>
          {order.symbol}{' '}
          <span className={order.side === 'buy' ? styles.up : styles.down}>
            {t(`botRecords.side.${order.side}`)}
          </span>
        </h3>
        <Tag fill="outline">{t(`botRecords.orderKind.${order.kind}`)}</Tag>
      </header>
      <p className={styles.meta}>
        {t(`bots.exchanges.${order.exchange}`)} · {t('botRecords.orders.cycle', { n: order.cycleNumber })} ·{' '}
        {t(`botRecords.orderStatus.${order.status}`)} · {timeText(order.createdAt, i18n.language)}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('botRecords.orders.price')}</dt>
          <dd>{price === null ? '—' : answerAmount(price)}</dd>
        </div>
        <div>
          <dt>{t('botRecords.orders.filled')}</dt>
          <dd>{`${answerAmount(order.filled)} / ${answerAmount(order.amount)}`}</dd>
        </div>
        <div>
          <dt>{t('botRecords.figures.volume')}</dt>
          <dd>{amountText(order.value)}</dd>
        </div>
        <div>
          <dt>{t('botRecords.orders.fee')}</dt>
          <dd>
            {order.fee ? `${assetAmountText(order.fee.amount, order.fee.asset)} ${order.fee.asset}` : '—'}
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** Tradetx/Recordtx (and Recordtx2, fills only): every order the member's bots placed. */
export default function RecordtxPage() {
  const { t } = useTranslation();
  const [filter] = useRecordFilter();
  const [params, setParams] = useSearchParams();
  const fillsOnly = params.get('fills') === '1';
  const queryKey = recordKeys.orders(filter, fillsOnly);
  const kindOptions = [
    { value: 'all', label: t('botRecords.orders.all') },
    { value: 'fills', label: t('botRecords.orders.fills') },
  ];
  const setFills = (fills: boolean) => {
    const next = paramsOf(filter);
    if (fills) next.set('fills', '1');
    setParams(next, { replace: true });
  };
  return (
    <PageLayout title={t('botRecords.orders.title')} backTo={BotPaths.list} padded={false}>
      <PagedList<TBotRecordOrder>
        key={JSON.stringify(queryKey)}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => recordsApi.orders(filter, fillsOnly, page, pageSize)}
        itemKey={(order) => order.id}
        renderItem={(order) => <OrderItem order={order} />}
        header={
          <>
            <RecordLinks />
            <RecordFilters
              filter={filter}
              onChange={(next) => {
                const p = paramsOf(next);
                if (fillsOnly) p.set('fills', '1');
                setParams(p, { replace: true });
              }}
              extra={
                <FilterPicker
                  label={t('botRecords.orders.show')}
                  value={fillsOnly ? 'fills' : 'all'}
                  options={kindOptions}
                  onChange={(v) => setFills(v === 'fills')}
                  testId="filter-fills"
                />
              }
            />
          </>
        }
      />
    </PageLayout>
  );
}
