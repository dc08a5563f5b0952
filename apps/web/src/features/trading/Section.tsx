import Button from 'antd-mobile/es/components/button';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Section.module.css';
import { tradeErrorText } from './trade-text';

interface SectionProps {
  title: string;
  /** Beside the title (a count, a refresh time). */
  extra?: ReactNode;
  /** The code its data failed with: shown in place, with a retry, instead of a toast every few seconds. */
  error?: string | null;
  onRetry?: () => void;
  children: ReactNode;
  testId?: string;
}

/** One white card of the trade screen under a heading. */
export function Section({ title, extra, error, onRetry, children, testId }: SectionProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id} data-testid={testId}>
      <div className={styles.head}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {extra}
      </div>
      {error ? (
        <div className={styles.error} role="alert">
          <span>{tradeErrorText(error)}</span>
          {onRetry ? (
            <Button size="mini" fill="none" color="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** What an empty section says. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
