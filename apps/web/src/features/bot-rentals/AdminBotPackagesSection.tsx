import type { TAdminBotPackage } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../shared/LoadState';
import { AdminDialog } from '../admin/AdminDialog';
import { displayAmount } from '../admin/admin-format';
import { confirmAction } from '../admin/confirm-action';
import { type Column, DataTable } from '../admin/DataTable';
import { Panel } from '../admin/Panel';
import { SectionFrame } from '../admin/SectionFrame';
import styles from './AdminBotPackagesSection.module.css';
import { adminPackagesApi, rentalKeys } from './bot-rentals.api';
import { PackageForm } from './PackageForm';

/** The admin's bot packages (traderlist): what members can rent, at what price, with which limits. */
export default function AdminBotPackagesSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const packages = useQuery({
    queryKey: rentalKeys.adminPackages,
    queryFn: ({ signal }) => adminPackagesApi.list(signal),
  });
  // null: closed; 'new': a new package; else the package being changed.
  const [editing, setEditing] = useState<TAdminBotPackage | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (pkg: TAdminBotPackage) => adminPackagesApi.remove(pkg.id, []),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rentalKeys.all }),
  });

  const columns: Column<TAdminBotPackage>[] = [
    { id: 'name', header: t('rentals.admin.packages.fields.name'), render: (p) => p.name },
    {
      id: 'price',
      header: t('rentals.admin.packages.fields.price'),
      numeric: true,
      render: (p) => `${displayAmount(p.price)} ${p.currency}`,
    },
    {
      id: 'days',
      header: t('rentals.admin.packages.fields.durationDays'),
      numeric: true,
      render: (p) => p.durationDays,
    },
    {
      id: 'capital',
      header: t('rentals.admin.packages.fields.capitalLimit'),
      numeric: true,
      render: (p) => displayAmount(p.capitalLimit),
    },
    {
      id: 'topUp',
      header: t('rentals.packages.topUp'),
      render: (p) =>
        p.topUpUnit && p.topUpUnitPrice
          ? t('rentals.packages.topUpRate', {
              unit: displayAmount(p.topUpUnit),
              price: displayAmount(p.topUpUnitPrice),
              currency: p.currency,
            })
          : '—',
    },
    {
      id: 'where',
      header: t('rentals.admin.packages.fields.exchanges'),
      render: (p) =>
        `${p.exchanges.map((e) => t(`rentals.exchanges.${e}`)).join(', ')} · ${p.marketTypes
          .map((m) => t(`rentals.markets.${m}`))
          .join(', ')}`,
    },
    {
      id: 'onSale',
      header: t('rentals.admin.packages.fields.onSale'),
      render: (p) => t(p.onSale ? 'rentals.admin.packages.yes' : 'rentals.admin.packages.no'),
    },
    { id: 'sort', header: t('rentals.admin.packages.fields.sort'), numeric: true, render: (p) => p.sort },
    {
      id: 'actions',
      header: t('rentals.admin.packages.actions'),
      render: (p) => (
        <span className={styles.actions}>
          <Button size="mini" onClick={() => setEditing(p)}>
            {t('rentals.admin.packages.edit')}
          </Button>
          <Button
            size="mini"
            color="danger"
            fill="outline"
            onClick={async () => {
              if (await confirmAction(t('rentals.admin.packages.confirmDelete', { name: p.name })))
                remove.mutate(p);
            }}
          >
            {t('rentals.admin.packages.delete')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <SectionFrame title={t('admin.sections.botPackages')} intro={t('rentals.admin.packages.intro')}>
      <Panel title={t('rentals.admin.packages.list')}>
        <div className={styles.toolbar}>
          <Button color="primary" size="small" onClick={() => setEditing('new')}>
            {t('rentals.admin.packages.create')}
          </Button>
        </div>
        {packages.data ? (
          <DataTable
            caption={t('rentals.admin.packages.list')}
            columns={columns}
            rows={packages.data.items}
            rowKey={(p) => p.id}
          />
        ) : (
          <LoadState failed={packages.isError} onRetry={() => void packages.refetch()} />
        )}
      </Panel>
      <AdminDialog
        title={t(editing === 'new' ? 'rentals.admin.packages.create' : 'rentals.admin.packages.edit')}
        open={editing !== null}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <PackageForm
            pkg={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </AdminDialog>
    </SectionFrame>
  );
}
