import Selector from 'antd-mobile/es/components/selector';
import { useId } from 'react';
import styles from './Filters.module.css';

interface ChoiceFilterProps<V extends string> {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}

/** One choice out of a few, as a row of chips above a table (the withdrawal status). */
export function ChoiceFilter<V extends string>({ label, options, value, onChange }: ChoiceFilterProps<V>) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <Selector
        aria-labelledby={id}
        className={styles.chips}
        showCheckMark={false}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        value={[value]}
        // A chip clicked again would clear the choice: keep it.
        onChange={(values) => {
          const next = values[0];
          if (next) onChange(next);
        }}
      />
    </div>
  );
}
