import type { TChainHolding, TReconciliationRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { useTranslation } from 'react-i18next';
import { networkFullNames } from '../../shared/network-names';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount, formatDateTime, shortText } from './admin-format';
import { type Column, DataTable } from './DataTable';
import styles from './ReconciliationSection.module.css';
import { SectionFrame } from './SectionFrame';

/** What the platform holds on chain beside what it owes: a shortfall is shown in red. */
function Difference({ value }: { value: string }) {
  const short = value.startsWith('-');
  return <span className={short ? styles.short : styles.covered}>{displayAmount(value)}</span>;
}

/**
 * The reconciliation: per currency, what the platform holds on chain (hot wallet plus members' deposit
 * addresses not yet swept, read live from each watched network) beside what the ledger owes members.
 */
export default function ReconciliationSection() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: adminKeys.reconciliation,
    queryFn: ({ signal }) => adminApi.reconciliation(signal),
    staleTime: 0,
  });
  const col = (id: string) => t(`admin.reconciliation.col.${id}`);
  const totals: Column<TReconciliationRow>[] = [
    { id: 'currency', header: col('currency'), render: (r) => r.currency },
    { id: 'onChain', header: col('onChain'), numeric: true, render: (r) => displayAmount(r.onChain) },
    { id: 'owed', header: col('owed'), numeric: true, render: (r) => displayAmount(r.owed) },
    {
      id: 'difference',
      header: col('difference'),
      numeric: true,
      render: (r) => <Difference value={r.difference} />,
    },
  ];
  const holdings: Column<TChainHolding>[] = [
    { id: 'network', header: col('network'), render: (h) => networkFullNames[h.network] },
    { id: 'currency', header: col('currency'), render: (h) => h.currency },
    {
      id: 'token',
      header: col('token'),
      render: (h) => <code title={h.token}>{shortText(h.token, 8, 6)}</code>,
    },
    {
      id: 'hotWallet',
      header: col('hotWallet'),
      numeric: true,
      render: (h) =>
        h.hotWallet === null ? t('admin.reconciliation.watchOnly') : displayAmount(h.hotWallet),
    },
    {
      id: 'depositAddresses',
      header: col('depositAddresses'),
      numeric: true,
      render: (h) =>
        t('admin.reconciliation.addresses', { amount: displayAmount(h.depositAddresses), n: h.addresses }),
    },
  ];

  const data = query.data;
  return (
    <SectionFrame title={t('admin.sections.reconciliation')} intro={t('admin.intro.reconciliation')}>
      {!data ? (
        <div className={styles.state}>
          {query.isError ? (
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          ) : (
            <DotLoading />
          )}
        </div>
      ) : (
        <>
          <div className={styles.bar}>
            <span>{t('admin.reconciliation.checkedAt', { time: formatDateTime(data.checkedAt) })}</span>
            <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
              {t('admin.reconciliation.refresh')}
            </Button>
          </div>
          {data.unreadable.length > 0 ? (
            <p className={styles.warning} role="alert">
              {t('admin.reconciliation.unreadable', {
                networks: data.unreadable.map((n) => networkFullNames[n]).join(', '),
              })}
            </p>
          ) : null}
          {data.currencies.length === 0 ? (
            <p className={styles.state}>{t('admin.reconciliation.none')}</p>
          ) : null}
          <DataTable
            caption={t('admin.reconciliation.totals')}
            columns={totals}
            rows={data.currencies}
            rowKey={(r) => r.currency}
          />
          <h3 className={styles.subtitle}>{t('admin.reconciliation.holdings')}</h3>
          <DataTable
            caption={t('admin.reconciliation.holdings')}
            columns={holdings}
            rows={data.holdings}
            rowKey={(h) => `${h.network}/${h.currency}`}
          />
        </>
      )}
    </SectionFrame>
  );
}
