import { type ReactNode, useId } from 'react';
import styles from './Panel.module.css';

/** A titled white card: one tool or one table of a section. */
export function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h3 id={id} className={styles.title}>
        {title}
      </h3>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      {children}
    </section>
  );
}
