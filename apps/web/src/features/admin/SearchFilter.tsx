import Input from 'antd-mobile/es/components/input';
import { useId } from 'react';
import styles from './Filters.module.css';

interface SearchFilterProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled search box above a table; the caller debounces what it sends to the server. */
export function SearchFilter({ label, placeholder, value, onChange }: SearchFilterProps) {
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.box}>
        <Input
          id={id}
          type="search"
          clearable
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={onChange}
        />
      </div>
    </div>
  );
}
