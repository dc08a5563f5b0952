import type { ReactNode } from 'react';
import styles from './Column.module.css';

/** A form-sized column: a phone's width on a phone, a readable width on a wide screen. */
export function Column({ children }: { children: ReactNode }) {
  return <div className={styles.column}>{children}</div>;
}
