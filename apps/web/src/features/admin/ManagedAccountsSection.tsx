import { type TAdminManagedAccount, TradingExchanges, type TTradingExchange } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { AdminDialog } from './AdminDialog';
import { AssignSubAccountForm } from './AssignSubAccountForm';
import { adminApi, adminKeys } from './admin.api';
import { formatDateTime } from './admin-format';
import { ChoiceFilter } from './ChoiceFilter';
import { confirmAction } from './confirm-action';
import type { Column } from './DataTable';
import styles from './ManagedAccountsSection.module.css';
import { isLocked } from './managed-account-rules';
import { PagedTable } from './PagedTable';
import { SearchFilter } from './SearchFilter';
import { SectionFrame } from './SectionFrame';

type ExchangeFilter = TTradingExchange | 'all';
const exchangeFilters: readonly ExchangeFilter[] = ['all', ...TradingExchanges];

/**
 * The accounts managed-mode rentals trade (investsavecompany): which member has a sub-account (its key
 * masked) or a platform paper account on which exchange, and whether live managed bots use it. The admin
 * gives a member a sub-account, replaces its key or takes it away, never under live bots.
 */
export default function ManagedAccountsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const member = useDebouncedValue(search.trim(), 300) || undefined;
  const [exchange, setExchange] = useState<ExchangeFilter>('all');
  // null: closed; 'new': typed member and exchange; else the row it was opened from.
  const [editing, setEditing] = useState<TAdminManagedAccount | 'new' | null>(null);
  const exchangeName = (e: string) => t(`rentals.exchanges.${e}`);

  const remove = useMutation({
    mutationFn: (account: TAdminManagedAccount) => adminApi.removeSubAccount(account.id),
    onSuccess: (removed) => {
      showToast(
        t('admin.managed.removed', { member: removed.username, exchange: exchangeName(removed.exchange) }),
        { icon: 'success' },
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.managedAccounts });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });

  const col = (id: string) => t(`admin.managed.col.${id}`);
  const columns: Column<TAdminManagedAccount>[] = [
    {
      id: 'member',
      header: col('member'),
      render: (a) => (
        <span className={styles.member}>
          <strong>{a.username}</strong>
          <span className={styles.id}>#{a.memberId}</span>
        </span>
      ),
    },
    { id: 'exchange', header: col('exchange'), render: (a) => exchangeName(a.exchange) },
    {
      id: 'kind',
      header: col('kind'),
      render: (a) => (
        <Tag color={a.kind === 'sub_account' ? 'primary' : 'default'} fill="outline">
          {t(`admin.managed.kind.${a.kind}`)}
        </Tag>
      ),
    },
    {
      id: 'apiKey',
      header: col('apiKey'),
      render: (a) => (a.apiKeyMasked ? <code>{a.apiKeyMasked}</code> : '—'),
    },
    {
      id: 'liveBots',
      header: col('liveBots'),
      render: (a) =>
        isLocked(a) ? (
          <Tag color="warning" fill="outline">
            {t('admin.managed.live', { count: a.liveBots })}
          </Tag>
        ) : (
          <span className={styles.muted}>{t('admin.managed.noLive')}</span>
        ),
    },
    { id: 'updated', header: col('updated'), render: (a) => formatDateTime(a.updatedAt, 'short') },
    {
      id: 'actions',
      header: col('actions'),
      render: (a) =>
        a.exchange === 'paper' ? null : (
          <span className={styles.actions}>
            <Button
              size="mini"
              color="primary"
              fill="outline"
              disabled={isLocked(a)}
              onClick={() => setEditing(a)}
            >
              {t(a.kind === 'sub_account' ? 'admin.managed.replace' : 'admin.managed.assign')}
            </Button>
            {a.kind === 'sub_account' ? (
              <Button
                size="mini"
                color="danger"
                fill="outline"
                disabled={isLocked(a)}
                onClick={async () => {
                  const text = t('admin.managed.confirmRemove', {
                    member: a.username,
                    exchange: exchangeName(a.exchange),
                    key: a.apiKeyMasked,
                  });
                  if (await confirmAction(text)) remove.mutate(a);
                }}
              >
                {t('admin.managed.remove')}
              </Button>
            ) : null}
          </span>
        ),
    },
  ];

  return (
    <SectionFrame
      title={t('admin.sections.managedAccounts')}
      intro={t('admin.intro.managedAccounts')}
      filters={
        <>
          <SearchFilter
            label={t('admin.managed.search')}
            placeholder={t('admin.managed.searchPlaceholder')}
            value={search}
            onChange={setSearch}
          />
          <ChoiceFilter
            label={t('admin.managed.exchange')}
            options={exchangeFilters.map((e) => ({
              value: e,
              label: e === 'all' ? t('admin.managed.allExchanges') : exchangeName(e),
            }))}
            value={exchange}
            onChange={setExchange}
          />
        </>
      }
    >
      <div className={styles.toolbar}>
        <p className={styles.note}>{t('admin.managed.liveRule')}</p>
        <Button color="primary" size="small" onClick={() => setEditing('new')}>
          {t('admin.managed.assignNew')}
        </Button>
      </div>
      <PagedTable
        caption={t('admin.sections.managedAccounts')}
        queryKey={[...adminKeys.managedAccounts, { member, exchange }]}
        fetchPage={(page, pageSize, signal) =>
          adminApi.managedAccounts(
            { member, exchange: exchange === 'all' ? undefined : exchange },
            page,
            pageSize,
            signal,
          )
        }
        columns={columns}
        rowKey={(a) => a.id}
      />
      <AdminDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing !== null && editing !== 'new' && editing.kind === 'sub_account'
            ? t('admin.managed.replaceTitle')
            : t('admin.managed.assignTitle')
        }
      >
        {editing !== null ? (
          <AssignSubAccountForm
            key={editing === 'new' ? 'new' : editing.id}
            account={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>
    </SectionFrame>
  );
}
