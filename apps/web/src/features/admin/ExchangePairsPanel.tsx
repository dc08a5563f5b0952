import type { TExchangePair } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Tag from 'antd-mobile/es/components/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { AdminDialog } from './AdminDialog';
import { adminApi, adminKeys } from './admin.api';
import { displayAmount } from './admin-format';
import { type Column, DataTable } from './DataTable';
import { bpsAsPercent, ExchangePairForm } from './ExchangePairForm';
import { Panel } from './Panel';
import { Toggle } from './Toggle';

const pairName = (p: TExchangePair) => `${p.fromCurrency} → ${p.toCurrency}`;

/** Every exchange pair: switched on or off in its row, its rate and fee edited in a dialog. */
export function ExchangePairsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pairs = useQuery({
    queryKey: adminKeys.exchangePairs,
    queryFn: ({ signal }) => adminApi.exchangePairs(signal),
  });
  const [editing, setEditing] = useState<TExchangePair | null>(null);
  const [open, setOpen] = useState(false);

  const toggle = useMutation({
    mutationFn: ({ pair, enabled }: { pair: TExchangePair; enabled: boolean }) =>
      adminApi.updateExchangePair(pair.id, { enabled }),
    onSuccess: (_, { enabled }) => {
      showToast(t(enabled ? 'admin.pairs.enabled' : 'admin.pairs.disabled'), { icon: 'success' });
      void queryClient.invalidateQueries({ queryKey: adminKeys.exchangePairs });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
    },
  });

  const wallet = (w: string) => t(`admin.wallets.${w}`);
  const columns: Column<TExchangePair>[] = [
    { id: 'pair', header: t('admin.pairs.pair'), render: (p) => <strong>{pairName(p)}</strong> },
    {
      id: 'wallets',
      header: t('admin.pairs.walletsHeader'),
      render: (p) => t('admin.pairs.wallets', { from: wallet(p.fromWallet), to: wallet(p.toWallet) }),
    },
    {
      id: 'pricing',
      header: t('admin.pairs.pricing'),
      render: (p) => (
        <Tag color={p.pricing === 'fixed' ? 'primary' : 'default'} fill="outline">
          {t(`admin.pairs.${p.pricing}`)}
        </Tag>
      ),
    },
    { id: 'rate', header: t('admin.pairs.rate'), numeric: true, render: (p) => p.rate },
    {
      id: 'fee',
      header: t('admin.pairs.feeHeader'),
      numeric: true,
      render: (p) => t('admin.pairs.feeValue', { bps: p.feeBps, percent: bpsAsPercent(p.feeBps) }),
    },
    {
      id: 'minimum',
      header: t('admin.pairs.minimum'),
      numeric: true,
      render: (p) => `${displayAmount(p.minAmount)} ${p.fromCurrency}`,
    },
    {
      id: 'enabled',
      header: t('admin.pairs.on'),
      render: (p) => (
        <Toggle
          checked={p.enabled}
          busy={toggle.isPending && toggle.variables?.pair.id === p.id}
          label={t('admin.pairs.toggle', { pair: pairName(p) })}
          onChange={(enabled) => toggle.mutate({ pair: p, enabled })}
        />
      ),
    },
    {
      id: 'edit',
      header: t('admin.pairs.actions'),
      render: (p) => (
        <Button
          size="mini"
          fill="outline"
          color="primary"
          onClick={() => {
            setEditing(p);
            setOpen(true);
          }}
        >
          {t('admin.pairs.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Panel title={t('admin.pairs.title')} hint={t('admin.pairs.hint')}>
      {pairs.data ? (
        <DataTable
          caption={t('admin.pairs.title')}
          columns={columns}
          rows={pairs.data.items}
          rowKey={(p) => p.id}
        />
      ) : null}
      <AdminDialog
        open={open}
        onClose={() => setOpen(false)}
        title={editing ? t('admin.pairs.editTitle', { pair: pairName(editing) }) : ''}
      >
        {editing ? <ExchangePairForm key={editing.id} pair={editing} onClose={() => setOpen(false)} /> : null}
      </AdminDialog>
    </Panel>
  );
}
