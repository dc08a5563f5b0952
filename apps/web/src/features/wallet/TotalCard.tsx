import type { ReactNode } from 'react';
import styles from './TotalCard.module.css';

/** The figure on top of a wallet screen, on the brand's gradient. */
export function TotalCard({ label, value, sub }: { label: string; value: string; sub?: ReactNode }) {
  return (
    <section className={styles.card} aria-label={label}>
      <div className={styles.label}>{label}</div>
      <div className={styles.value} data-testid="total-value">
        {value}
      </div>
      {sub ? <div className={styles.sub}>{sub}</div> : null}
    </section>
  );
}
