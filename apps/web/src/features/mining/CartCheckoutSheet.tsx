import type { TCartCheckoutRequest, TCartItem, TCartQuote, TCartReceipt } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { PurchaseForm } from '../purchase/PurchaseForm';
import { PurchasePopups } from '../purchase/PurchasePopups';
import styles from '../purchase/PurchaseSheet.module.css';
import {
  firstPayOptions,
  type PayOptions,
  purchaseErrors,
  usePurchaseForm,
} from '../purchase/purchase-options';
import { usePurchaseFlow } from '../purchase/use-purchase-flow';
import { miningPurchase } from './BuySheet';
import { miningApi, miningKeys } from './mining.api';
import { KycRequiredHint, type Placement, PlacementChoice } from './PurchaseParts';

interface Options extends PayOptions {
  placement: Placement;
}

interface Pending {
  items: readonly TCartItem[];
  options: Options;
  cart: TCartQuote;
  /** PurchasePopups' quote: the totals, one per currency. */
  quote: TCartQuote['totals'];
}

/** A decimal text of a currency as an exact integer of its minor units (the text has all its decimals). */
const minorDigits = (price: string) => BigInt(price.replace('.', ''));

/**
 * The line a voucher goes on: the dearest line in the cart's first currency, where a rate voucher takes the
 * most off. The vouchers offered are those usable in that currency.
 */
function voucherLine(items: readonly TCartItem[]): TCartItem {
  const currency = items[0]!.currency;
  return items
    .filter((i) => i.currency === currency)
    .reduce((best, i) => (minorDigits(i.price) > minorDigits(best.price) ? i : best));
}

const linesOf = (items: readonly TCartItem[]) =>
  items.map((i) => ({ packageId: i.packageId, units: i.units }));
const voucherOf = (items: readonly TCartItem[], options: PayOptions) =>
  options.voucherId
    ? { voucher: { voucherId: options.voucherId, packageId: voucherLine(items).packageId } }
    : {};

function OptionsForm({
  items,
  onContinue,
  onCancel,
}: {
  items: readonly TCartItem[];
  onContinue: (pending: Pending) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kycMissing, setKycMissing] = useState(false);
  const { options, set, form } = usePurchaseForm<Options, TCartQuote>(
    { ...firstPayOptions, placement: 'activate' },
    {
      request: (chosen) =>
        miningApi.quoteCart({ lines: linesOf(items), ...voucherOf(items, chosen) }, purchaseErrors),
      onQuoted: (cart, chosen) => {
        // Spec section 5: no mining purchase before the KYC is approved.
        if (!cart.kycApproved) setKycMissing(true);
        else onContinue({ items, options: chosen, cart, quote: cart.totals });
      },
    },
  );
  return (
    <PurchaseForm
      kind={miningPurchase}
      title={t('mining.checkout.title')}
      subject={t('mining.checkout.subject', { count: items.length })}
      currency={voucherLine(items).currency}
      onCancel={onCancel}
      {...form}
    >
      {kycMissing ? <KycRequiredHint /> : null}
      <ul className={styles.hint} aria-label={t('mining.checkout.lines')}>
        {items.map((i) => (
          <li key={i.packageId}>
            {t('mining.receipt.what', { name: i.packageName, units: i.units })} · {answerAmount(i.price)}{' '}
            {i.currency}
          </li>
        ))}
      </ul>
      {options.voucherId ? (
        <p className={styles.hint}>
          {t('mining.checkout.voucherOn', { name: voucherLine(items).packageName })}
        </p>
      ) : null}
      <PlacementChoice value={options.placement} onChange={(placement) => set({ placement })} />
    </PurchaseForm>
  );
}

/** The checkout's own receipt lines, before the totals: every line with what it costs, and the placement. */
function cartRows(t: ReturnType<typeof useTranslation>['t'], { cart, options }: Pending) {
  return {
    lead: [
      ...cart.lines.map((line) => ({
        id: `line-${line.packageId}`,
        label: t('mining.receipt.what', { name: line.packageName, units: line.units }),
        value:
          minorDigits(line.discount) === 0n
            ? `${answerAmount(line.pay)} ${line.currency}`
            : t('mining.checkout.lineDiscounted', {
                pay: answerAmount(line.pay),
                price: answerAmount(line.price),
                currency: line.currency,
              }),
      })),
      {
        id: 'placement',
        label: t('mining.buy.placementLabel'),
        value: t(`mining.buy.placement.${options.placement}`),
      },
    ],
  };
}

/**
 * membercartlist checkout: every package in the cart bought at once, all or nothing. The wallet, one voucher
 * (on the dearest line), the agreement; the server's preview of every line in the receipt popup; the
 * transaction password once; one Idempotency-Key per confirmation.
 */
export function CartCheckoutSheet({
  items,
  onClose,
  onDone,
}: {
  items: readonly TCartItem[] | null;
  onClose: () => void;
  onDone: (receipt: TCartReceipt) => void;
}) {
  const { t } = useTranslation();
  const flow = usePurchaseFlow<Pending, TCartCheckoutRequest, TCartReceipt>({
    productKey: miningKeys.all,
    body: ({ items: bought, options }, password) => ({
      lines: linesOf(bought),
      placement: options.placement,
      wallet: options.wallet,
      agreed: options.agreed,
      password,
      ...voucherOf(bought, options),
    }),
    send: (body, key) => miningApi.checkout(body, key, purchaseErrors),
    onDone: (receipt) => onDone(receipt),
  });
  return (
    <PurchasePopups
      kind={miningPurchase}
      open={items !== null && items.length > 0}
      onClose={onClose}
      flow={flow}
      productRows={(pending) => cartRows(t, pending)}
    >
      {items && items.length > 0 ? (
        <OptionsForm items={items} onContinue={flow.open} onCancel={onClose} />
      ) : null}
    </PurchasePopups>
  );
}
