import type { TExchangePair, TExchangeQuote, TExchangeReceipt, TExchangeRequest } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { amountText, answerAmount, checkAmount, minorOf, percentText, rateText } from '../../shared/amounts';
import { ChoiceField } from '../../shared/ChoiceChips';
import { FormAlert } from '../../shared/FormAlert';
import styles from '../../shared/FormPage.module.css';
import { dateTimeText } from '../../shared/format';
import { LoadState } from '../../shared/LoadState';
import { Notice } from '../../shared/Notice';
import { ReceiptPopup } from '../../shared/ReceiptPopup';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { type ErrorPlaces, handledBy, placeServerError } from '../../shared/server-errors';
import { AmountField } from './AmountField';
import { ResultCard } from './ResultCard';
import { useConfirmFlow } from './use-confirm-flow';
import { confirmHandled, walletApi, walletKeys } from './wallet.api';
import { availableIn, currencyOf, useExchangePairs, useWalletOverview } from './wallet.queries';

const ZExchangeForm = z.object({
  pairId: z.string().min(1, { message: 'REQUIRED' }),
  amount: z.string().trim().min(1, { message: 'REQUIRED' }),
});
type TExchangeForm = z.infer<typeof ZExchangeForm>;

const quotePlaces: ErrorPlaces<TExchangeForm> = {
  AMOUNT_INVALID: 'amount',
  AMOUNT_TOO_PRECISE: 'amount',
  AMOUNT_NOT_POSITIVE: 'amount',
  AMOUNT_TOO_LARGE: 'amount',
  EXCHANGE_BELOW_MINIMUM: 'amount',
  EXCHANGE_PAIR_NOT_FOUND: 'root',
};
const quoteHandled = handledBy(quotePlaces);

interface PendingExchange {
  pair: TExchangePair;
  quote: TExchangeQuote;
}

/** "1 USDT = 0.25 USDC" */
function useRateLine() {
  const { t } = useTranslation();
  return (from: string, rate: string, to: string) =>
    t('wallet.exchange.rateLine', { from, rate: rateText(rate), to });
}

/**
 * Exchange: a pair (coin and wallet to coin and wallet) at its rate and fee, an amount, a quote from the
 * server in the receipt popup, then the exchange at exactly that quote. A moved rate brings a new quote.
 */
