import type { TWithdrawalOption } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { amountText, minorText, percentText, withdrawalPreview } from '../../shared/amounts';
import { ReceiptRows } from '../../shared/ReceiptRows';
import styles from './WithdrawSummary.module.css';

/** The minimum, the fee and what arrives, for the amount as it is typed. */
export function WithdrawSummary({ option, amount }: { option: TWithdrawalOption; amount: string }) {
  const { t } = useTranslation();
  const preview = withdrawalPreview(amount, option);
  const unit = option.currency;
  const shown = (minor: bigint | undefined) =>
    minor === undefined ? '—' : `${minorText(minor, option.decimals)} ${unit}`;
  return (
    <div className={styles.summary} data-testid="withdraw-summary">
      <ReceiptRows
        rows={[
          {
            id: 'minimum',
            label: t('wallet.withdraw.minimum'),
            value: `${amountText(option.minAmount, option.decimals)} ${unit}`,
          },
          {
            id: 'fee',
            label: t('wallet.withdraw.fee', { percent: percentText(option.feeBps) }),
            value: shown(preview?.fee),
          },
          {
            id: 'arrives',
            label: t('wallet.withdraw.arrives'),
            value: shown(preview?.arrives),
            strong: true,
          },
        ]}
      />
    </div>
  );
}
