import {
  RentalPayWallets,
  type TBotPackage,
  type TBotRental,
  TopUpMaxUnits,
  type TRenewRequest,
  type TRentalMode,
  type TRentalQuote,
  type TRentalQuoteRequest,
  type TRentalReceipt,
  type TRentRequest,
  type TTopUpRequest,
} from '@app/contracts';
import Stepper from 'antd-mobile/es/components/stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorOf, minorText } from '../../shared/amounts';
import { type Choice, ChoiceChips } from '../../shared/ChoiceChips';
import { PurchaseForm } from '../purchase/PurchaseForm';
import { PurchasePopups } from '../purchase/PurchasePopups';
import styles from '../purchase/PurchaseSheet.module.css';
import {
  firstPayOptions,
  type PayOptions,
  type PurchaseKind,
  purchaseErrors,
  usePurchaseForm,
  voucherPart,
} from '../purchase/purchase-options';
import { usePurchaseFlow } from '../purchase/use-purchase-flow';
import { rentalKeys, rentalsApi } from './bot-rentals.api';

/** What the member is about to buy: a package, more capital for a rental, or more time. */
export type PurchaseTarget =
  | { kind: 'rent'; pkg: TBotPackage }
  | { kind: 'topup'; rental: TBotRental }
  | { kind: 'renew'; rental: TBotRental };

interface Options extends PayOptions {
  mode: TRentalMode;
  units: number;
}

type PurchaseBody = TRentRequest | TTopUpRequest | TRenewRequest;

interface Pending {
  target: PurchaseTarget;
  options: Options;
  quote: TRentalQuote;
}

const currencyOfTarget = (target: PurchaseTarget) =>
  target.kind === 'rent' ? target.pkg.currency : target.rental.currency;
const nameOfTarget = (target: PurchaseTarget) =>
  target.kind === 'rent' ? target.pkg.name : target.rental.packageName;

function quoteRequest(target: PurchaseTarget, options: Options): TRentalQuoteRequest {
  const voucher = voucherPart(options);
  if (target.kind === 'rent') return { kind: 'rent', packageId: target.pkg.id, ...voucher };
  if (target.kind === 'topup')
    return { kind: 'topup', rentalId: target.rental.id, units: options.units, ...voucher };
  return { kind: 'renew', rentalId: target.rental.id, ...voucher };
}

const firstOptions: Options = { ...firstPayOptions, mode: 'own_key', units: 1 };
const rentalPurchase: PurchaseKind = {
  texts: 'rentals',
  wallets: RentalPayWallets,
  agreeTestId: 'rental-agree',
};

