import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/** A sentence the member should read before acting (a rule, an empty state, a missing setting). */
export function Notice({
  children,
  tone = 'info',
  testId,
}: {
  children: ReactNode;
  tone?: 'info' | 'warning';
  testId?: string;
}) {
  return (
    <div
      className={tone === 'warning' ? `${styles.notice} ${styles.warning}` : styles.notice}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
