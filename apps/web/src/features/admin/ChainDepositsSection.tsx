import type { AdminChainDepositFilters, TAdminChainDeposit } from '@app/contracts';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { networkFullNames } from '../../shared/network-names';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount, formatDateTime, shortText } from './admin-format';
import styles from './ChainDepositsSection.module.css';
import { ChoiceFilter } from './ChoiceFilter';
import type { Column } from './DataTable';
import { PagedTable } from './PagedTable';
import { SearchFilter } from './SearchFilter';
import { SectionFrame } from './SectionFrame';

type Filter = (typeof AdminChainDepositFilters)[number] | 'all';
const filters: readonly Filter[] = ['pending', 'credited', 'below_minimum', 'flagged', 'orphaned', 'all'];
const colors = {
  pending: 'warning',
  credited: 'success',
  below_minimum: 'danger',
  orphaned: 'default',
} as const;

/** A deposit's state: its status, and a red mark when it was credited and then left the chain. */
function DepositState({ d }: { d: TAdminChainDeposit }) {
  const { t } = useTranslation();
  return (
    <span className={styles.state}>
      <Tag color={colors[d.status]} fill="outline">
        {t(`admin.chainDeposits.status.${d.status}`)}
      </Tag>
      {d.flaggedAt ? (
        <span title={formatDateTime(d.flaggedAt)}>
          <Tag color="danger">{t('admin.chainDeposits.status.flagged')}</Tag>
        </span>
      ) : null}
    </span>
  );
}

/**
 * Deposits the watcher saw on chain, newest first: pending ones counting confirmations, credited, below
 * the minimum (shown to the member, never credited), dropped by a reorg, and flagged ones (credited, then
 * gone in a deeper reorg: an admin decides).
 */
export default function ChainDepositsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('pending');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const filter = { status: status === 'all' ? undefined : status, q: q || undefined };
  const col = (id: string) => t(`admin.chainDeposits.col.${id}`);
  const columns: Column<TAdminChainDeposit>[] = [
    {
      id: 'date',
      header: col('date'),
      render: (d) => <span className={styles.nowrap}>{formatDateTime(d.createdAt, 'short')}</span>,
    },
    { id: 'member', header: col('member'), render: (d) => d.username },
    { id: 'network', header: col('network'), render: (d) => networkFullNames[d.network] },
    {
      id: 'amount',
      header: col('amount'),
      numeric: true,
      render: (d) => `${displayAmount(d.amount)} ${d.currency}`,
    },
    {
      id: 'txHash',
      header: col('txHash'),
      render: (d) => (
        <code className={styles.nowrap} title={`${d.txHash} #${d.logIndex}`}>
          {shortText(d.txHash, 10, 8)}
        </code>
      ),
    },
    {
      id: 'confirmations',
      header: col('confirmations'),
      numeric: true,
      // Confirmations mean something while a deposit counts them or once it is credited; not once dropped.
      render: (d) => (
        <span className={styles.nowrap}>
          {d.status === 'pending' || d.status === 'credited'
            ? t('admin.chainDeposits.confirmationsAt', {
                confirmed: d.confirmations,
                required: d.required,
                block: d.blockNumber,
              })
            : t('admin.chainDeposits.blockOnly', { block: d.blockNumber })}
        </span>
      ),
    },
    { id: 'status', header: col('status'), render: (d) => <DepositState d={d} /> },
  ];

  return (
    <SectionFrame
      title={t('admin.sections.deposits')}
      intro={t('admin.intro.deposits')}
      filters={
        <>
          <ChoiceFilter
            label={t('admin.chainDeposits.filter')}
            options={filters.map((s) => ({
              value: s,
              label: s === 'all' ? t('admin.status.all') : t(`admin.chainDeposits.status.${s}`),
            }))}
            value={status}
            onChange={setStatus}
          />
          <SearchFilter
            label={t('admin.chainDeposits.search')}
            placeholder={t('admin.chainDeposits.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
        </>
      }
    >
      <PagedTable
        caption={t('admin.sections.deposits')}
        queryKey={[...adminKeys.chainDeposits, filter]}
        fetchPage={(page, pageSize, signal) => adminApi.chainDeposits(filter, page, pageSize, signal)}
        columns={columns}
        rowKey={(d) => d.id}
      />
    </SectionFrame>
  );
}
