import { ZSetPrice } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { showToast } from '../../app/toast';
import { FormField } from '../../shared/FormField';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { adminApi, adminKeys, type CurrencyInfo, useCurrencies } from './admin.api';
import { displayAmount } from './admin-format';
import { amountPlaces } from './amount-rule';
import { type Column, DataTable } from './DataTable';
import { FormActions } from './FormActions';
import { Panel } from './Panel';
import { PanelForm } from './PanelForm';
import { SelectorField } from './SelectorField';
import { useValidChoice } from './use-valid-choice';

type PriceValues = z.infer<typeof ZSetPrice>;
const places: ErrorPlaces<PriceValues> = {
  CURRENCY_UNKNOWN: 'currency',
  ...Object.fromEntries(Object.keys(amountPlaces).map((code) => [code, 'usdPrice'])),
};
const fieldNames = ['currency', 'usdPrice'];

/** USD per whole coin: what balances are worth in the member's total, and what market pairs trade at. */
export function PricesPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies().data;
  const form = useForm<PriceValues>({
    resolver: zodResolver(ZSetPrice),
    defaultValues: { currency: '', usdPrice: '' },
  });
  useValidChoice(form, 'currency', currencies?.map((c) => c.code) ?? []);
  const set = useMutation({
    mutationFn: (values: PriceValues) =>
      adminApi.setPrice(values.currency, values.usdPrice, { handled: handledBy(places) }),
    onSuccess: () => {
      showToast(t('admin.prices.saved'), { icon: 'success' });
      form.resetField('usdPrice');
      for (const queryKey of [adminKeys.currencies, adminKeys.exchangePairs, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => placeServerError(error, form.setError, places, fieldNames),
  });

  const columns: Column<CurrencyInfo>[] = [
    { id: 'currency', header: t('admin.prices.currency'), render: (c) => c.code },
    { id: 'kind', header: t('admin.prices.kind'), render: (c) => t(`admin.prices.kinds.${c.kind}`) },
    { id: 'price', header: t('admin.prices.price'), numeric: true, render: (c) => displayAmount(c.usdPrice) },
  ];

  return (
    <Panel title={t('admin.prices.title')} hint={t('admin.prices.hint')}>
      {currencies ? (
        <DataTable
          caption={t('admin.prices.title')}
          columns={columns}
          rows={currencies}
          rowKey={(c) => c.code}
        />
      ) : null}
      <PanelForm
        title={t('admin.prices.setTitle')}
        onSubmit={form.handleSubmit((values) => set.mutate(values))}
      >
        <SelectorField
          control={form.control}
          name="currency"
          label={t('admin.prices.currency')}
          options={(currencies ?? []).map((c) => ({ value: c.code, label: c.code }))}
        />
        <FormField
          control={form.control}
          name="usdPrice"
          label={t('admin.prices.price')}
          placeholder={t('admin.prices.pricePlaceholder')}
          inputMode="decimal"
          autoComplete="off"
        />
        <FormActions submitText={t('admin.prices.set')} pending={set.isPending} />
      </PanelForm>
    </Panel>
  );
}
