import { type TAdminWithdrawal, type TWithdrawalStatus, WithdrawalStatuses } from '@app/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount, formatDateTime, shortText } from './admin-format';
import { ChoiceFilter } from './ChoiceFilter';
import type { Column } from './DataTable';
import { PagedTable } from './PagedTable';
import { SearchFilter } from './SearchFilter';
import { SectionFrame } from './SectionFrame';
import { StatusTag } from './StatusTag';
import { type Decision, type DecisionKind, WithdrawalDecisionDialog } from './WithdrawalDecisionDialog';
import styles from './WithdrawalsSection.module.css';

type StatusFilter = TWithdrawalStatus | 'all';
const statusFilters: readonly StatusFilter[] = [...WithdrawalStatuses, 'all'];

/** What a decided withdrawal ended with: the payout hash, or why it was turned down. */
function Outcome({ w }: { w: TAdminWithdrawal }) {
  if (w.txHash) {
    return (
      <code className={styles.detail} title={w.txHash}>
        {shortText(w.txHash, 10, 8)}
      </code>
    );
  }
  return w.reason ? (
    <span className={`${styles.detail} ${styles.reason}`} title={w.reason}>
      {w.reason}
    </span>
  ) : null;
}

function RowActions({ w, onDecide }: { w: TAdminWithdrawal; onDecide: (kind: DecisionKind) => void }) {
  const { t } = useTranslation();
  if (w.status === 'pending') {
    return (
      <span className={styles.actions}>
        <Button size="mini" color="primary" onClick={() => onDecide('approve')}>
          {t('admin.withdrawals.approve')}
        </Button>
        <Button size="mini" color="danger" fill="outline" onClick={() => onDecide('reject')}>
          {t('admin.withdrawals.reject')}
        </Button>
      </span>
    );
  }
  if (w.status === 'approved') {
    return (
      <Button size="mini" color="primary" fill="outline" onClick={() => onDecide('paid')}>
        {t('admin.withdrawals.markPaid')}
      </Button>
    );
  }
  return null;
}

/** Admin/wdlist and AdminApprovewd: the withdrawal queue, oldest pending first, and its decisions. */
export default function WithdrawalsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [open, setOpen] = useState(false);
  const decide = (withdrawal: TAdminWithdrawal, kind: DecisionKind) => {
    setDecision({ withdrawal, kind });
    setOpen(true);
  };

  const filter = { status: status === 'all' ? undefined : status, q: q || undefined };
  const col = (id: string) => t(`admin.withdrawals.col.${id}`);
  const columns: Column<TAdminWithdrawal>[] = [
    {
      id: 'date',
      header: col('date'),
      render: (w) => <span className={styles.date}>{formatDateTime(w.createdAt, 'short')}</span>,
    },
    { id: 'member', header: col('member'), render: (w) => w.username },
    { id: 'currency', header: col('currency'), render: (w) => w.currency },
    { id: 'network', header: col('network'), render: (w) => w.network },
    {
      id: 'address',
      header: col('address'),
      render: (w) => (
        <code className={styles.address} title={w.address}>
          {shortText(w.address, 6, 4)}
        </code>
      ),
    },
    { id: 'amount', header: col('amount'), numeric: true, render: (w) => displayAmount(w.amount) },
    { id: 'fee', header: col('fee'), numeric: true, render: (w) => displayAmount(w.fee) },
    { id: 'payout', header: col('payout'), numeric: true, render: (w) => displayAmount(w.payout) },
    {
      id: 'status',
      header: col('status'),
      render: (w) => (
        <span className={styles.status}>
          <StatusTag status={w.status} />
          <Outcome w={w} />
        </span>
      ),
    },
    {
      id: 'actions',
      header: col('actions'),
      render: (w) => <RowActions w={w} onDecide={(kind) => decide(w, kind)} />,
    },
  ];

  return (
    <SectionFrame
      title={t('admin.sections.withdrawals')}
      intro={t('admin.intro.withdrawals')}
      filters={
        <>
          <ChoiceFilter
            label={t('admin.withdrawals.status')}
            options={statusFilters.map((s) => ({ value: s, label: t(`admin.status.${s}`) }))}
            value={status}
            onChange={setStatus}
          />
          <SearchFilter
            label={t('admin.withdrawals.search')}
            placeholder={t('admin.withdrawals.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
        </>
      }
    >
      <PagedTable
        caption={t('admin.sections.withdrawals')}
        queryKey={[...adminKeys.withdrawals, filter]}
        fetchPage={(page, pageSize, signal) => adminApi.withdrawals(filter, page, pageSize, signal)}
        columns={columns}
        rowKey={(w) => w.id}
      />
      <WithdrawalDecisionDialog decision={decision} open={open} onClose={() => setOpen(false)} />
    </SectionFrame>
  );
}
