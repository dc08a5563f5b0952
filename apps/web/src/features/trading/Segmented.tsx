import styles from './Segmented.module.css';

export interface Segment<V extends string> {
  value: V;
  label: string;
  /** Buy is green and Sell red, as on every exchange; others take the app's colour. */
  tone?: 'buy' | 'sell';
}

interface SegmentedProps<V extends string> {
  /** The radio group's name, and its label for screen readers. */
  name: string;
  label: string;
  value: V;
  options: readonly Segment<V>[];
  onChange: (value: V) => void;
}

/** One of two or three, as a segmented switch: real radio buttons underneath for keyboard and readers. */
export function Segmented<V extends string>({ name, label, value, options, onChange }: SegmentedProps<V>) {
  return (
    <div className={styles.group} role="radiogroup" aria-label={label}>
      {options.map((option) => {
        const checked = option.value === value;
        const className = [styles.segment, checked ? styles[option.tone ?? 'checked'] : '']
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
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
