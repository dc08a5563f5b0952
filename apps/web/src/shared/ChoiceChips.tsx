import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import styles from './ChoiceChips.module.css';
import { FormField } from './FormField';

export interface Choice<V extends string> {
  value: V;
  label: string;
  description?: string;
  disabled?: boolean;
}

interface ChoiceChipsProps<V extends string> {
  /** The radio group's name (one per form field). */
  name: string;
  value: V | '';
  options: readonly Choice<V>[];
  onChange: (value: V) => void;
  /** One chip per line, for long labels (exchange pairs). */
  stacked?: boolean;
}

/**
 * One choice of a few, as chips. Real radio buttons underneath, so the keyboard and screen readers
 * work as they do with any radio group.
 */
export function ChoiceChips<V extends string>({
  name,
  value,
  options,
  onChange,
  stacked,
}: ChoiceChipsProps<V>) {
  return (
    <div className={stacked ? `${styles.chips} ${styles.stacked}` : styles.chips}>
      {options.map((option) => {
        const checked = option.value === value;
        const className = [styles.chip, checked ? styles.checked : '', option.disabled ? styles.disabled : '']
          .filter(Boolean)
          .join(' ');
        return (
          <label key={option.value} className={className}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={option.value}
              checked={checked}
              disabled={option.disabled}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.label}>{option.label}</span>
            {option.description ? <span className={styles.description}>{option.description}</span> : null}
          </label>
        );
      })}
    </div>
  );
}

interface ChoiceFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: readonly Choice<string>[];
  stacked?: boolean;
}

/** ChoiceChips as a form field: labelled by its legend, with the field's error line under it. */
export function ChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  stacked,
}: ChoiceFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      render={(field) => (
        <ChoiceChips
          name={name}
          value={typeof field.value === 'string' ? field.value : ''}
          options={options}
          onChange={field.onChange}
          stacked={stacked}
        />
      )}
    />
  );
}
