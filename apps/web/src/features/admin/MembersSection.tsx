import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { AdjustBalanceForm } from './AdjustBalanceForm';
import { AdminDialog } from './AdminDialog';
import { adminApi, adminKeys, type TAdminMember } from './admin.api';
import { formatDateTime } from './admin-format';
import type { Column } from './DataTable';
import { ManualDepositForm } from './ManualDepositForm';
import styles from './MembersSection.module.css';
import { PagedTable } from './PagedTable';
import { SearchFilter } from './SearchFilter';
import { SectionFrame } from './SectionFrame';

type MoneyAction = 'adjust' | 'deposit';

/** Locked now: a lock in the past has run out. */
function Locked({ until }: { until: string | null }) {
  const { t } = useTranslation();
  if (!until || new Date(until).getTime() <= Date.now()) return <span>{t('admin.members.notLocked')}</span>;
  return (
    <Tag color="danger" fill="outline">
      {t('admin.members.lockedUntil', { time: formatDateTime(until, 'short') })}
    </Tag>
  );
}

/** A member's money action in a dialog: the form with the member fixed, then its receipt. */
function MemberMoneyDialog({
  action,
  open,
  onClose,
}: {
  action: { kind: MoneyAction; username: string } | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = action ? t(`admin.${action.kind}.title`) : '';
  return (
    <AdminDialog open={open} onClose={onClose} title={title}>
      {action?.kind === 'adjust' ? (
        <AdjustBalanceForm key={action.username} username={action.username} onClose={onClose} />
      ) : null}
      {action?.kind === 'deposit' ? (
        <ManualDepositForm key={action.username} username={action.username} onClose={onClose} />
      ) : null}
    </AdminDialog>
  );
}

/** memlist: members by username, email or mobile, and the money tools for one of them. */
export default function MembersSection() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300) || undefined;
  const [action, setAction] = useState<{ kind: MoneyAction; username: string } | null>(null);
  const [open, setOpen] = useState(false);
  const start = (kind: MoneyAction, username: string) => {
    setAction({ kind, username });
    setOpen(true);
  };

  const col = (id: string) => t(`admin.members.col.${id}`);
  const columns: Column<TAdminMember>[] = [
    {
      id: 'username',
      header: col('username'),
      render: (m) => (
        <span className={styles.name}>
          {m.username}
          {m.role === 'admin' ? (
            <Tag color="primary" fill="outline">
              {t('admin.members.admin')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { id: 'email', header: col('email'), render: (m) => m.email ?? '—' },
    { id: 'mobile', header: col('mobile'), render: (m) => m.mobile ?? '—' },
    { id: 'sponsor', header: col('sponsor'), render: (m) => m.sponsor ?? '—' },
    { id: 'joined', header: col('joined'), render: (m) => formatDateTime(m.joinedAt, 'short') },
    { id: 'locked', header: col('locked'), render: (m) => <Locked until={m.lockedUntil} /> },
    {
      id: 'actions',
      header: col('actions'),
      render: (m) => (
        <span className={styles.actions}>
          <Button size="mini" color="primary" fill="outline" onClick={() => start('adjust', m.username)}>
            {t('admin.members.adjust')}
          </Button>
          <Button size="mini" fill="outline" onClick={() => start('deposit', m.username)}>
            {t('admin.members.deposit')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <SectionFrame
      title={t('admin.sections.members')}
      intro={t('admin.intro.members')}
      filters={
        <SearchFilter
          label={t('admin.members.search')}
          placeholder={t('admin.members.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
      }
    >
      <PagedTable
        caption={t('admin.sections.members')}
        queryKey={[...adminKeys.members, { q }]}
        fetchPage={(page, pageSize, signal) => adminApi.members(q, page, pageSize, signal)}
        columns={columns}
        rowKey={(m) => m.userid}
      />
      <MemberMoneyDialog action={action} open={open} onClose={() => setOpen(false)} />
    </SectionFrame>
  );
}
