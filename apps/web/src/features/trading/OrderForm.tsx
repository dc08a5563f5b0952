import type {
  TMarketRow,
  TMarketType,
  TPlaceOrderRequest,
  TTradeOrder,
  TTradingExchange,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/toast';
import { assetAmountText, decimalText, decimalValueText, productOf } from '../../shared/amounts';
import { errorCodeOf } from '../../shared/error-code';
import { useIdempotentMutation } from '../../shared/idempotency';
import type { ReceiptRow } from '../../shared/ReceiptRows';
import { ConfirmSheet } from './ConfirmSheet';
import styles from './OrderForm.module.css';
import { type TOrderForm, ZOrderForm } from './order.form';
import { type Segment, Segmented } from './Segmented';
import { TradeInput } from './TradeInput';
import { tradingApi, tradingKeys } from './trading.api';
import { partsOf } from './trading-paths';

interface OrderFormProps {
  exchange: TTradingExchange;
  marketType: TMarketType;
  symbol: string;
  /** The symbol's row of the markets list: its last price; undefined until it is known. */
  market: TMarketRow | undefined;
  /** What the account holds free of the quote and the base currency (spot), as the exchange states it. */
  free: { quote: string | undefined; base: string | undefined };
}

/** What the confirm sheet shows and then sends. */
type Pending = TPlaceOrderRequest;

/** The toast after the exchange answered: filled at once, working on the book, or still being looked up. */
function placedKey(order: TTradeOrder): string {
  if (order.status === 'closed') return 'trading.order.filled';
  if (order.status === 'pending') return 'trading.order.pending';
  return 'trading.order.placed';
}

/**
 * SaveOrder: side, market or limit, price (limit only, prefilled with the last price) and amount; a
 * confirm sheet with the figures; then the order with an Idempotency-Key, kept for a retry of the same
 * confirmation after an unanswered try, so the exchange never gets it twice.
 */
export function OrderForm({ exchange, marketType, symbol, market, free }: OrderFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { base, quote } = partsOf(symbol);
  const perpetual = marketType === 'perpetual';
  const form = useForm<TOrderForm>({
    resolver: zodResolver(ZOrderForm),
    defaultValues: { side: 'buy', type: 'limit', price: '', amount: '' },
  });
  const values = form.watch();
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The price starts at the last price of each symbol the member turns to, once that price is known.
  const prefilled = useRef<string | null>(null);
  const last = market?.symbol === symbol ? market.last : undefined;
  useEffect(() => {
    if (!last || prefilled.current === symbol) return;
    prefilled.current = symbol;
    form.setValue('price', last);
    form.clearErrors('price');
  }, [symbol, last, form]);

  const place = useIdempotentMutation<Pending, TTradeOrder>((body, key) => tradingApi.placeOrder(body, key), {
    onSuccess: (order) => {
      setPending(null);
      showToast(t(placedKey(order)));
      form.setValue('amount', '');
      void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
    },
    onError: (failure) => setError(errorCodeOf(failure)),
  });

  const submit = form.handleSubmit((v) => {
    setError(null);
    setPending({
      exchange,
      marketType,
      symbol,
      side: v.side,
      type: v.type,
      amount: v.amount.trim(),
      ...(v.type === 'limit' ? { price: v.price.trim() } : {}),
    });
  });

  const priceForValue = values.type === 'limit' ? values.price : last;
  const value = productOf(values.amount, priceForValue);
  const amountUnit = perpetual ? t('trading.form.contracts') : base;
  const sideOptions: Segment<'buy' | 'sell'>[] = [
    { value: 'buy', label: t(perpetual ? 'trading.side.long' : 'trading.side.buy'), tone: 'buy' },
    { value: 'sell', label: t(perpetual ? 'trading.side.short' : 'trading.side.sell'), tone: 'sell' },
  ];
  const typeOptions: Segment<'market' | 'limit'>[] = [
    { value: 'limit', label: t('trading.type.limit') },
    { value: 'market', label: t('trading.type.market') },
  ];
  const actionText = t(`trading.form.${perpetual ? 'perpetual' : 'spot'}.${values.side}`, { base });
  const freeText =
    values.side === 'buy' || perpetual
      ? free.quote && `${assetAmountText(free.quote, quote)} ${quote}`
      : free.base && `${assetAmountText(free.base, base)} ${base}`;

  const rows: ReceiptRow[] = pending
    ? [
        { id: 'venue', label: t('trading.confirm.venue'), value: t(`trading.venues.${pending.exchange}`) },
        {
          id: 'symbol',
          label: t('trading.confirm.symbol'),
          value: `${pending.symbol} · ${t(`trading.marketTypes.${pending.marketType}`)}`,
        },
        {
          id: 'side',
          label: t('trading.confirm.side'),
          value: `${sideOptions.find((s) => s.value === pending.side)?.label} · ${t(`trading.type.${pending.type}`)}`,
        },
        {
          id: 'price',
          label: t('trading.confirm.price'),
          value: pending.price
            ? `${decimalText(pending.price)} ${quote}`
            : t('trading.confirm.marketPrice', { price: decimalText(last) }),
        },
        {
          id: 'amount',
          label: t('trading.confirm.amount'),
          value: `${decimalText(pending.amount)} ${amountUnit}`,
        },
        {
          id: 'value',
          label: t('trading.confirm.value'),
          value: `≈ ${decimalValueText(productOf(pending.amount, pending.price ?? last))} ${quote}`,
          strong: true,
        },
      ]
    : [];

  return (
    <>
      <form className={styles.form} noValidate onSubmit={submit} aria-label={t('trading.form.title')}>
        <Segmented
          name="side"
          label={t('trading.form.side')}
          value={values.side}
          options={sideOptions}
          onChange={(side) => form.setValue('side', side)}
        />
        <div className={styles.gap} />
        <Segmented
          name="type"
          label={t('trading.form.type')}
          value={values.type}
          options={typeOptions}
          onChange={(type) => {
            form.setValue('type', type);
            form.clearErrors('price');
            if (type === 'limit' && !form.getValues('price') && last) form.setValue('price', last);
          }}
        />
        <div className={styles.gap} />
        {values.type === 'limit' ? (
          <TradeInput control={form.control} name="price" label={t('trading.form.price')} unit={quote} />
        ) : (
          <p className={styles.marketPrice}>
            {t('trading.form.marketPrice', { price: decimalText(last), quote })}
          </p>
        )}
        <TradeInput control={form.control} name="amount" label={t('trading.form.amount')} unit={amountUnit} />
        <dl className={styles.figures}>
          <div>
            <dt>{t('trading.form.value')}</dt>
            <dd data-testid="order-value">
              {value !== null ? `≈ ${decimalValueText(value)} ${quote}` : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('trading.form.available')}</dt>
            <dd data-testid="order-available">{freeText || '—'}</dd>
          </div>
        </dl>
        {perpetual ? <p className={styles.note}>{t('trading.form.contractNote', { base })}</p> : null}
        <Button block type="submit" size="large" className={styles[values.side]}>
          {actionText}
        </Button>
      </form>
      <ConfirmSheet
        visible={pending !== null}
        title={t('trading.confirm.title')}
        rows={rows}
        confirmText={actionText}
        tone={pending?.side ?? 'buy'}
        loading={place.isPending}
        error={error}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) place.mutate(pending);
        }}
      />
    </>
  );
}
