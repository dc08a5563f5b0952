import type { TMiningPackage } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { displayAmount } from '../admin/admin-format';
import { Panel } from '../admin/Panel';
import styles from './AdminMiningSection.module.css';
import { adminMiningApi, miningKeys } from './mining.api';
import { adminHandled, useAdminWrite } from './use-admin-write';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A 'daily' package's yield per GH/s for a day, and the rates set so far. */
export function AdminDailyRatesPanel({ packages }: { packages: readonly TMiningPackage[] }) {
  const { t } = useTranslation();
  const daily = packages.filter((p) => p.yieldRule === 'daily');
  const [packageId, setPackageId] = useState('');
  const [day, setDay] = useState(todayUtc);
  const [perUnit, setPerUnit] = useState('');
  const chosen = daily.find((p) => p.id === packageId) ?? daily[0];
  const rates = useQuery({
    queryKey: miningKeys.dailyRates(chosen?.id ?? ''),
    queryFn: ({ signal }) => adminMiningApi.dailyRates(chosen!.id, signal),
    enabled: chosen !== undefined,
  });
  const save = useAdminWrite(
    () => adminMiningApi.setDailyRate(chosen!.id, { day, perUnit }, adminHandled),
    () => {
      setPerUnit('');
      Toast.show({ icon: 'success', content: t('mining.admin.saved') });
    },
  );
  return (
    <Panel title={t('mining.admin.rates.heading')} hint={t('mining.admin.rates.hint')}>
      {chosen ? (
        <>
          <FormAlert code={save.error} />
          <form
            className={styles.form}
            aria-label={t('mining.admin.rates.heading')}
            onSubmit={(e) => {
              e.preventDefault();
              save.mutation.mutate(undefined);
            }}
          >
            <label>
              {t('mining.admin.rates.package')}
              <select name="rate-package" value={chosen.id} onChange={(e) => setPackageId(e.target.value)}>
                {daily.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('mining.admin.day')}
              <input name="rate-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
            </label>
            <label>
              {t('mining.admin.rates.perUnit', { currency: chosen.minedCurrency })}
              <input
                name="rate-per-unit"
                inputMode="decimal"
                value={perUnit}
                onChange={(e) => {
                  save.clearError();
                  setPerUnit(e.target.value);
                }}
              />
            </label>
            <Button type="submit" color="primary" size="small" loading={save.mutation.isPending}>
              {t('mining.admin.rates.set')}
            </Button>
          </form>
          <ul className={styles.history} aria-label={t('mining.admin.rates.history')}>
            {(rates.data?.items ?? []).map((r) => (
              <li key={r.day}>
                {r.day}: {displayAmount(r.perUnit)} {chosen.minedCurrency}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.muted}>{t('mining.admin.rates.none')}</p>
      )}
    </Panel>
  );
}

/** A coin's network difficulty and block reward from a day on (the 'network' rule); every row is kept. */
export function AdminNetworkPanel() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: miningKeys.networkParams,
    queryFn: ({ signal }) => adminMiningApi.networkParams(signal),
  });
  const [form, setForm] = useState({
    currency: 'MCOIN',
    effectiveFrom: todayUtc(),
    difficulty: '',
    blockReward: '',
  });
  const save = useAdminWrite(
    () => adminMiningApi.setNetworkParams(form, adminHandled),
    () => setForm((f) => ({ ...f, difficulty: '', blockReward: '' })),
  );
  const field = (key: keyof typeof form, type = 'text') => (
    <label>
      {t(`mining.admin.network.${key}`)}
      <input
        name={`network-${key}`}
        type={type}
        value={form[key]}
        onChange={(e) => {
          save.clearError();
          setForm((f) => ({ ...f, [key]: e.target.value }));
        }}
      />
    </label>
  );
  return (
    <Panel title={t('mining.admin.network.heading')} hint={t('mining.admin.network.hint')}>
      <FormAlert code={save.error} />
      <form
        className={styles.form}
        aria-label={t('mining.admin.network.heading')}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutation.mutate(undefined);
        }}
      >
        {field('currency')}
        {field('effectiveFrom', 'date')}
        {field('difficulty')}
        {field('blockReward')}
        <Button type="submit" color="primary" size="small" loading={save.mutation.isPending}>
          {t('mining.admin.network.set')}
        </Button>
      </form>
      <ul className={styles.history} aria-label={t('mining.admin.network.history')}>
        {(list.data?.items ?? []).map((r) => (
          <li key={r.id}>
            {t('mining.admin.network.row', {
              currency: r.currency,
              from: r.effectiveFrom,
              difficulty: r.difficulty,
              reward: displayAmount(r.blockReward),
            })}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
