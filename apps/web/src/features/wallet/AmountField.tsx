import Button from 'antd-mobile/es/components/button';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { amountText } from '../../shared/amounts';
import { FormField } from '../../shared/FormField';
import styles from './AmountField.module.css';

interface AmountFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  currency: string;
  decimals: number;
  /** What the source wallet holds, as the server wrote it; shown under the field, and "All" types it. */
  available: string | undefined;
  onAll: (amount: string) => void;
}

/** An amount in one coin, with what the wallet holds and a button to take all of it. */
export function AmountField<T extends FieldValues>({
  control,
  name,
  currency,
  decimals,
  available,
  onAll,
}: AmountFieldProps<T>) {
  const { t } = useTranslation();
  const shown = available === undefined ? null : amountText(available, decimals);
  return (
    <FormField
      control={control}
      name={name}
      label={t('wallet.amount')}
      placeholder={t('wallet.amountPlaceholder')}
      inputMode="decimal"
      autoComplete="off"
      maxLength={60}
      status={
        shown === null ? null : { tone: 'info', text: t('wallet.available', { amount: shown, currency }) }
      }
      after={
        <>
          <span className={styles.unit}>{currency}</span>
          {available !== undefined ? (
            <Button size="mini" fill="none" color="primary" onClick={() => onAll(available)}>
              {t('wallet.all')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
