import Selector from 'antd-mobile/es/components/selector';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from '../../shared/FormField';
import styles from './Filters.module.css';

interface SelectorFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}

/** A form field with one choice out of a few (currency, wallet, network) as chips. */
export function SelectorField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  options,
  disabled,
}: SelectorFieldProps<T, N>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={(field) => (
        <Selector
          aria-label={label}
          className={styles.chips}
          showCheckMark={false}
          disabled={disabled}
          options={options.map((o) => ({ value: o.value, label: o.label }))}
          value={typeof field.value === 'string' && field.value ? [field.value] : []}
          onChange={(values) => {
            const next = values[0];
            if (next) field.onChange(next);
          }}
        />
      )}
    />
  );
}
