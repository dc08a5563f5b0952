import type { TNetwork, TWallet, TWithdrawal, TWithdrawalOption, TWithdrawRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { showToast } from '../../app/toast';
import { checkAmount, minorOf, minorText, percentText, withdrawalPreview } from '../../shared/amounts';
import { ChoiceField } from '../../shared/ChoiceChips';
import styles from '../../shared/FormPage.module.css';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { AddressLine } from './AddressLine';
import { AmountField } from './AmountField';
import { useConfirmFlow } from './use-confirm-flow';
import { WithdrawSummary } from './WithdrawSummary';
import { confirmHandled, walletApi, walletKeys } from './wallet.api';
import { availableIn, useWalletOverview, useWithdrawAddresses, useWithdrawOptions } from './wallet.queries';

const ZWithdrawForm = z.object({
  currency: z.string().min(1, { message: 'REQUIRED' }),
  wallet: z.string().min(1, { message: 'REQUIRED' }),
  network: z.string().min(1, { message: 'REQUIRED' }),
  amount: z.string().trim().min(1, { message: 'REQUIRED' }),
});
type TWithdrawForm = z.infer<typeof ZWithdrawForm>;

interface PendingWithdrawal {
  option: TWithdrawalOption;
  wallet: TWallet;
  network: TNetwork;
  address: string;
  amount: string;
  /** Minor units, as text (the popup's rows; bigint does not go through JSON). */
  fee: string;
  arrives: string;
}

/** Keeps a choice among the allowed ones: the current one if allowed, else the first. */
function useAllowed(
  form: UseFormReturn<TWithdrawForm>,
  name: 'wallet' | 'network',
  allowed: readonly string[],
) {
  const current = form.watch(name);
  const first = allowed[0] ?? '';
  const ok = allowed.includes(current);
  useEffect(() => {
    if (!ok) form.setValue(name, first);
  }, [ok, first, name, form]);
}

/**
 * menuWithdraw's form: coin, wallet, network and amount; the minimum, the fee (rounded up, as the server
 * rounds it) and what arrives; the bound address or the way to bind one; then the receipt popup.
 */
export function WithdrawForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const options = useWithdrawOptions();
  const addresses = useWithdrawAddresses();
  const overview = useWalletOverview();
  const form = useForm<TWithdrawForm>({
    resolver: zodResolver(ZWithdrawForm),
    defaultValues: { currency: '', wallet: '', network: '', amount: '' },
  });
  const values = form.watch();
  // In the wallet's order (stable coins first), not the server's alphabetical one.
  const order = overview.data?.currencies.map((c) => c.currency) ?? [];
  const rank = (currency: string) => (order.includes(currency) ? order.indexOf(currency) : order.length);
  const items = [...(options.data?.items ?? [])].sort((a, b) => rank(a.currency) - rank(b.currency));
  const option = items.find((o) => o.currency === values.currency);

  const wanted = params.get('currency')?.toUpperCase();
  const firstCoin = overview.data
    ? (items.find((o) => o.currency === wanted) ?? items[0])?.currency
    : undefined;
  useEffect(() => {
    if (!values.currency && firstCoin) form.setValue('currency', firstCoin);
  }, [values.currency, firstCoin, form]);
  useAllowed(form, 'wallet', option?.wallets ?? []);
  useAllowed(form, 'network', option?.networks ?? []);

  const address = addresses.data?.items.find((a) => a.network === values.network)?.address;
  const available = availableIn(overview.data, values.currency, values.wallet as TWallet);

  const flow = useConfirmFlow<PendingWithdrawal, TWithdrawRequest, TWithdrawal>({
    body: (p, password) => ({
      currency: p.option.currency,
      wallet: p.wallet,
      network: p.network,
      amount: p.amount,
      password,
    }),
    send: (body, key) => walletApi.withdraw(body, key, confirmHandled),
    onDone: () => {
      showToast(t('wallet.withdraw.done'), { icon: 'success' });
      form.reset({ ...form.getValues(), amount: '' });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  const submit = form.handleSubmit((v) => {
    if (!option || !address) return;
    const minimum = minorOf(option.minAmount, option.decimals);
    const amount = checkAmount(v.amount, option.decimals, {
      ...(minimum !== null ? { minimum: { value: minimum, code: 'WITHDRAWAL_BELOW_MINIMUM' } } : {}),
      available,
    });
    const preview = withdrawalPreview(v.amount, option);
    if (!amount.ok || !preview) {
      form.setError('amount', { message: amount.ok ? 'AMOUNT_INVALID' : amount.code });
      return;
    }
    flow.open({
      option,
      wallet: v.wallet as TWallet,
      network: v.network as TNetwork,
      address,
      amount: v.amount.trim(),
      fee: preview.fee.toString(),
      arrives: preview.arrives.toString(),
    });
  });

  if (!options.data || !addresses.data || !overview.data) {
    return (
      <LoadState
        failed={options.isError || addresses.isError || overview.isError}
        onRetry={() => {
          void options.refetch();
          void addresses.refetch();
          void overview.refetch();
        }}
      />
    );
  }
  if (items.length === 0) return <Notice>{t('wallet.withdraw.closed')}</Notice>;

  const p = flow.pending;
  const inCoin = (minor: string) =>
    p ? `${minorText(BigInt(minor), p.option.decimals)} ${p.option.currency}` : '';
  const rows: ReceiptRow[] = p
    ? [
        { id: 'currency', label: t('wallet.currency'), value: p.option.currency },
        { id: 'wallet', label: t('wallet.withdraw.wallet'), value: t(`wallet.wallets.${p.wallet}`) },
        { id: 'network', label: t('wallet.withdraw.network'), value: p.network },
        { id: 'address', label: t('wallet.withdraw.address'), value: p.address },
        {
          id: 'amount',
          label: t('wallet.amount'),
          value: `${minorText(minorOf(p.amount, p.option.decimals) ?? 0n, p.option.decimals)} ${p.option.currency}`,
        },
        {
          id: 'fee',
          label: t('wallet.withdraw.fee', { percent: percentText(p.option.feeBps) }),
          value: inCoin(p.fee),
        },
        { id: 'arrives', label: t('wallet.withdraw.arrives'), value: inCoin(p.arrives), strong: true },
      ]
    : [];

  return (
    <>
      <form className={styles.card} noValidate onSubmit={submit} aria-label={t('wallet.withdraw.title')}>
        <ChoiceField
          control={form.control}
          name="currency"
          label={t('wallet.currency')}
          options={items.map((o) => ({ value: o.currency, label: o.currency }))}
        />
        {option ? (
          <>
            <ChoiceField
              control={form.control}
              name="wallet"
              label={t('wallet.withdraw.wallet')}
              options={option.wallets.map((w) => ({ value: w, label: t(`wallet.wallets.${w}`) }))}
            />
            <ChoiceField
              control={form.control}
              name="network"
              label={t('wallet.withdraw.network')}
              options={option.networks.map((n) => ({ value: n, label: n }))}
            />
            <AmountField
              control={form.control}
              name="amount"
              currency={option.currency}
              decimals={option.decimals}
              available={available}
              onAll={(all) => form.setValue('amount', all, { shouldValidate: true })}
            />
            <WithdrawSummary option={option} amount={values.amount} />
            {values.network ? <AddressLine network={values.network as TNetwork} address={address} /> : null}
          </>
        ) : null}
        {options.data.note ? <Notice>{options.data.note}</Notice> : null}
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" disabled={!option || !address}>
            {t('wallet.withdraw.submit')}
          </Button>
        </div>
      </form>
      <ReceiptPopup title={t('wallet.withdraw.confirmTitle')} rows={rows} {...flow.popup} />
    </>
  );
}
