import type { TMiningCategory } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../shared/FormAlert';
import { Panel } from '../admin/Panel';
import styles from './AdminMiningSection.module.css';
import { adminMiningApi, miningKeys } from './mining.api';
import { adminHandled, useAdminWrite } from './use-admin-write';

/** packageSubMenu: the categories packages are listed under; a new one, or an existing one renamed. */
export function AdminCategoriesPanel() {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: miningKeys.categories,
    queryFn: ({ signal }) => adminMiningApi.categories(signal),
  });
  const [editing, setEditing] = useState<TMiningCategory | null>(null);
  const [name, setName] = useState('');
  const [sort, setSort] = useState('0');
  const reset = () => {
    setEditing(null);
    setName('');
    setSort('0');
  };
  const save = useAdminWrite(() => {
    const input = { name, sort: Number(sort) || 0 };
    return editing
      ? adminMiningApi.updateCategory(editing.id, input, adminHandled)
      : adminMiningApi.createCategory(input, adminHandled);
  }, reset);
  return (
    <Panel title={t('mining.admin.categories.heading')}>
      <FormAlert code={save.error} />
      <form
        className={styles.form}
        aria-label={t('mining.admin.categories.heading')}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutation.mutate(undefined);
        }}
      >
        <label>
          {t('mining.admin.categories.name')}
          <input
            name="category-name"
            value={name}
            onChange={(e) => {
              save.clearError();
              setName(e.target.value);
            }}
          />
        </label>
        <label>
          {t('mining.admin.categories.sort')}
          <input
            name="category-sort"
            inputMode="numeric"
            value={sort}
            onChange={(e) => setSort(e.target.value)}
          />
        </label>
        <Button type="submit" color="primary" size="small" loading={save.mutation.isPending}>
          {t(editing ? 'mining.admin.save' : 'mining.admin.categories.add')}
        </Button>
        {editing ? (
          <Button size="small" onClick={reset}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </form>
      <ul className={styles.chips} aria-label={t('mining.admin.categories.heading')}>
        {(list.data?.items ?? []).map((c) => (
          <li key={c.id}>
            <Button
              size="mini"
              fill="outline"
              onClick={() => {
                save.clearError();
                setEditing(c);
                setName(c.name);
                setSort(String(c.sort));
              }}
            >
              {c.name} · {t('mining.admin.edit')}
            </Button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
