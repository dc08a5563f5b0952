import type { ReactNode } from 'react';
import styles from './SectionFrame.module.css';

/** The heading of an admin section, its one-line purpose, a filter row and the content below. */
export function SectionFrame({
  title,
  intro,
  filters,
  children,
}: {
  title: string;
  intro?: string;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.section}>
      <header className={styles.header}>
        <h2 className={styles.title}>{title}</h2>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </header>
      {filters ? <div className={styles.filters}>{filters}</div> : null}
      {children}
    </section>
  );
}