export function ExchangeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const rateLine = useRateLine();
  const overview = useWalletOverview();
  const pairs = useExchangePairs();
  const [notice, setNotice] = useState<string | null>(null);
  const [done, setDone] = useState<TExchangeReceipt | null>(null);
  const form = useForm<TExchangeForm>({
    resolver: zodResolver(ZExchangeForm),
    defaultValues: { pairId: '', amount: '' },
  });
  const values = form.watch();
  const list = pairs.data?.items.filter((p) => p.enabled) ?? [];
  const pair = list.find((p) => p.id === values.pairId);
  const from = currencyOf(overview.data, pair?.fromCurrency);

  const wanted = params.get('currency')?.toUpperCase();
  const firstPair = (list.find((p) => p.fromCurrency === wanted) ?? list[0])?.id;
  useEffect(() => {
    if (!values.pairId && firstPair) form.setValue('pairId', firstPair);
  }, [values.pairId, firstPair, form]);

  const flow = useConfirmFlow<PendingExchange, TExchangeRequest, TExchangeReceipt>({
    body: ({ quote }, password) => ({
      pairId: quote.pairId,
      amount: quote.amount,
      quoteToken: quote.quoteToken,
      password,
    }),
    send: (body, key) => walletApi.exchange(body, key, confirmHandled),
    onDone: (receipt) => {
      // The result card that replaces the form says it was done; a toast on top would hide its buttons.
      setDone(receipt);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onRefused: (code, pending) => {
      if (code !== 'EXCHANGE_RATE_CHANGED') return;
      // The rate or fee moved since the quote: ask again, and let the member confirm the new figures.
      void walletApi
        .quote({ pairId: pending.pair.id, amount: pending.quote.amount }, confirmHandled)
        .then((quote) => {
          flow.replace({ ...pending, quote });
          setNotice(t('wallet.exchange.rateChanged'));
        })
        .catch(() => {});
      void queryClient.invalidateQueries({ queryKey: walletKeys.exchangePairs });
    },
  });

  const preview = useMutation({
    mutationFn: (v: TExchangeForm) =>
      walletApi.quote({ pairId: v.pairId, amount: v.amount.trim() }, quoteHandled),
    onSuccess: (quote) => {
      if (!pair) return;
      setNotice(null);
      flow.open({ pair, quote });
    },
    onError: (error) => placeServerError(error, form.setError, quotePlaces, ['pairId', 'amount']),
  });

  const submit = form.handleSubmit((v) => {
    if (!pair || !from) return;
    const minimum = minorOf(pair.minAmount, from.decimals);
    const amount = checkAmount(v.amount, from.decimals, {
      ...(minimum !== null ? { minimum: { value: minimum, code: 'EXCHANGE_BELOW_MINIMUM' } } : {}),
      available: availableIn(overview.data, pair.fromCurrency, pair.fromWallet),
    });
    if (!amount.ok) {
      form.setError('amount', { message: amount.code });
      return;
    }
    preview.mutate(v);
  });

  const wallet = (name: string) => t(`wallet.wallets.${name}`);
  const side = (currency: string, name: string) =>
    t('wallet.exchange.side', { currency, wallet: wallet(name) });

  if (done) {
    const rows: ReceiptRow[] = [
      {
        id: 'paid',
        label: t('wallet.exchange.paid'),
        value: `${answerAmount(done.amount)} ${done.fromCurrency}`,
      },
      {
        id: 'rate',
        label: t('wallet.exchange.rate'),
        value: rateLine(done.fromCurrency, done.rate, done.toCurrency),
      },
      { id: 'fee', label: t('wallet.exchange.fee'), value: `${answerAmount(done.fee)} ${done.toCurrency}` },
      {
        id: 'net',
        label: t('wallet.exchange.received'),
        value: `${answerAmount(done.net)} ${done.toCurrency}`,
        strong: true,
      },
      { id: 'time', label: t('wallet.time'), value: dateTimeText(done.createdAt) },
    ];
    return (
      <ResultCard
        title={t('wallet.exchange.done')}
        rows={rows}
        againText={t('wallet.exchange.again')}
        onAgain={() => {
          setDone(null);
          form.reset({ pairId: values.pairId, amount: '' });
        }}
      />
    );
  }
  if (!overview.data || !pairs.data) {
    return (
      <LoadState
        failed={overview.isError || pairs.isError}
        onRetry={() => {
          void overview.refetch();
          void pairs.refetch();
        }}
      />
    );
  }
  if (list.length === 0) return <Notice>{t('wallet.exchange.noPairs')}</Notice>;

  const p = flow.pending;
  const rows: ReceiptRow[] = p
    ? [
        {
          id: 'pay',
          label: t('wallet.exchange.pay'),
          value: `${answerAmount(p.quote.amount)} ${p.quote.fromCurrency}`,
        },
        { id: 'from', label: t('wallet.exchange.fromWallet'), value: wallet(p.pair.fromWallet) },
        { id: 'to', label: t('wallet.exchange.toWallet'), value: side(p.pair.toCurrency, p.pair.toWallet) },
        {
          id: 'rate',
          label: t('wallet.exchange.rate'),
          value: rateLine(p.quote.fromCurrency, p.quote.rate, p.quote.toCurrency),
        },
        {
          id: 'gross',
          label: t('wallet.exchange.gross'),
          value: `${answerAmount(p.quote.gross)} ${p.quote.toCurrency}`,
        },
        {
          id: 'fee',
          label: t('wallet.exchange.feePercent', { percent: percentText(p.pair.feeBps) }),
          value: `${answerAmount(p.quote.fee)} ${p.quote.toCurrency}`,
        },
        {
          id: 'net',
          label: t('wallet.exchange.net'),
          value: `${answerAmount(p.quote.net)} ${p.quote.toCurrency}`,
          strong: true,
        },
      ]
    : [];

  return (
    <>
      <form className={styles.card} noValidate onSubmit={submit} aria-label={t('wallet.exchange.title')}>
        <ChoiceField
          control={form.control}
          name="pairId"
          label={t('wallet.exchange.pair')}
          stacked
          options={list.map((x) => ({
            value: x.id,
            label: t('wallet.exchange.pairOption', {
              from: side(x.fromCurrency, x.fromWallet),
              to: side(x.toCurrency, x.toWallet),
            }),
            description: t('wallet.exchange.pairDescription', {
              rate: rateLine(x.fromCurrency, x.rate, x.toCurrency),
              percent: percentText(x.feeBps),
            }),
          }))}
        />
        {pair && from ? (
          <>
            <AmountField
              control={form.control}
              name="amount"
              currency={pair.fromCurrency}
              decimals={from.decimals}
              available={availableIn(overview.data, pair.fromCurrency, pair.fromWallet)}
              onAll={(all) => form.setValue('amount', all, { shouldValidate: true })}
            />
            <p className={styles.hint}>
              {t('wallet.minimum', {
                amount: amountText(pair.minAmount, from.decimals),
                currency: pair.fromCurrency,
              })}
            </p>
          </>
        ) : null}
        <FormAlert code={form.formState.errors.root?.server?.message} />
        <div className={styles.actions}>
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={preview.isPending}
            disabled={!pair}
          >
            {t('wallet.exchange.preview')}
          </Button>
        </div>
      </form>
      <ReceiptPopup title={t('wallet.exchange.confirmTitle')} rows={rows} notice={notice} {...flow.popup} />
    </>
  );
}
