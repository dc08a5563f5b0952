import type { TAdminPayout, TAdminPayoutAlert, TChainHolding } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api-error';
import { showToast } from '../../app/toast';
import { useIdempotentMutation } from '../../shared/idempotency';
import { networkFullNames } from '../../shared/network-names';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount, formatDateTime, shortText } from './admin-format';
import { confirmAction } from './confirm-action';
import { type Column, DataTable } from './DataTable';
import { PagedTable } from './PagedTable';
import styles from './PayoutsSection.module.css';
import { SectionFrame } from './SectionFrame';

/** Payouts move by themselves (the worker's payer every 5 s, blocks): the view follows them. */
const REFRESH_MS = 5000;

const statusColors = {
  signed: 'default',
  broadcast: 'primary',
  confirmed: 'success',
  failed: 'danger',
} as const;

/** Every hash signed for the payout's nonce, newest first; the earlier ones were replaced. */
function Hashes({ p }: { p: TAdminPayout }) {
  const { t } = useTranslation();
  const hashes = [...p.hashes].reverse();
  return (
    <span className={styles.hashes}>
      {hashes.map((hash, i) => (
        <code
          key={hash}
          title={hash}
          className={i > 0 ? styles.replaced : undefined}
          data-testid="payout-hash"
        >
          {shortText(hash, 10, 6)}
          {i > 0 ? ` (${t('admin.payouts.replaced')})` : ''}
        </code>
      ))}
    </span>
  );
}

