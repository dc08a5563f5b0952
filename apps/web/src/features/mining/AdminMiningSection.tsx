import { ErrorCodes, type TMiningPackage, type TMiningPackageInput } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { displayAmount } from '../admin/admin-format';
import { type Column, DataTable } from '../admin/DataTable';
import { Panel } from '../admin/Panel';
import { SectionFrame } from '../admin/SectionFrame';
import { errorCodeOf } from '../wallet/error-code';
import { LoadState } from '../wallet/LoadState';
import styles from './AdminMiningSection.module.css';
import { AdminPromotionsPanel } from './AdminPromotionsPanel';
import { adminMiningApi, miningKeys } from './mining.api';

const handled: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT'];

/** What the admin types; numbers stay text until sent. */
const emptyForm = {
  name: '',
  price: '',
  currency: 'USDT',
  hashRateGhs: '10',
  durationDays: '30',
  minedCurrency: 'MCOIN',
  yieldPerUnit: '',
  perMemberLimit: '',
};
type Form = typeof emptyForm;

const inputOf = (f: Form): TMiningPackageInput => ({
  categoryId: null,
  name: f.name,
  price: f.price,
  currency: f.currency,
  hashRateGhs: Number(f.hashRateGhs),
  durationDays: Number(f.durationDays),
  minedCurrency: f.minedCurrency,
  // An empty yield means the admin sets a rate per day.
  yieldRule: f.yieldPerUnit.trim() === '' ? 'daily' : 'fixed',
  yieldPerUnit: f.yieldPerUnit.trim() === '' ? null : f.yieldPerUnit,
  perMemberLimit: f.perMemberLimit.trim() === '' ? null : Number(f.perMemberLimit),
  onSale: true,
  sort: 0,
});

/** The admin's mining packages (new ones, on sale or not) and the payout run for a day. */
export default function AdminMiningSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const packages = useQuery({
    queryKey: miningKeys.adminPackages,
    queryFn: ({ signal }) => adminMiningApi.packages(signal),
  });
  const [form, setForm] = useState<Form>(emptyForm);
  const [error, setError] = useState<string | undefined>();
  const [day, setDay] = useState(() => new Date().toISOString().slice(0, 10));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: miningKeys.all });
  const create = useMutation({
    mutationFn: () => adminMiningApi.create(inputOf(form), handled),
    onSuccess: () => {
      setForm(emptyForm);
      refresh();
    },
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  const toggle = useMutation({
    mutationFn: (p: TMiningPackage) =>
      adminMiningApi.update(
        p.id,
        {
          categoryId: p.categoryId,
          name: p.name,
          price: p.price,
          currency: p.currency,
          hashRateGhs: Number(p.hashRateGhs),
          durationDays: p.durationDays,
          minedCurrency: p.minedCurrency,
          yieldRule: p.yieldRule,
          yieldPerUnit: p.yieldPerUnit,
          perMemberLimit: p.perMemberLimit,
          onSale: !p.onSale,
          sort: p.sort,
        },
        handled,
      ),
    onSuccess: refresh,
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  const run = useMutation({
    mutationFn: () => adminMiningApi.runPayouts(day, handled),
    onSuccess: (result) => Toast.show({ content: t('mining.admin.paid', { count: result.paid }) }),
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  const field = (key: keyof Form) => (
    <label>
      {t(`mining.admin.fields.${key}`)}
      <input
        name={key}
        value={form[key]}
        onChange={(e) => {
          setError(undefined);
          setForm((f) => ({ ...f, [key]: e.target.value }));
        }}
      />
    </label>
  );
  const columns: Column<TMiningPackage>[] = [
    { id: 'name', header: t('mining.admin.fields.name'), render: (p) => p.name },
    {
      id: 'price',
      header: t('mining.admin.fields.price'),
      numeric: true,
      render: (p) => `${displayAmount(p.price)} ${p.currency}`,
    },
    { id: 'hash', header: t('mining.admin.fields.hashRateGhs'), numeric: true, render: (p) => p.hashRateGhs },
    {
      id: 'days',
      header: t('mining.admin.fields.durationDays'),
      numeric: true,
      render: (p) => p.durationDays,
    },
    {
      id: 'yield',
      header: t('mining.admin.fields.yieldPerUnit'),
      render: (p) =>
        p.yieldPerUnit === null
          ? t('mining.admin.daily')
          : `${displayAmount(p.yieldPerUnit)} ${p.minedCurrency}`,
    },
    {
      id: 'onSale',
      header: t('mining.admin.onSale'),
      render: (p) => (
        <Button size="mini" onClick={() => toggle.mutate(p)}>
          {t(p.onSale ? 'mining.admin.takeOff' : 'mining.admin.putOn')}
        </Button>
      ),
    },
  ];
  return (
    <SectionFrame title={t('admin.sections.mining')} intro={t('mining.admin.intro')}>
      <FormAlert code={error} />
      <Panel title={t('mining.admin.create')}>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          {field('name')}
          {field('price')}
          {field('currency')}
          {field('hashRateGhs')}
          {field('durationDays')}
          {field('minedCurrency')}
          {field('yieldPerUnit')}
          {field('perMemberLimit')}
          <Button type="submit" color="primary" size="small" loading={create.isPending}>
            {t('mining.admin.create')}
          </Button>
        </form>
      </Panel>
      <Panel title={t('mining.admin.list')}>
        {packages.data ? (
          <DataTable
            caption={t('mining.admin.list')}
            columns={columns}
            rows={packages.data.items}
            rowKey={(p) => p.id}
          />
        ) : (
          <LoadState failed={packages.isError} onRetry={() => void packages.refetch()} />
        )}
      </Panel>
      <AdminPromotionsPanel />
      <Panel title={t('mining.admin.payouts')} hint={t('mining.admin.payoutsHint')}>
        <div className={styles.row}>
          <input
            type="date"
            value={day}
            onChange={(e) => setDay(e.target.value)}
            aria-label={t('mining.admin.day')}
          />
          <Button
            size="small"
            color="primary"
            loading={run.isPending}
            onClick={() => run.mutate()}
            data-testid="run-payouts"
          >
            {t('mining.admin.run')}
          </Button>
        </div>
      </Panel>
    </SectionFrame>
  );
}
