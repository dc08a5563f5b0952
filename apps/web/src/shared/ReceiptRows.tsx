import type { ReactNode } from 'react';
import styles from './ReceiptRows.module.css';

export interface ReceiptRow {
  /** Unique within the list; also the test id suffix (`receipt-row-<id>`). */
  id: string;
  label: string;
  value: ReactNode;
  /** The figure that matters most (what arrives, the new balance). */
  strong?: boolean;
}

/** Label and value pairs of a money movement: what is about to happen, or what happened. */
export function ReceiptRows({ rows }: { rows: readonly ReceiptRow[] }) {
  return (
    <dl className={styles.rows}>
      {rows.map((row) => (
        <div key={row.id} className={row.strong ? `${styles.row} ${styles.strong}` : styles.row}>
          <dt>{row.label}</dt>
          <dd data-testid={`receipt-row-${row.id}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
