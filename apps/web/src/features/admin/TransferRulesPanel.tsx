import { type TTransferRule, WalletNames, ZSetTransferRule } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../app/toast';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { adminApi, adminKeys, useCurrencies } from './admin.api';
import { type Column, DataTable } from './DataTable';
import { FormActions } from './FormActions';
import { Panel } from './Panel';
import { PanelForm } from './PanelForm';
import { SelectorField } from './SelectorField';
import { Toggle } from './Toggle';
import { useValidChoice } from './use-valid-choice';

const ZNewRule = ZSetTransferRule.omit({ enabled: true });
type NewRule = z.infer<typeof ZNewRule>;
const places: ErrorPlaces<NewRule> = { CURRENCY_UNKNOWN: 'currency' };
const fieldNames = ['fromWallet', 'toWallet', 'currency'];

const ruleId = (r: Pick<TTransferRule, 'fromWallet' | 'toWallet' | 'currency'>) =>
  `${r.fromWallet}>${r.toWallet}:${r.currency}`;

/** Which wallet may send which currency to another member's which wallet; no rule, no transfer. */
export function TransferRulesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: adminKeys.transferRules,
    queryFn: ({ signal }) => adminApi.transferRules(signal),
  });
  const currencies = useCurrencies().data;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.transferRules });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };

  const set = useMutation({
    mutationFn: (rule: TTransferRule) => adminApi.setTransferRule(rule, { handled: handledBy(places) }),
    onSuccess: (_, rule) => {
      showToast(t(rule.enabled ? 'admin.transfer.enabled' : 'admin.transfer.disabled'), { icon: 'success' });
      refresh();
    },
  });

  const form = useForm<NewRule>({
    resolver: zodResolver(ZNewRule),
    defaultValues: { fromWallet: 'funds', toWallet: 'funds', currency: '' },
  });
  useValidChoice(form, 'currency', currencies?.map((c) => c.code) ?? []);
  const add = useMutation({
    mutationFn: (rule: NewRule) =>
      adminApi.setTransferRule({ ...rule, enabled: true }, { handled: handledBy(places) }),
    onSuccess: () => {
      showToast(t('admin.transfer.added'), { icon: 'success' });
      refresh();
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const wallet = (w: string) => t(`admin.wallets.${w}`);
  const busyId = set.isPending && set.variables ? ruleId(set.variables) : null;
  const columns: Column<TTransferRule>[] = [
    { id: 'from', header: t('admin.transfer.from'), render: (r) => wallet(r.fromWallet) },
    { id: 'to', header: t('admin.transfer.to'), render: (r) => wallet(r.toWallet) },
    { id: 'currency', header: t('admin.transfer.currency'), render: (r) => r.currency },
    {
      id: 'enabled',
      header: t('admin.transfer.on'),
      render: (r) => (
        <Toggle
          checked={r.enabled}
          busy={busyId === ruleId(r)}
          label={t('admin.transfer.toggle', {
            from: wallet(r.fromWallet),
            to: wallet(r.toWallet),
            currency: r.currency,
          })}
          onChange={(enabled) => set.mutate({ ...r, enabled })}
        />
      ),
    },
  ];
  const walletOptions = WalletNames.map((w) => ({ value: w, label: wallet(w) }));

  return (
    <Panel title={t('admin.transfer.title')} hint={t('admin.transfer.hint')}>
      {rules.data ? (
        <DataTable
          caption={t('admin.transfer.title')}
          columns={columns}
          rows={rules.data.items}
          rowKey={ruleId}
        />
      ) : null}
      <PanelForm
        title={t('admin.transfer.addTitle')}
        onSubmit={form.handleSubmit((values) => add.mutate(values))}
      >
        <SelectorField
          control={form.control}
          name="fromWallet"
          label={t('admin.transfer.from')}
          options={walletOptions}
        />
        <SelectorField
          control={form.control}
          name="toWallet"
          label={t('admin.transfer.to')}
          options={walletOptions}
        />
        <SelectorField
          control={form.control}
          name="currency"
          label={t('admin.transfer.currency')}
          options={(currencies ?? []).map((c) => ({ value: c.code, label: c.code }))}
        />
        <FormActions submitText={t('admin.transfer.add')} pending={add.isPending} />
      </PanelForm>
    </Panel>
  );
}