function OptionsForm({
  target,
  initial,
  onContinue,
  onCancel,
}: {
  target: PurchaseTarget;
  /** What the member chose before going back from the receipt popup. */
  initial: Options;
  onContinue: (pending: Pending) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const currency = currencyOfTarget(target);
  const { options, set, form } = usePurchaseForm(initial, {
    request: (chosen) => rentalsApi.quote(quoteRequest(target, chosen), purchaseErrors),
    onQuoted: (quote, chosen) => onContinue({ target, options: chosen, quote }),
  });

  const modeChoices: Choice<TRentalMode>[] = (['own_key', 'managed'] as const).map((mode) => ({
    value: mode,
    label: t(`rentals.mode.${mode}`),
    description: t(`rentals.mode.${mode}Hint`),
  }));
  const topUpUnit = target.kind === 'topup' ? target.rental.topUpUnit : null;

  return (
    <PurchaseForm
      kind={rentalPurchase}
      title={t(`rentals.buy.title.${target.kind}`)}
      subject={nameOfTarget(target)}
      currency={currency}
      onCancel={onCancel}
      {...form}
    >
      {target.kind === 'rent' ? (
        <fieldset className={styles.group}>
          <legend>{t('rentals.buy.mode')}</legend>
          <ChoiceChips
            name="mode"
            value={options.mode}
            options={modeChoices}
            onChange={(mode) => set({ mode })}
            stacked
          />
        </fieldset>
      ) : null}
      {target.kind === 'topup' && topUpUnit ? (
        <fieldset className={styles.group}>
          <legend>{t('rentals.buy.units')}</legend>
          <Stepper
            min={1}
            max={TopUpMaxUnits}
            digits={0}
            value={options.units}
            onChange={(units) => set({ units: Math.max(1, Math.trunc(units)) })}
            aria-label={t('rentals.buy.units')}
          />
          <p className={styles.hint}>
            {t('rentals.buy.unitsHint', {
              capital: unitsText(topUpUnit, options.units),
              price: unitsText(target.rental.topUpUnitPrice ?? '0', options.units),
              currency,
            })}
          </p>
        </fieldset>
      ) : null}
    </PurchaseForm>
  );
}

/** units x a per-unit server amount ("100.000000"), for display. */
function unitsText(perUnit: string, units: number): string {
  const minor = minorOf(perUnit, 6);
  return minor === null ? perUnit : minorText(minor * BigInt(units), 6);
}

/** The rental's own receipt lines: what is bought first, the mode (renting) after the wallet. */
function rentalRows(t: ReturnType<typeof useTranslation>['t'], { options, target }: Pending) {
  const name = nameOfTarget(target);
  const what =
    target.kind === 'topup'
      ? t('rentals.buy.topUpWhat', { name, units: options.units })
      : target.kind === 'renew'
        ? t('rentals.buy.renewWhat', { name, days: target.rental.renewDays })
        : t('rentals.buy.rentWhat', { name, days: target.pkg.durationDays });
  return {
    lead: [{ id: 'item', label: t('rentals.receipt.item'), value: what }],
    extra:
      target.kind === 'rent'
        ? [{ id: 'mode', label: t('rentals.buy.mode'), value: t(`rentals.mode.${options.mode}`) }]
        : [],
  };
}

/**
 * Buying a rental, a top-up or a renewal: the member picks the wallet, a voucher and (renting) the mode,
 * agrees to the user service agreement, sees the server's quote in the receipt popup and confirms with the
 * transaction password. One Idempotency-Key per confirmation.
 */
export function PurchaseSheet({
  target,
  onClose,
  onDone,
}: {
  target: PurchaseTarget | null;
  onClose: () => void;
  onDone: (receipt: TRentalReceipt, target: PurchaseTarget) => void;
}) {
  const { t } = useTranslation();
  // The body keeps which purchase it is for, so a retry goes to the same endpoint with the same request.
  const flow = usePurchaseFlow<Pending, { what: PurchaseTarget; request: PurchaseBody }, TRentalReceipt>({
    productKey: rentalKeys.all,
    body: ({ target: what, options }, password) => {
      const common = { wallet: options.wallet, agreed: options.agreed, password, ...voucherPart(options) };
      if (what.kind === 'rent')
        return { what, request: { ...common, packageId: what.pkg.id, mode: options.mode } };
      if (what.kind === 'topup') return { what, request: { ...common, units: options.units } };
      return { what, request: common };
    },
    send: ({ what, request }, key) => {
      if (what.kind === 'rent') return rentalsApi.rent(request as TRentRequest, key, purchaseErrors);
      if (what.kind === 'topup')
        return rentalsApi.topUp(what.rental.id, request as TTopUpRequest, key, purchaseErrors);
      return rentalsApi.renew(what.rental.id, request as TRenewRequest, key, purchaseErrors);
    },
    onDone: (receipt, pending) => onDone(receipt, pending.target),
  });

  // Kept while the sheet is open, so going back from the receipt popup keeps the member's choices.
  const [chosen, setChosen] = useState<{ target: PurchaseTarget; options: Options } | null>(null);
  const initial = chosen && chosen.target === target ? chosen.options : firstOptions;
  return (
    <PurchasePopups
      kind={rentalPurchase}
      open={target !== null}
      onClose={onClose}
      flow={flow}
      productRows={(pending) => rentalRows(t, pending)}
    >
      {target ? (
        <OptionsForm
          target={target}
          initial={initial}
          onContinue={(next) => {
            setChosen({ target: next.target, options: next.options });
            flow.open(next);
          }}
          onCancel={onClose}
        />
      ) : null}
    </PurchasePopups>
  );
}
