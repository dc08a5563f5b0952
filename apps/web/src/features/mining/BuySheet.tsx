import {
  MiningMaxUnits,
  MiningPayWallets,
  type TMiningBuyRequest,
  type TMiningPackage,
  type TMiningQuote,
  type TMiningReceipt,
} from '@app/contracts';
import Stepper from 'antd-mobile/es/components/stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { miningApi, miningKeys } from './mining.api';
import { KycRequiredHint, type Placement, PlacementChoice } from './PurchaseParts';

interface Options extends PayOptions {
  units: number;
  placement: Placement;
}

interface Pending {
  pkg: TMiningPackage;
  options: Options;
  quote: TMiningQuote;
}

const firstOptions: Options = { ...firstPayOptions, units: 1, placement: 'activate' };
export const miningPurchase: PurchaseKind = {
  texts: 'mining',
  wallets: MiningPayWallets,
  agreeTestId: 'mining-agree',
};

function OptionsForm({
  pkg,
  units,
  onContinue,
  onCancel,
}: {
  pkg: TMiningPackage;
  /** Units to start with (a cart item's), else one. */
  units: number;
  onContinue: (pending: Pending) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kycMissing, setKycMissing] = useState(false);
  const { options, set, form } = usePurchaseForm<Options, TMiningQuote>(
    { ...firstOptions, units },
    {
      request: (chosen) =>
        miningApi.quote({ packageId: pkg.id, units: chosen.units, ...voucherPart(chosen) }, purchaseErrors),
      onQuoted: (quote, chosen) => {
        // Spec section 5: no mining purchase before the KYC is approved.
        if (!quote.kycApproved) setKycMissing(true);
        else onContinue({ pkg, options: chosen, quote });
      },
    },
  );
  return (
    <PurchaseForm
      kind={miningPurchase}
      title={t('mining.buy.title')}
      subject={pkg.name}
      currency={pkg.currency}
      onCancel={onCancel}
      {...form}
    >
      {kycMissing ? <KycRequiredHint /> : null}
      <fieldset className={styles.group}>
        <legend>{t('mining.buy.units')}</legend>
        <Stepper
          min={1}
          max={MiningMaxUnits}
          digits={0}
          value={options.units}
          onChange={(units) => set({ units: Math.max(1, Math.trunc(units)) })}
          aria-label={t('mining.buy.units')}
        />
      </fieldset>
      <PlacementChoice value={options.placement} onChange={(placement) => set({ placement })} />
    </PurchaseForm>
  );
}

/** The package's own receipt lines, before the price: what is bought and where it goes. */
function miningRows(t: ReturnType<typeof useTranslation>['t'], { pkg, options }: Pending) {
  return {
    lead: [
      {
        id: 'item',
        label: t('mining.receipt.item'),
        value: t('mining.receipt.what', { name: pkg.name, units: options.units }),
      },
      {
        id: 'placement',
        label: t('mining.buy.placementLabel'),
        value: t(`mining.buy.placement.${options.placement}`),
      },
    ],
  };
}

/**
 * Buying a mining package (BuyProductPreview, BuyProductSave): units, activate now or keep in stock, the
 * wallet, a voucher, the user service agreement; the server's quote in the receipt popup; the transaction
 * password. One Idempotency-Key per confirmation.
 */
export function BuySheet({
  pkg,
  units = 1,
  fromCart = false,
  onClose,
  onDone,
}: {
  pkg: TMiningPackage | null;
  units?: number;
  /** Bought from the cart: the server takes it out of the cart with the purchase. */
  fromCart?: boolean;
  onClose: () => void;
  onDone: (receipt: TMiningReceipt) => void;
}) {
  const { t } = useTranslation();
  const flow = usePurchaseFlow<Pending, TMiningBuyRequest, TMiningReceipt>({
    productKey: miningKeys.all,
    body: ({ pkg: what, options }, password) => ({
      packageId: what.id,
      units: options.units,
      placement: options.placement,
      wallet: options.wallet,
      agreed: options.agreed,
      password,
      ...voucherPart(options),
      ...(fromCart ? { fromCart } : {}),
    }),
    send: (body, key) => miningApi.buy(body, key, purchaseErrors),
    onDone: (receipt) => onDone(receipt),
  });
  return (
    <PurchasePopups
      kind={miningPurchase}
      open={pkg !== null}
      onClose={onClose}
      flow={flow}
      productRows={(pending) => miningRows(t, pending)}
    >
      {pkg ? <OptionsForm pkg={pkg} units={units} onContinue={flow.open} onCancel={onClose} /> : null}
    </PurchasePopups>
  );
}
