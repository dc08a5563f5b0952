import Picker from 'antd-mobile/es/components/picker';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import styles from './FilterPicker.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterPickerProps {
  /** What is filtered (Wallet, Coin, Type); also the picker's title. */
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  testId?: string;
}

/** One filter of a list: a button showing the choice, and a picker sheet to change it. */
export function FilterPicker({ label, value, options, onChange, testId }: FilterPickerProps) {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value) ?? options[0];
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid={testId}
      >
        <span className={styles.label}>{label}</span>
        <span className={styles.value}>{current?.label}</span>
        <DownFill className={styles.icon} aria-hidden="true" />
      </button>
      <Picker
        title={label}
        columns={[options.map((o) => ({ label: o.label, value: o.value }))]}
        value={[value]}
        visible={open}
        mouseWheel
        onClose={() => setOpen(false)}
        onConfirm={(picked) => onChange(String(picked[0] ?? options[0]?.value ?? ''))}
      />
    </>
  );
}