/** How long ago, in whole minutes (a payout is minutes old, not days). */
function age(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

function RetryButton({ alert }: { alert: TAdminPayoutAlert }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retry = useIdempotentMutation(
    (_: string, idempotencyKey: string) =>
      adminApi.retryPayout(alert.withdrawalId, { idempotencyKey, handled: ['PAYOUT_NOT_FAILED'] }),
    {
      onSuccess: () => showToast(t('admin.payouts.retried'), { icon: 'success' }),
      onError: (error) => {
        if (isApiError(error) && error.code === 'PAYOUT_NOT_FAILED')
          showToast(t('errors.PAYOUT_NOT_FAILED'), { icon: 'fail' });
      },
      onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    },
  );
  return (
    <Button
      size="mini"
      color="primary"
      fill="outline"
      loading={retry.isPending}
      onClick={async () => {
        const go = await confirmAction(
          t('admin.payouts.retryConfirm', {
            amount: `${displayAmount(alert.payout)} ${alert.currency}`,
            member: alert.username,
          }),
        );
        if (go) retry.mutate(alert.withdrawalId);
      }}
    >
      {t('admin.payouts.retry')}
    </Button>
  );
}

/**
 * Payouts from the hot wallet (issue 21, item 6): the withdrawals it did not pay (too little in the hot
 * wallet, a failed transaction: retry or pay by hand), the payouts in flight, and what the hot wallet holds.
 */
export default function PayoutsSection() {
  const { t } = useTranslation();
  const alerts = useQuery({
    queryKey: adminKeys.payoutAlerts,
    queryFn: ({ signal }) => adminApi.payoutAlerts(signal),
    refetchInterval: REFRESH_MS,
  });
  const holdings = useQuery({
    queryKey: adminKeys.reconciliation,
    queryFn: ({ signal }) => adminApi.reconciliation(signal),
    refetchInterval: 30_000,
  });
  const now = Date.now();
  const alertItems = alerts.data?.items ?? [];
  const low = alertItems.filter((a) => a.alert !== 'PAYOUT_FAILED').length;
  const failed = alertItems.length - low;

  const col = (id: string) => t(`admin.payouts.col.${id}`);
  const inFlight: Column<TAdminPayout>[] = [
    {
      id: 'age',
      header: col('age'),
      render: (p) => (
        <span className={styles.nowrap} title={formatDateTime(p.createdAt)}>
          {t('admin.payouts.minutes', { count: age(p.createdAt, now) })}
        </span>
      ),
    },
    { id: 'member', header: col('member'), render: (p) => p.username },
    {
      id: 'amount',
      header: col('amount'),
      numeric: true,
      render: (p) => <span className={styles.nowrap}>{`${displayAmount(p.payout)} ${p.currency}`}</span>,
    },
    { id: 'network', header: col('network'), render: (p) => networkFullNames[p.network] },
    {
      id: 'state',
      header: col('state'),
      render: (p) => (
        <Tag color={statusColors[p.status]} fill="outline" data-testid="payout-state">
          {t(`admin.payouts.status.${p.status}`)}
        </Tag>
      ),
    },
    { id: 'hashes', header: col('hashes'), render: (p) => <Hashes p={p} /> },
    {
      id: 'confirmations',
      header: col('confirmations'),
      numeric: true,
      render: (p) =>
        p.confirmations === null
          ? '—'
          : t('admin.payouts.confirmations', { confirmed: p.confirmations, required: p.required }),
    },
    {
      id: 'withdrawal',
      header: col('withdrawal'),
      render: (p) => <code title={p.withdrawalId}>{p.withdrawalId.slice(0, 8)}</code>,
    },
  ];
  const alertColumns: Column<TAdminPayoutAlert>[] = [
    { id: 'member', header: col('member'), render: (a) => a.username },
    {
      id: 'amount',
      header: col('amount'),
      numeric: true,
      render: (a) => <span className={styles.nowrap}>{`${displayAmount(a.payout)} ${a.currency}`}</span>,
    },
    { id: 'network', header: col('network'), render: (a) => networkFullNames[a.network] },
    {
      id: 'reason',
      header: col('reason'),
      render: (a) => (
        <span className={styles.reason}>
          <Tag color={a.alert === 'PAYOUT_FAILED' ? 'danger' : 'warning'}>
            {t(`admin.payouts.alert.${a.alert}`)}
          </Tag>
          {a.failedPayout?.hashes.map((hash) => (
            <code key={hash} title={a.failedPayout?.error ?? hash}>
              {shortText(hash, 10, 6)}
            </code>
          ))}
        </span>
      ),
    },
    {
      id: 'actions',
      header: col('actions'),
      render: (a) => (a.alert === 'PAYOUT_FAILED' ? <RetryButton alert={a} /> : null),
    },
  ];
  const hotWallet: Column<TChainHolding>[] = [
    { id: 'network', header: col('network'), render: (h) => networkFullNames[h.network] },
    { id: 'currency', header: col('currency'), render: (h) => h.currency },
    {
      id: 'balance',
      header: col('balance'),
      numeric: true,
      render: (h) =>
        h.hotWallet === null ? t('admin.reconciliation.watchOnly') : displayAmount(h.hotWallet),
    },
  ];

  return (
    <SectionFrame title={t('admin.sections.payouts')} intro={t('admin.intro.payouts')}>
      {alertItems.length > 0 ? (
        <div className={styles.banner} role="alert" data-testid="payout-alert">
          {low > 0 ? <p>{t('admin.payouts.bannerLow', { count: low })}</p> : null}
          {failed > 0 ? <p>{t('admin.payouts.bannerFailed', { count: failed })}</p> : null}
        </div>
      ) : null}
      {alertItems.length > 0 ? (
        <>
          <h3 className={styles.subtitle}>{t('admin.payouts.alerts')}</h3>
          <DataTable
            caption={t('admin.payouts.alerts')}
            columns={alertColumns}
            rows={alertItems}
            rowKey={(a) => a.withdrawalId}
          />
        </>
      ) : null}
      <h3 className={styles.subtitle}>{t('admin.payouts.inFlight')}</h3>
      <PagedTable
        caption={t('admin.payouts.inFlight')}
        queryKey={adminKeys.payouts}
        fetchPage={(page, pageSize, signal) => adminApi.payouts(page, pageSize, signal)}
        columns={inFlight}
        rowKey={(p) => p.id}
        refetchInterval={REFRESH_MS}
      />
      <h3 className={styles.subtitle}>{t('admin.payouts.hotWallet')}</h3>
      {holdings.data ? (
        holdings.data.holdings.length === 0 ? (
          <p className={styles.note}>{t('admin.reconciliation.none')}</p>
        ) : (
          <DataTable
            caption={t('admin.payouts.hotWallet')}
            columns={hotWallet}
            rows={holdings.data.holdings}
            rowKey={(h) => `${h.network}/${h.currency}`}
          />
        )
      ) : (
        <p className={styles.note}>{t(holdings.isError ? 'admin.table.failed' : 'admin.table.loading')}</p>
      )}
    </SectionFrame>
  );
}
