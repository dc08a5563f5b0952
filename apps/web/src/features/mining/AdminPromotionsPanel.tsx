import type { TMiningPromotion } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../shared/error-code';
import { FormAlert } from '../../shared/FormAlert';
import { dateTimeText } from '../../shared/format';
import { type Column, DataTable } from '../admin/DataTable';
import { Panel } from '../admin/Panel';
import styles from './AdminMiningSection.module.css';
import { adminMiningApi, miningKeys } from './mining.api';
import { adminHandled } from './use-admin-write';

const handled = adminHandled;
const DAY_MS = 86_400_000;

/** Member/Promo: the admin's promotions, each shown to members from its start to its end. */
export function AdminPromotionsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: miningKeys.adminPromotions,
    queryFn: ({ signal }) => adminMiningApi.promotions(signal),
  });
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: miningKeys.all });
  const create = useMutation({
    mutationFn: () => {
      const now = Date.now();
      return adminMiningApi.createPromotion(
        {
          title,
          body,
          packageId: null,
          startsAt: new Date(now).toISOString(),
          endsAt: new Date(now + Math.max(0, Number(days) || 0) * DAY_MS).toISOString(),
        },
        handled,
      );
    },
    onSuccess: () => {
      setTitle('');
      setBody('');
      refresh();
    },
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  const remove = useMutation({
    mutationFn: (p: TMiningPromotion) => adminMiningApi.removePromotion(p.id, handled),
    onSuccess: refresh,
    onError: (failure) => setError(errorCodeOf(failure)),
  });
  const columns: Column<TMiningPromotion>[] = [
    { id: 'title', header: t('mining.admin.promo.title'), render: (p) => p.title },
    { id: 'body', header: t('mining.admin.promo.body'), render: (p) => p.body },
    { id: 'ends', header: t('mining.admin.promo.ends'), render: (p) => dateTimeText(p.endsAt) },
    {
      id: 'remove',
      header: t('mining.admin.promo.remove'),
      render: (p) => (
        <Button size="mini" color="danger" fill="outline" onClick={() => remove.mutate(p)}>
          {t('mining.admin.promo.remove')}
        </Button>
      ),
    },
  ];
  const change = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    setError(undefined);
    set(e.target.value);
  };
  return (
    <Panel title={t('mining.admin.promo.heading')}>
      <FormAlert code={error} />
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <label>
          {t('mining.admin.promo.title')}
          <input name="promo-title" value={title} onChange={change(setTitle)} />
        </label>
        <label>
          {t('mining.admin.promo.body')}
          <input name="promo-body" value={body} onChange={change(setBody)} />
        </label>
        <label>
          {t('mining.admin.promo.days')}
          <input name="promo-days" inputMode="numeric" value={days} onChange={change(setDays)} />
        </label>
        <Button type="submit" color="primary" size="small" loading={create.isPending}>
          {t('mining.admin.promo.add')}
        </Button>
      </form>
      {list.data ? (
        <DataTable
          caption={t('mining.admin.promo.heading')}
          columns={columns}
          rows={list.data.items}
          rowKey={(p) => p.id}
        />
      ) : null}
    </Panel>
  );
}
