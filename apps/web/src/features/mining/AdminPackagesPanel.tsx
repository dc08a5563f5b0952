import {
  Languages,
  localizedFormValue,
  MiningDescriptionMax,
  type TAdminMiningPackage,
  type TLanguage,
  type TMiningPackageInput,
  type TYieldRule,
  YieldRules,
} from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { LoadState } from '../../shared/LoadState';
import { ImageUploadField } from '../../shared/uploads';
import { displayAmount } from '../admin/admin-format';
import { LanguageTabs } from '../admin/content/LanguageTabs';
import { type Column, DataTable } from '../admin/DataTable';
import { Panel } from '../admin/Panel';
import styles from './AdminMiningSection.module.css';
import { adminMiningApi, miningKeys } from './mining.api';
import { adminHandled, useAdminWrite } from './use-admin-write';

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
type TextField = keyof typeof emptyForm;
interface Form {
  text: typeof emptyForm;
  /** Per language: the name (English is `text.name`) and the description; empty ones are left out. */
  names: Record<TLanguage, string>;
  descriptions: Record<TLanguage, string>;
  yieldRule: TYieldRule;
  categoryId: string;
  pictureUploadId: string | undefined;
  onSale: boolean;
  sort: number;
}
const newForm: Form = {
  text: emptyForm,
  names: localizedFormValue(null),
  descriptions: localizedFormValue(null),
  yieldRule: 'fixed',
  categoryId: '',
  pictureUploadId: undefined,
  onSale: true,
  sort: 0,
};

const inputOf = (f: Form): TMiningPackageInput => ({
  categoryId: f.categoryId === '' ? null : f.categoryId,
  name: f.text.name,
  nameTranslations: Object.fromEntries(
    Languages.filter((l) => l !== 'en-US' && f.names[l].trim()).map((l) => [l, f.names[l].trim()]),
  ),
  description: {
    ...Object.fromEntries(
      Languages.filter((l) => f.descriptions[l].trim()).map((l) => [l, f.descriptions[l].trim()]),
    ),
    'en-US': f.descriptions['en-US'].trim(),
  },
  price: f.text.price,
  currency: f.text.currency,
  hashRateGhs: Number(f.text.hashRateGhs),
  durationDays: Number(f.text.durationDays),
  minedCurrency: f.text.minedCurrency,
  yieldRule: f.yieldRule,
  // Only a fixed rule carries its amount; the other two are priced per day.
  yieldPerUnit: f.yieldRule === 'fixed' ? f.text.yieldPerUnit : null,
  perMemberLimit: f.text.perMemberLimit.trim() === '' ? null : Number(f.text.perMemberLimit),
  onSale: f.onSale,
  sort: f.sort,
  pictureUploadId: f.pictureUploadId ?? null,
});

const formOf = (p: TAdminMiningPackage): Form => ({
  names: localizedFormValue({ 'en-US': p.name, ...p.nameTranslations }),
  descriptions: localizedFormValue(p.descriptions),
  text: {
    name: p.name,
    price: p.price,
    currency: p.currency,
    hashRateGhs: p.hashRateGhs,
    durationDays: String(p.durationDays),
    minedCurrency: p.minedCurrency,
    yieldPerUnit: p.yieldPerUnit ?? '',
    perMemberLimit: p.perMemberLimit === null ? '' : String(p.perMemberLimit),
  },
  yieldRule: p.yieldRule,
  categoryId: p.categoryId ?? '',
  pictureUploadId: p.pictureUploadId ?? undefined,
  onSale: p.onSale,
  sort: p.sort,
});

