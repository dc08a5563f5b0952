import type { TWallet } from '@app/contracts';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useTranslation } from 'react-i18next';
import { answerAmount } from '../../shared/amounts';
import { type Choice, ChoiceChips } from '../../shared/ChoiceChips';
import { voucherLabel } from '../vouchers/voucher-text';
import { availableIn, useWalletOverview } from '../wallet/wallet.queries';
import styles from './PurchaseSheet.module.css';
import { NO_VOUCHER, type PayOptions, type PurchaseKind, useUsableVouchers } from './purchase-options';

/**
 * How a purchase is paid, the same for every product: the wallet (with what it holds in the price's
 * currency), a voucher usable in that currency, and the user service agreement.
 */
export function PurchaseOptions({
  kind: { texts, wallets, agreeTestId },
  currency,
  options,
  onChange,
}: {
  kind: PurchaseKind;
  currency: string;
  options: PayOptions;
  onChange: (change: Partial<PayOptions>) => void;
}) {
  const { t } = useTranslation();
  const overview = useWalletOverview();
  const vouchers = useUsableVouchers(currency);
  const walletChoices: Choice<TWallet>[] = wallets.map((wallet) => ({
    value: wallet,
    label: t(`wallet.wallets.${wallet}`),
    description: t(`${texts}.buy.available`, {
      amount: answerAmount(availableIn(overview.data, currency, wallet) ?? '0'),
      currency,
    }),
  }));
  const voucherChoices: Choice<string>[] = [
    { value: NO_VOUCHER, label: t(`${texts}.buy.noVoucher`) },
    ...(vouchers.data ?? []).map((v) => ({ value: v.id, label: voucherLabel(t, v), description: v.code })),
  ];
  return (
    <>
      <fieldset className={styles.group}>
        <legend>{t(`${texts}.buy.wallet`)}</legend>
        <ChoiceChips
          name="wallet"
          value={options.wallet}
          options={walletChoices}
          onChange={(wallet) => onChange({ wallet })}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t(`${texts}.buy.voucher`)}</legend>
        <ChoiceChips
          name="voucher"
          value={options.voucherId}
          options={voucherChoices}
          onChange={(voucherId) => onChange({ voucherId })}
          stacked
        />
      </fieldset>
      <Checkbox
        className={styles.agree}
        checked={options.agreed}
        onChange={(agreed) => onChange({ agreed })}
        data-testid={agreeTestId}
      >
        {t(`${texts}.buy.agree`)}
      </Checkbox>
    </>
  );
}
