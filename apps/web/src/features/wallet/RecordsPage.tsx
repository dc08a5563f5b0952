import { RecordKinds, type TWallet, WalletNames } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type FilterOption, FilterPicker } from '../../shared/FilterPicker';
import { PagedList } from '../../shared/PagedList';
import { PageLayout } from '../../shared/PageLayout';
import { RecordItem } from './RecordItem';
import styles from './RecordsPage.module.css';
import { filtersFrom, paramsOf } from './record-filters';
import { type RecordFilters, walletApi, walletKeys } from './wallet.api';
import { useWalletOverview } from './wallet.queries';
import { WalletPaths } from './wallet-paths';

const ALL = 'all';

/** Other_History: the member's wallet records, filtered by wallet, coin and type, page by page. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const coins = useWalletOverview().data?.currencies.map((c) => c.currency) ?? [];
  if (filters.currency && !coins.includes(filters.currency)) coins.push(filters.currency);

  const all: FilterOption = { value: ALL, label: t('wallet.records.all') };
  const walletOptions = [all, ...WalletNames.map((w) => ({ value: w, label: t(`wallet.wallets.${w}`) }))];
  const coinOptions = [all, ...coins.map((c) => ({ value: c, label: c }))];
  const kindOptions = [all, ...RecordKinds.map((k) => ({ value: k, label: t(`wallet.recordKinds.${k}`) }))];

  const change = (name: keyof RecordFilters, value: string) => {
    const next: RecordFilters = { ...filters };
    if (value === ALL) delete next[name];
    else if (name === 'wallet') next.wallet = value as TWallet;
    else if (name === 'kind') next.kind = value as (typeof RecordKinds)[number];
    else next.currency = value;
    setParams(paramsOf(next), { replace: true });
  };

  const queryKey = walletKeys.records(filters);
  return (
    <PageLayout title={t('wallet.records.title')} backTo={WalletPaths.wallet} padded={false}>
      <PagedList
        // A new filter is a new list: page 1 of it, not more pages of the old one.
        key={JSON.stringify(queryKey)}
        queryKey={queryKey}
        fetchPage={(page, pageSize) => walletApi.records(filters, page, pageSize)}
        itemKey={(record) => `${record.id}-${record.wallet}-${record.direction}`}
        renderItem={(record) => <RecordItem record={record} />}
        header={
          <fieldset className={styles.filters}>
            <legend className={styles.legend}>{t('wallet.records.filters')}</legend>
            <FilterPicker
              label={t('wallet.records.wallet')}
              value={filters.wallet ?? ALL}
              options={walletOptions}
              onChange={(v) => change('wallet', v)}
              testId="filter-wallet"
            />
            <FilterPicker
              label={t('wallet.records.currency')}
              value={filters.currency ?? ALL}
              options={coinOptions}
              onChange={(v) => change('currency', v)}
              testId="filter-currency"
            />
            <FilterPicker
              label={t('wallet.records.kind')}
              value={filters.kind ?? ALL}
              options={kindOptions}
              onChange={(v) => change('kind', v)}
              testId="filter-kind"
            />
          </fieldset>
        }
      />
    </PageLayout>
  );
}
