import type {
  TAirdropRequest,
  TCurrencyBalances,
  TReceipt,
  TRecipient,
  TTransferRequest,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMe } from '../../app/use-me';
import { amountText, answerAmount, checkAmount } from '../../shared/amounts';
import { ChoiceField } from '../../shared/ChoiceChips';
import { errorCodeOf } from '../../shared/error-code';
import { FormField } from '../../shared/FormField';
import styles from '../../shared/FormPage.module.css';
import { dateTimeText } from '../../shared/format';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { AmountField } from './AmountField';
import { ResultCard } from './ResultCard';
import {
  AIRDROP_ROUTE,
  coinsFor,
  type Route,
  routeOf,
  routesFor,
  routeValue,
  type TransferMode,
  type TTransferForm,
  ZTransferForm,
} from './transfer.form';
import { useConfirmFlow } from './use-confirm-flow';
import { useRecipientCheck } from './use-recipient';
import { confirmHandled, walletApi, walletKeys } from './wallet.api';
import { availableIn, useTransferRules, useWalletOverview } from './wallet.queries';

/** What the receipt popup confirms: the form's values, checked, with who they go to. */
interface PendingTransfer {
  coin: Pick<TCurrencyBalances, 'currency' | 'decimals'>;
  route: Route;
  recipient: TRecipient;
  amount: string;
  memo: string;
}

