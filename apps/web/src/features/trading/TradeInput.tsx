import Input from 'antd-mobile/es/components/input';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { fieldId } from '../../shared/FormField';
import styles from './TradeInput.module.css';
import { tradeErrorText } from './trade-text';

interface TradeInputProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** The unit after the figure (USDT, BTC, contracts). */
  unit: string;
  placeholder?: string;
}

/** A decimal field of the order form: label, the figure with its unit beside it, one message line. */
export function TradeInput<T extends FieldValues>({
  control,
  name,
  label,
  unit,
  placeholder,
}: TradeInputProps<T>) {
  const id = fieldId(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            {label}
          </label>
          <div className={fieldState.error ? `${styles.row} ${styles.invalid}` : styles.row}>
            <Input
              id={id}
              name={name}
              className={styles.input}
              inputMode="decimal"
              autoComplete="off"
              placeholder={placeholder}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={(input) => field.ref(input?.nativeElement ?? null)}
            />
            <span className={styles.unit}>{unit}</span>
          </div>
          {fieldState.error ? (
            <div className={styles.error} role="alert" data-testid={`${id}-message`}>
              {tradeErrorText(fieldState.error.message)}
            </div>
          ) : null}
        </div>
      )}
    />
  );
}