/** The admin's mining packages: a new one or one being edited (with its picture), and the list. */
export function AdminPackagesPanel({ packages }: { packages: ReturnType<typeof useAdminPackages> }) {
  const { t } = useTranslation();
  const categories = useQuery({
    queryKey: miningKeys.categories,
    queryFn: ({ signal }) => adminMiningApi.categories(signal),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [form, setForm] = useState<Form>(newForm);
  const reset = () => {
    setEditing(null);
    setForm(newForm);
  };
  const save = useAdminWrite(
    (f: Form) =>
      editing
        ? adminMiningApi.update(editing, inputOf(f), adminHandled)
        : adminMiningApi.create(inputOf(f), adminHandled),
    reset,
  );
  const toggle = useAdminWrite((p: TAdminMiningPackage) =>
    adminMiningApi.update(p.id, inputOf({ ...formOf(p), onSale: !p.onSale }), adminHandled),
  );
  const change = (patch: Partial<Form>) => {
    save.clearError();
    setForm((f) => ({ ...f, ...patch }));
  };
  const field = (key: TextField) => (
    <label>
      {t(`mining.admin.fields.${key}`)}
      <input
        name={key}
        value={form.text[key]}
        onChange={(e) => change({ text: { ...form.text, [key]: e.target.value } })}
      />
    </label>
  );
  const columns: Column<TAdminMiningPackage>[] = [
    { id: 'name', header: t('mining.admin.fields.name'), render: (p) => p.name },
    {
      id: 'price',
      header: t('mining.admin.fields.price'),
      numeric: true,
      render: (p) => `${displayAmount(p.price)} ${p.currency}`,
    },
    { id: 'hash', header: t('mining.admin.fields.hashRateGhs'), numeric: true, render: (p) => p.hashRateGhs },
    {
      id: 'yield',
      header: t('mining.admin.fields.yieldRule'),
      render: (p) =>
        p.yieldPerUnit === null
          ? t(`mining.admin.rules.${p.yieldRule}`)
          : `${displayAmount(p.yieldPerUnit)} ${p.minedCurrency}`,
    },
    {
      id: 'actions',
      header: t('mining.admin.onSale'),
      render: (p) => (
        <span className={styles.row}>
          <Button size="mini" onClick={() => toggle.mutation.mutate(p)}>
            {t(p.onSale ? 'mining.admin.takeOff' : 'mining.admin.putOn')}
          </Button>
          <Button
            size="mini"
            fill="outline"
            onClick={() => {
              save.clearError();
              setEditing(p.id);
              setForm(formOf(p));
            }}
          >
            {t('mining.admin.edit')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <>
      <Panel title={t(editing ? 'mining.admin.editing' : 'mining.admin.create')}>
        <FormAlert code={save.error ?? toggle.error} />
        <form
          className={styles.form}
          aria-label={t(editing ? 'mining.admin.editing' : 'mining.admin.create')}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutation.mutate(form);
          }}
        >
          <div className={styles.wide}>
            <ImageUploadField
              purpose="mining_package"
              label={t('mining.admin.fields.picture')}
              {...(form.pictureUploadId ? { value: form.pictureUploadId } : {})}
              onChange={(pictureUploadId) => change({ pictureUploadId })}
            />
          </div>
          {field('name')}
          <label>
            {t('mining.admin.fields.category')}
            <select
              name="categoryId"
              value={form.categoryId}
              onChange={(e) => change({ categoryId: e.target.value })}
            >
              <option value="">{t('mining.admin.noCategory')}</option>
              {(categories.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {field('price')}
          {field('currency')}
          {field('hashRateGhs')}
          {field('durationDays')}
          {field('minedCurrency')}
          <label>
            {t('mining.admin.fields.yieldRule')}
            <select
              name="yieldRule"
              value={form.yieldRule}
              onChange={(e) => change({ yieldRule: e.target.value as TYieldRule })}
            >
              {YieldRules.map((rule) => (
                <option key={rule} value={rule}>
                  {t(`mining.admin.rules.${rule}`)}
                </option>
              ))}
            </select>
          </label>
          {form.yieldRule === 'fixed' ? field('yieldPerUnit') : null}
          {field('perMemberLimit')}
          <div className={styles.wide}>
            <LanguageTabs invalid={[]} submitCount={0}>
              {(lang) => (
                <>
                  {lang === 'en-US' ? null : (
                    <label>
                      {t('mining.admin.fields.name')}
                      <input
                        name={`name-${lang}`}
                        maxLength={60}
                        value={form.names[lang]}
                        onChange={(e) => change({ names: { ...form.names, [lang]: e.target.value } })}
                      />
                    </label>
                  )}
                  <label>
                    {t('mining.admin.fields.description')}
                    <textarea
                      name={`description-${lang}`}
                      rows={3}
                      maxLength={MiningDescriptionMax}
                      value={form.descriptions[lang]}
                      onChange={(e) =>
                        change({ descriptions: { ...form.descriptions, [lang]: e.target.value } })
                      }
                    />
                  </label>
                </>
              )}
            </LanguageTabs>
          </div>
          <Button type="submit" color="primary" size="small" loading={save.mutation.isPending}>
            {t(editing ? 'mining.admin.save' : 'mining.admin.create')}
          </Button>
          {editing ? (
            <Button size="small" onClick={reset}>
              {t('common.cancel')}
            </Button>
          ) : null}
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
    </>
  );
}

/** Every package, on sale or not: the list, the edit form and the daily rates panel share it. */
export function useAdminPackages() {
  return useQuery({
    queryKey: miningKeys.adminPackages,
    queryFn: ({ signal }) => adminMiningApi.packages(signal),
  });
}