function TransferDone({
  mode,
  receipt,
  pending,
  onAgain,
}: {
  mode: TransferMode;
  receipt: TReceipt;
  pending: PendingTransfer;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const rows: ReceiptRow[] = [
    {
      id: 'to',
      label: t('wallet.transfer.to'),
      value: `${pending.recipient.maskedName} (${pending.recipient.username})`,
    },
    { id: 'amount', label: t('wallet.amount'), value: `${answerAmount(receipt.amount)} ${receipt.currency}` },
    {
      id: 'balance',
      label: t('wallet.transfer.balanceAfter', { wallet: t(`wallet.wallets.${pending.route.from}`) }),
      value: `${answerAmount(receipt.balanceAfter)} ${receipt.currency}`,
      strong: true,
    },
    { id: 'time', label: t('wallet.time'), value: dateTimeText(receipt.createdAt) },
    { id: 'reference', label: t('wallet.reference'), value: receipt.id },
  ];
  return (
    <ResultCard
      title={t(`wallet.${mode}.done`)}
      rows={rows}
      againText={t(`wallet.${mode}.again`)}
      onAgain={onAgain}
    />
  );
}

/**
 * Transfer (stable coins and coins, between the wallets the admin's rules allow) or airdrop (promotional
 * coins, Funds to Funds) to another member: recipient checked by name, amount checked against the
 * balance, then the receipt popup with the transaction password.
 */
export function TransferForm({ mode }: { mode: TransferMode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { user } = useMe();
  const overview = useWalletOverview();
  const rules = useTransferRules();
  const [done, setDone] = useState<{ receipt: TReceipt; pending: PendingTransfer } | null>(null);

  const form = useForm<TTransferForm>({
    resolver: zodResolver(ZTransferForm),
    defaultValues: {
      to: '',
      currency: '',
      route: mode === 'airdrop' ? routeValue(AIRDROP_ROUTE) : '',
      amount: '',
      memo: '',
    },
  });
  const values = form.watch();
  const recipient = useRecipientCheck(values.to);

  const coins = coinsFor(mode, overview.data?.currencies ?? [], rules.data?.items ?? []);
  const coin = coins.find((c) => c.currency === values.currency);
  const routes = mode === 'airdrop' ? [AIRDROP_ROUTE] : routesFor(rules.data?.items ?? [], values.currency);
  const route = routeOf(values.route);

  // The coin a link asked for (or the first one), then the first wallet pair the rules allow for it.
  const wanted = params.get('currency')?.toUpperCase();
  const firstCoin = (coins.find((c) => c.currency === wanted) ?? coins[0])?.currency;
  useEffect(() => {
    if (!values.currency && firstCoin) form.setValue('currency', firstCoin);
  }, [values.currency, firstCoin, form]);
  const firstRoute = routes[0] ? routeValue(routes[0]) : '';
  const routeAllowed = routes.some((r) => routeValue(r) === values.route);
  useEffect(() => {
    if (!routeAllowed) form.setValue('route', firstRoute);
  }, [routeAllowed, firstRoute, form]);

  const flow = useConfirmFlow<PendingTransfer, TTransferRequest | TAirdropRequest, TReceipt>({
    body: (p, password) =>
      mode === 'airdrop'
        ? { to: p.recipient.username, currency: p.coin.currency, amount: p.amount, password }
        : {
            to: p.recipient.username,
            currency: p.coin.currency,
            fromWallet: p.route.from,
            toWallet: p.route.to,
            amount: p.amount,
            memo: p.memo,
            password,
          },
    send: (body, key) =>
      mode === 'airdrop'
        ? walletApi.airdrop(body as TAirdropRequest, key, confirmHandled)
        : walletApi.transfer(body as TTransferRequest, key, confirmHandled),
    onDone: (receipt, pending) => {
      // The result card that replaces the form says it was done; a toast on top would hide its buttons.
      setDone({ receipt, pending });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });

  const next = form.handleSubmit(async (v) => {
    const chosen = routeOf(v.route);
    if (!coin || !chosen) return;
    const available = availableIn(overview.data, coin.currency, chosen.from);
    const amount = checkAmount(v.amount, coin.decimals, { available });
    if (!amount.ok) {
      form.setError('amount', { message: amount.code });
      return;
    }
    let who: TRecipient;
    try {
      who = await recipient.ensure(v.to);
    } catch (error) {
      form.setError('to', { message: errorCodeOf(error) });
      return;
    }
    flow.open({ coin, route: chosen, recipient: who, amount: v.amount.trim(), memo: v.memo });
  });

  if (done) {
    return (
      <TransferDone
        mode={mode}
        receipt={done.receipt}
        pending={done.pending}
        onAgain={() => {
          setDone(null);
          form.reset({ ...form.getValues(), to: '', amount: '', memo: '' });
        }}
      />
    );
  }
  if (!overview.data || !rules.data) {
    return (
      <LoadState
        failed={overview.isError || rules.isError}
        onRetry={() => {
          void overview.refetch();
          void rules.refetch();
        }}
      />
    );
  }
  if (coins.length === 0) return <Notice>{t(`wallet.${mode}.noCurrencies`)}</Notice>;

  const wallet = (name: string) => t(`wallet.wallets.${name}`);
  const p = flow.pending;
  const rows: ReceiptRow[] = p
    ? [
        { id: 'from', label: t('wallet.transfer.from'), value: user?.username ?? '' },
        {
          id: 'to',
          label: t('wallet.transfer.to'),
          value: `${p.recipient.maskedName} (${p.recipient.username})`,
        },
        { id: 'currency', label: t('wallet.currency'), value: p.coin.currency },
        {
          id: 'wallets',
          label: t('wallet.transfer.wallets'),
          value: t('wallet.transfer.routeOption', { from: wallet(p.route.from), to: wallet(p.route.to) }),
        },
        ...(p.memo ? [{ id: 'memo', label: t('wallet.transfer.memoRow'), value: p.memo }] : []),
        {
          id: 'amount',
          label: t('wallet.amount'),
          value: `${amountText(p.amount, p.coin.decimals)} ${p.coin.currency}`,
          strong: true,
        },
      ]
    : [];

  return (
    <>
      <form className={styles.card} noValidate onSubmit={next} aria-label={t(`wallet.${mode}.title`)}>
        {mode === 'airdrop' ? <p className={styles.hint}>{t('wallet.airdrop.hint')}</p> : null}
        <FormField
          control={form.control}
          name="to"
          label={t('wallet.transfer.recipient')}
          placeholder={t('wallet.transfer.recipientPlaceholder')}
          autoComplete="off"
          maxLength={64}
          status={recipient.status}
          onBlur={() => recipient.check(form.getValues('to'))}
          after={
            <Button size="mini" color="primary" fill="outline" onClick={() => recipient.check(values.to)}>
              {t('wallet.transfer.check')}
            </Button>
          }
        />
        <ChoiceField
          control={form.control}
          name="currency"
          label={t('wallet.currency')}
          options={coins.map((c) => ({ value: c.currency, label: c.currency }))}
        />
        {mode === 'transfer' ? (
          routes.length > 0 ? (
            <ChoiceField
              control={form.control}
              name="route"
              label={t('wallet.transfer.wallets')}
              options={routes.map((r) => ({
                value: routeValue(r),
                label: t('wallet.transfer.routeOption', { from: wallet(r.from), to: wallet(r.to) }),
              }))}
            />
          ) : (
            <Notice tone="warning">{t('wallet.transfer.noRoute', { currency: values.currency })}</Notice>
          )
        ) : null}
        {coin ? (
          <AmountField
            control={form.control}
            name="amount"
            currency={coin.currency}
            decimals={coin.decimals}
            available={route ? availableIn(overview.data, coin.currency, route.from) : undefined}
            onAll={(all) => form.setValue('amount', all, { shouldValidate: true })}
          />
        ) : null}
        {mode === 'transfer' ? (
          <FormField
            control={form.control}
            name="memo"
            label={t('wallet.transfer.memo')}
            placeholder={t('wallet.transfer.memoPlaceholder')}
            autoComplete="off"
            maxLength={140}
          />
        ) : null}
        <div className={styles.actions}>
          <Button block type="submit" color="primary" size="large" disabled={!route}>
            {t('wallet.next')}
          </Button>
        </div>
      </form>
      <ReceiptPopup title={t(`wallet.${mode}.confirmTitle`)} rows={rows} {...flow.popup} />
    </>
  );
}
